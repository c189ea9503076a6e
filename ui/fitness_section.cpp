#include "ui/fitness_section.h"

#include <QComboBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QSpinBox>

namespace mf::ui {

FitnessSection::FitnessSection(QWidget* parent) : QGroupBox(tr("Fitness measure"), parent) {
    form_ = new QFormLayout(this);
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

    const tuning::GamesSettings defaults;
    pairs_ = new QSpinBox(this);
    pairs_->setObjectName(QStringLiteral("gamePairs"));
    pairs_->setRange(1, tuning::kMaxGamePairs);
    pairs_->setValue(defaults.pairs);
    pairs_->setToolTip(tr("game pairs each member plays per generation (each opening twice, colours reversed)"));
    baseline_ = new QLineEdit(QString::fromStdString(defaults.baseline), this);
    baseline_->setObjectName(QStringLiteral("gameBaseline"));
    baseline_->setToolTip(tr("the opponent: defaults (the engine's own values), engine:PATH (another engine) or a "
                             "population file (its best member)"));
    openings_ = new QLineEdit(this);
    openings_->setObjectName(QStringLiteral("gameOpenings"));
    openings_->setPlaceholderText(tr("the bundled openings"));
    openings_->setToolTip(tr("openings file, EPD/FEN or PGN; empty: the bundled openings"));
    heldOutPairs_ = new QSpinBox(this);
    heldOutPairs_->setObjectName(QStringLiteral("gameHeldOutPairs"));
    heldOutPairs_->setRange(0, tuning::kMaxGamePairs);
    heldOutPairs_->setToolTip(tr("the best plays this many pairs on openings kept apart, every 'held-out every' "
                                 "generations and the last; 0: none"));
    form_->addRow(tr("Game pairs"), pairs_);
    form_->addRow(tr("Baseline"), baseline_);
    form_->addRow(tr("Openings"), openings_);
    form_->addRow(tr("Held-out pairs"), heldOutPairs_);

    data_ = new QLineEdit(this);
    data_->setObjectName(QStringLiteral("evalfitData"));
    data_->setPlaceholderText(tr("labelled positions (matefind-cli make-dataset)"));
    data_->setToolTip(tr("labelled positions, one a line: EPD with c9 \"1-0\"; or FEN [1.0]; the result is White's"));
    heldOutData_ = new QLineEdit(this);
    heldOutData_->setObjectName(QStringLiteral("evalfitHeldOutData"));
    heldOutData_->setPlaceholderText(tr("none"));
    heldOutData_->setToolTip(tr("labelled positions kept apart: the best's E on them every 'held-out every' "
                                "generations and the last; empty: none"));
    form_->addRow(tr("Data file"), data_);
    form_->addRow(tr("Held-out data"), heldOutData_);

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
    connect(baseline_, &QLineEdit::textEdited, this, edited);
    connect(openings_, &QLineEdit::textEdited, this, edited);
    connect(data_, &QLineEdit::textEdited, this, edited);
    connect(heldOutData_, &QLineEdit::textEdited, this, edited);
    showFieldsOf(measure());
}

void FitnessSection::showFieldsOf(tuning::FitnessMeasure measure) {
    const bool games = measure == tuning::FitnessMeasure::Games;
    for (QWidget* field : {static_cast<QWidget*>(pairs_), static_cast<QWidget*>(baseline_),
                           static_cast<QWidget*>(openings_), static_cast<QWidget*>(heldOutPairs_)})
        form_->setRowVisible(field, games);
    const bool evalfit = measure == tuning::FitnessMeasure::Evalfit;
    form_->setRowVisible(data_, evalfit);
    form_->setRowVisible(heldOutData_, evalfit);
}

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
    games.baseline = baseline_->text().trimmed().toStdString();
    games.openings = openings_->text().trimmed().toStdString();
    games.heldOutPairs = heldOutPairs_->value();
    return games;
}

void FitnessSection::setGames(const tuning::GamesSettings& games) {
    const bool was = std::exchange(writing_, true);
    pairs_->setValue(games.pairs);
    baseline_->setText(QString::fromStdString(games.baseline));
    openings_->setText(QString::fromStdString(games.openings.string()));
    heldOutPairs_->setValue(games.heldOutPairs);
    writing_ = was;
}

tuning::EvalfitSettings FitnessSection::evalfit() const {
    tuning::EvalfitSettings evalfit = evalfit_;
    evalfit.data = data_->text().trimmed().toStdString();
    evalfit.heldOutData = heldOutData_->text().trimmed().toStdString();
    if (evalfit.data != evalfit_.data || evalfit.heldOutData != evalfit_.heldOutData) {
        evalfit.k.reset();
        evalfit.startError.reset();
        evalfit.heldOutStartError.reset();
    }
    return evalfit;
}

void FitnessSection::setEvalfit(const tuning::EvalfitSettings& evalfit) {
    const bool was = std::exchange(writing_, true);
    evalfit_ = evalfit;
    data_->setText(QString::fromStdString(evalfit.data.string()));
    heldOutData_->setText(QString::fromStdString(evalfit.heldOutData.string()));
    writing_ = was;
}

void FitnessSection::setLocked(bool locked) {
    for (QWidget* field : {static_cast<QWidget*>(measure_), static_cast<QWidget*>(pairs_),
                           static_cast<QWidget*>(baseline_), static_cast<QWidget*>(openings_),
                           static_cast<QWidget*>(heldOutPairs_), static_cast<QWidget*>(data_),
                           static_cast<QWidget*>(heldOutData_)})
        field->setEnabled(!locked);
}

} // namespace mf::ui
