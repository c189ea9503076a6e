#include "ui/parameters/fitness_section.h"

#include "ui/fields/baseline_picker.h"
#include "ui/fields/evalfit_path.h"
#include "ui/fields/memory_estimate_label.h"
#include "ui/fields/path_row.h"
#include "ui/fields/validation_display.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>

namespace mf::ui {

FitnessSection::FitnessSection(QWidget* parent) : QGroupBox(tr("Fitness measure"), parent) {
    form_ = new QFormLayout(this);
    form_->setRowWrapPolicy(QFormLayout::WrapLongRows);
    const tuning::TuningSettings defaults = tuning::defaultSettings();
    addMeasureRow();
    addGamesRows(defaults.of<tuning::GamesSettings>());
    addEvalfitRows(defaults.of<tuning::EvalfitSettings>());
    connectEdits();
    showFieldsOf(measure());
    applyEnabled();
}

void FitnessSection::addMeasureRow() {
    measure_ = new QComboBox(this);
    measure_->setObjectName(QStringLiteral("measure"));
    for (tuning::FitnessMeasure m :
         {tuning::FitnessMeasure::Solved, tuning::FitnessMeasure::Points, tuning::FitnessMeasure::Games,
          tuning::FitnessMeasure::Evalfit}) {
        const std::string_view n = tuning::fitnessMeasureName(m);
        measure_->addItem(QString::fromUtf8(n.data(), qsizetype(n.size())), static_cast<int>(m));
    }
    measure_->setToolTip(tr("solved: 1 per solved position; points: the STS points of the move played "
                            "(suites with c0 points only); games: points from game pairs against a baseline "
                            "(1 a win, 1/2 a draw), every member on the same openings; evalfit: Texel's error E "
                            "of the engine's quiescence scores on labelled positions, fitness E0/E"));
    // Evalfit first, as in matefind-cli tune: the window's data fields start with the bundled data.
    measure_->setCurrentIndex(measure_->findData(static_cast<int>(tuning::FitnessMeasure::Evalfit)));
    form_->addRow(tr("Fitness measure"), measure_);
}

void FitnessSection::addGamesRows(const tuning::GamesSettings& defaults) {
    pairs_ = new QSpinBox(this);
    pairs_->setObjectName(QStringLiteral("gamePairs"));
    pairs_->setRange(1, tuning::kMaxGamePairs);
    pairs_->setValue(defaults.pairs);
    pairs_->setToolTip(tr("game pairs each member plays per generation (each opening twice, colours reversed)"));
    baseline_ = new BaselinePicker(this);
    baseline_->setBaseline(defaults.baseline);
    heldOutPairs_ = new QSpinBox(this);
    heldOutPairs_->setObjectName(QStringLiteral("gameHeldOutPairs"));
    heldOutPairs_->setRange(0, tuning::kMaxGamePairs);
    heldOutPairs_->setValue(defaults.heldOutPairs);
    heldOutPairs_->setToolTip(tr("the best plays this many pairs on openings kept apart, every 'held-out every' "
                                 "generations and the last; 0: none"));
    form_->addRow(tr("Game pairs"), pairs_);
    form_->addRow(tr("Baseline"), baseline_);
    const PathRow openings = addPathRow(form_, tr("Openings"), QStringLiteral("gameOpenings"),
                                        tr("Openings (*.epd *.fen *.pgn);;All files (*)"),
                                        tr("openings file, EPD/FEN or PGN; empty: the bundled openings"));
    openings_ = openings.edit;
    openings_->setPlaceholderText(tr("the bundled openings"));
    form_->addRow(tr("Held-out pairs"), heldOutPairs_);
    pathRows_ = {openings.row};
    addClockRows(defaults);
}

void FitnessSection::addClockRows(const tuning::GamesSettings& defaults) {
    clock_ = new QLineEdit(QString::fromStdString(defaults.timeControl), this);
    clock_->setObjectName(QStringLiteral("gameClock"));
    clock_->setPlaceholderText(tr("none: the limit per move"));
    clock_->setToolTip(tr("Play the games at a clock, as cutechess writes it: 10+0.1 (10 s and 0.1 s a move), "
                          "40/10+0.1 (10 s for every 40 moves). Engines that ignore node limits, and pruning "
                          "constants, are tuned at a clock. Empty: the limit per move above."));
    confirmPairs_ = new QSpinBox(this);
    confirmPairs_->setObjectName(QStringLiteral("gameConfirmPairs"));
    confirmPairs_->setRange(0, tuning::kMaxGamePairs);
    confirmPairs_->setSpecialValueText(tr("none"));
    confirmPairs_->setValue(defaults.confirmPairs);
    confirmPairs_->setToolTip(tr("After the last generation the answer plays this many pairs (%1 or more) against the "
                                 "start values on openings no generation played. It stays the answer only when the "
                                 "interval's lower bound is above 0; else the start answers.")
                                  .arg(tuning::kFewestConfirmPairs));
    confirmAt_ = new QLineEdit(QString::fromStdString(defaults.confirmLimit), this);
    confirmAt_->setObjectName(QStringLiteral("gameConfirmAt"));
    confirmAt_->setPlaceholderText(tr("the run's clock, else movetime %1").arg(tuning::kConfirmMoveTimeMs));
    confirmAt_->setToolTip(tr("The confirmation's limit: 'tc 10+0.1' or 'movetime 40'. Empty: the run's clock or "
                              "movetime, else movetime %1 ms (a node limit lets dearer nodes pass for free).")
                               .arg(tuning::kConfirmMoveTimeMs));
    chargeSpeed_ = new QCheckBox(tr("Charge speed"), this);
    chargeSpeed_->setObjectName(QStringLiteral("gameChargeSpeed"));
    chargeSpeed_->setChecked(defaults.chargeSpeed);
    chargeSpeed_->setToolTip(tr("At a node limit, each side searches the limit times its speed ratio (nodes a second "
                                "with its values over the start's), so a candidate cannot buy dearer nodes for free. "
                                "A clock charges speed itself."));
    form_->addRow(tr("Clock"), clock_);
    form_->addRow(QString(), chargeSpeed_);
    form_->addRow(tr("Confirm pairs"), confirmPairs_);
    form_->addRow(tr("Confirm at"), confirmAt_);
}

void FitnessSection::addEvalfitRows(const tuning::EvalfitSettings& defaults) {
    const QString dataFilter = tr("Labelled positions (*.epd *.fen *.txt);;All files (*)");
    const PathRow dataRow = addPathRow(form_, tr("Data file"), QStringLiteral("evalfitData"), dataFilter,
                                    tr("labelled positions, one a line: EPD with c9 \"1-0\"; or FEN [1.0]; the result is "
                                       "White's"));
    data_ = dataRow.edit;
    data_->setPlaceholderText(tr("labelled positions (matefind-cli make-dataset)"));
    const PathRow held = addPathRow(form_, tr("Held-out data"), QStringLiteral("evalfitHeldOutData"), dataFilter,
                                    tr("labelled positions kept apart: the best's E on them every 'held-out every' "
                                       "generations and the last; empty: none"));
    heldOutData_ = held.edit;
    heldOutData_->setPlaceholderText(tr("none"));
    pathRows_ << dataRow.row << held.row;
    memory_ = new MemoryEstimateLabel(this);
    form_->addRow(tr("Memory"), memory_);

    path_ = new QComboBox(this);
    path_->setObjectName(QStringLiteral("evalfitPath"));
    for (dataset::EvalfitPath p : {dataset::EvalfitPath::Auto, dataset::EvalfitPath::Trace, dataset::EvalfitPath::Fast,
                                  dataset::EvalfitPath::Uci}) {
        const std::string_view n = dataset::evalfitPathName(p);
        path_->addItem(QString::fromUtf8(n.data(), qsizetype(n.size())), static_cast<int>(p));
    }
    path_->setCurrentIndex(path_->findData(static_cast<int>(defaults.path)));
    path_->setToolTip(tr("How the engine scores the positions. trace: each position's score as a linear function "
                         "of the weights, taken once (the engine's evalfit trace, or finite differences), then "
                         "every candidate in memory; fast: the bulk-scoring extension (matefind-engine has it); "
                         "uci: any UCI engine, one search per position (the search below); auto: trace when the "
                         "engine writes traces, else fast when it has the extension, else uci"));
    form_->addRow(tr("Scoring path"), path_);
    retrace_ = new QSpinBox(this);
    retrace_->setObjectName(QStringLiteral("evalfitRetraceEvery"));
    retrace_->setRange(0, 100000);
    retrace_->setSpecialValueText(tr("never"));
    retrace_->setPrefix(tr("every "));
    retrace_->setSuffix(tr(" generations"));
    retrace_->setValue(defaults.retraceEvery);
    retrace_->setToolTip(tr("The trace path's traces hold each position's quiet leaf at the weights they were taken "
                            "at. Every N generations they are taken again at the best of the generation before, and "
                            "every member is scored on them (matefind-cli --retrace-every). never: the traces of the "
                            "defaults serve the whole run."));
    form_->addRow(tr("Re-trace"), retrace_);
    uciRow_ = new QWidget(this);
    auto* uci = new QHBoxLayout(uciRow_);
    uci->setContentsMargins(0, 0, 0, 0);
    uciKind_ = new QComboBox(uciRow_);
    uciKind_->setObjectName(QStringLiteral("evalfitUciKind"));
    uciKind_->addItems({tr("depth"), tr("nodes")});
    uciKind_->setCurrentIndex(defaults.uciLimit.kind == uci::SearchLimit::Kind::Nodes ? 1 : 0);
    uciValue_ = new QSpinBox(uciRow_);
    uciValue_->setObjectName(QStringLiteral("evalfitUciValue"));
    uciValue_->setRange(1, 1'000'000'000);
    uciValue_->setValue(int(defaults.uciLimit.value));
    uci->addWidget(uciKind_);
    uci->addWidget(uciValue_, 1);
    const QString uciTip = tr("The uci path's search per position (matefind-cli --evalfit-depth / --evalfit-nodes): "
                              "its last score is q");
    uciKind_->setToolTip(uciTip);
    uciValue_->setToolTip(uciTip);
    form_->addRow(tr("UCI search"), uciRow_);
}

void FitnessSection::connectEdits() {
    connect(measure_, &QComboBox::currentIndexChanged, this, [this] {
        showFieldsOf(measure());
        if (!writing_)
            emit edited();
    });
    auto edited = [this] {
        if (!writing_)
            emit this->edited();
    };
    connect(pairs_, &QSpinBox::valueChanged, this, edited);
    connect(heldOutPairs_, &QSpinBox::valueChanged, this, edited);
    connect(clock_, &QLineEdit::textChanged, this, [this, edited] {
        applyEnabled();
        edited();
    });
    connect(chargeSpeed_, &QCheckBox::toggled, this, edited);
    connect(confirmPairs_, &QSpinBox::valueChanged, this, [this, edited] {
        applyEnabled();
        edited();
    });
    connect(confirmAt_, &QLineEdit::textChanged, this, edited);
    connect(baseline_, &BaselinePicker::edited, this, edited);
    // textChanged: a browsed file counts as much as a typed one.
    connect(openings_, &QLineEdit::textChanged, this, edited);
    connect(data_, &QLineEdit::textChanged, this, edited);
    connect(heldOutData_, &QLineEdit::textChanged, this, edited);
    connect(path_, &QComboBox::currentIndexChanged, this, [this, edited] {
        applyEnabled();
        edited();
    });
    connect(uciKind_, &QComboBox::currentIndexChanged, this, edited);
    connect(uciValue_, &QSpinBox::valueChanged, this, edited);
    connect(retrace_, &QSpinBox::valueChanged, this, edited);
}

void FitnessSection::showFieldsOf(tuning::FitnessMeasure measure) {
    const bool games = measure == tuning::FitnessMeasure::Games;
    for (QWidget* field : {static_cast<QWidget*>(pairs_), static_cast<QWidget*>(baseline_), pathRows_[0],
                           static_cast<QWidget*>(heldOutPairs_), static_cast<QWidget*>(clock_),
                           static_cast<QWidget*>(chargeSpeed_), static_cast<QWidget*>(confirmPairs_),
                           static_cast<QWidget*>(confirmAt_)})
        form_->setRowVisible(field, games);
    const bool evalfit = measure == tuning::FitnessMeasure::Evalfit;
    for (QWidget* field : {pathRows_[1], pathRows_[2], static_cast<QWidget*>(memory_), static_cast<QWidget*>(path_),
                           static_cast<QWidget*>(retrace_), uciRow_})
        form_->setRowVisible(field, evalfit);
}

QLineEdit* FitnessSection::baselineEdit() const { return baseline_->pathEdit(); }

tuning::FitnessMeasure FitnessSection::measure() const {
    return static_cast<tuning::FitnessMeasure>(measure_->currentData().toInt());
}

void FitnessSection::setMeasure(tuning::FitnessMeasure measure) {
    const bool was = std::exchange(writing_, true);
    measure_->setCurrentIndex(measure_->findData(static_cast<int>(measure)));
    writing_ = was;
}

tuning::GamesSettings FitnessSection::games() const {
    tuning::GamesSettings games;
    games.pairs = pairs_->value();
    games.baseline = baseline_->baseline();
    games.openings = openings_->text().trimmed().toStdString();
    games.heldOutPairs = heldOutPairs_->value();
    games.timeControl = clock_->text().trimmed().toStdString();
    games.confirmPairs = confirmPairs_->value();
    games.confirmLimit = games.confirmPairs > 0 ? confirmAt_->text().trimmed().toStdString() : std::string();
    games.chargeSpeed = chargeSpeed_->isEnabled() && chargeSpeed_->isChecked();
    return games;
}

void FitnessSection::setGames(const tuning::GamesSettings& games) {
    const bool was = std::exchange(writing_, true);
    pairs_->setValue(games.pairs);
    baseline_->setBaseline(games.baseline);
    openings_->setText(QString::fromStdString(games.openings.string()));
    heldOutPairs_->setValue(games.heldOutPairs);
    clock_->setText(QString::fromStdString(games.timeControl));
    confirmPairs_->setValue(games.confirmPairs);
    confirmAt_->setText(QString::fromStdString(games.confirmLimit));
    chargeSpeed_->setChecked(games.chargeSpeed);
    writing_ = was;
    applyEnabled();
}

tuning::EvalfitSettings FitnessSection::evalfit() const {
    tuning::EvalfitSettings evalfit = evalfit_;
    evalfit.data = data_->text().trimmed().toStdString();
    evalfit.heldOutData = heldOutData_->text().trimmed().toStdString();
    setEvalfitPath(evalfit, path_->currentText());
    evalfit.uciLimit = uciKind_->currentIndex() == 1 ? uci::SearchLimit::nodes(uciValue_->value())
                                                     : uci::SearchLimit::depth(uciValue_->value());
    evalfit.retraceEvery = retraceUsed() ? retrace_->value() : 0;
    // K and E0 belong to the data and to how it is scored: another file or path fits them again.
    if (evalfit.data != evalfit_.data || evalfit.heldOutData != evalfit_.heldOutData || evalfit.path != evalfit_.path ||
        !(evalfit.uciLimit == evalfit_.uciLimit)) {
        evalfit.k.reset();
        evalfit.startError.reset();
        evalfit.heldOutStartError.reset();
        evalfit.fitKey.reset();
    }
    return evalfit;
}

void FitnessSection::setEvalfit(const tuning::EvalfitSettings& evalfit) {
    const bool was = std::exchange(writing_, true);
    evalfit_ = evalfit;
    data_->setText(QString::fromStdString(evalfit.data.string()));
    heldOutData_->setText(QString::fromStdString(evalfit.heldOutData.string()));
    const int index = path_->findText(evalfitPathName(evalfit));
    path_->setCurrentIndex(index >= 0 ? index : 0);
    uciKind_->setCurrentIndex(evalfit.uciLimit.kind == uci::SearchLimit::Kind::Nodes ? 1 : 0);
    uciValue_->setValue(int(std::clamp<std::int64_t>(evalfit.uciLimit.value, 1, uciValue_->maximum())));
    retrace_->setValue(evalfit.retraceEvery);
    writing_ = was;
    applyEnabled();
}

bool FitnessSection::useDataFile(const QString& path, bool heldOut) {
    if (locked_)
        return false;
    measure_->setCurrentIndex(measure_->findData(static_cast<int>(tuning::FitnessMeasure::Evalfit)));
    (heldOut ? heldOutData_ : data_)->setText(path);
    return true;
}

void FitnessSection::setLocked(bool locked) {
    locked_ = locked;
    applyEnabled();
}

void FitnessSection::applyEnabled() {
    const QString locked = ValidationDisplay::lockedDuringRun();
    for (QWidget* field : {static_cast<QWidget*>(measure_), static_cast<QWidget*>(pairs_),
                           static_cast<QWidget*>(openings_), static_cast<QWidget*>(heldOutPairs_),
                           static_cast<QWidget*>(clock_), static_cast<QWidget*>(confirmPairs_),
                           static_cast<QWidget*>(data_), static_cast<QWidget*>(heldOutData_), static_cast<QWidget*>(path_)})
        ValidationDisplay::setEnabled(field, !locked_, locked);
    baseline_->setLocked(locked_);
    for (QWidget* row : pathRows_)
        row->setEnabled(!locked_);
    // A clock charges speed itself: the box would be a dead option there. (The run's limit per
    // move is the parameters' field: a run at a time or a depth is refused with the reason.)
    ValidationDisplay::setEnabled(chargeSpeed_, !locked_ && clock_->text().trimmed().isEmpty(),
                                  locked_ ? locked : tr("a clock charges a candidate's speed itself"));
    // Without a confirmation its limit would be a dead field.
    ValidationDisplay::setEnabled(confirmAt_, !locked_ && confirmPairs_->value() > 0,
                                  locked_ ? locked : tr("no confirmation: give confirm pairs first"));
    // The fast path searches nothing: its search fields would be dead.
    const bool uciUsed = static_cast<dataset::EvalfitPath>(path_->currentData().toInt()) != dataset::EvalfitPath::Fast;
    const QString why = locked_ ? locked : tr("the fast path searches nothing: the engine scores every position itself");
    for (QWidget* field : {static_cast<QWidget*>(uciKind_), static_cast<QWidget*>(uciValue_)})
        ValidationDisplay::setEnabled(field, !locked_ && uciUsed, why);
    // Only traces are taken again: on the fast and uci paths the field would be dead.
    ValidationDisplay::setEnabled(retrace_, !locked_ && retraceUsed(),
                                  locked_ ? locked : tr("the fast and uci paths score every candidate directly: there are no traces to take again"));
}

bool FitnessSection::retraceUsed() const {
    tuning::EvalfitSettings shown;
    shown.path = static_cast<dataset::EvalfitPath>(path_->currentData().toInt());
    return tuning::retraceApplies(shown);
}

} // namespace mf::ui
