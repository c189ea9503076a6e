#include "ui/parameter_panel.h"

#include "ui/input_validators.h"

#include "evolution/tuning/tuning_settings.h"

#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <charconv>

namespace mf::ui {

namespace {

constexpr int kMaxWorkers = 256;
const char* const kInvalidProperty = "invalid";

QString text(double v) { return QString::number(v, 'g', 10); }

void markInvalid(QLineEdit* edit, const QString& reason) {
    const bool invalid = !reason.isEmpty();
    // Called for every field on every keystroke: restyling is not free, so only on a change.
    if (edit->property(kInvalidProperty).isValid() && edit->property(kInvalidProperty).toBool() == invalid &&
        edit->toolTip() == (invalid ? reason : edit->property("help").toString()))
        return;
    // A coloured frame plus the reason as tool tip: visible without reading the message list.
    edit->setStyleSheet(invalid ? QStringLiteral("QLineEdit { background: #ffe0e0; border: 1px solid #d03030; }")
                                : QString());
    edit->setProperty(kInvalidProperty, invalid);
    if (invalid)
        edit->setToolTip(reason);
    else
        edit->setToolTip(edit->property("help").toString());
}

std::optional<std::uint64_t> parseSeed(const QString& s) {
    const QByteArray bytes = s.toLatin1();
    std::uint64_t v = 0;
    auto [ptr, ec] = std::from_chars(bytes.constData(), bytes.constData() + bytes.size(), v);
    if (ec != std::errc() || ptr != bytes.constData() + bytes.size() || bytes.isEmpty())
        return std::nullopt;
    return v;
}

} // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    auto* outer = new QVBoxLayout(this);
    pathTimer_ = new QTimer(this);
    pathTimer_->setSingleShot(true);
    pathTimer_->setInterval(kPathSettleMs);
    connect(pathTimer_, &QTimer::timeout, this, [this] {
        typedPaths_.clear();
        revalidate();
    });

    auto* gaBox = new QGroupBox(tr("Evolution"), this);
    gaForm_ = new QFormLayout(gaBox);
    addEdit(gaForm_, ga::Field::Generations, tr("Generations G"), validators::count(7),
            tr("Generations to breed after the first (0..1000000)"));
    addEdit(gaForm_, ga::Field::PopulationSize, tr("Population size N"), validators::count(6),
            tr("Chromosomes per generation (2..100000)"));
    addEdit(gaForm_, ga::Field::Pk, tr("Crossover p_k"), validators::probability(),
            tr("Probability that a pair of parents is crossed (one point), 0..1"));
    addEdit(gaForm_, ga::Field::Pm, tr("Mutation p_m"), validators::probability(),
            tr("Probability that a bit flips, 0..1"));
    addEdit(gaForm_, ga::Field::Elite, tr("Elitism e"), validators::count(6),
            tr("The e best survive unchanged (0..N-1)"));
    selectionCombo_ = new QComboBox(gaBox);
    selectionCombo_->setObjectName(QStringLiteral("selection"));
    for (ga::SelectionType t : ga::kAllSelectionTypes)
        selectionCombo_->addItem(QString::fromUtf8(ga::selectionName(t).data(), qsizetype(ga::selectionName(t).size())),
                                 static_cast<int>(t));
    gaForm_->addRow(tr("Selection"), selectionCombo_);
    addEdit(gaForm_, ga::Field::LinearMax, tr("MAX"), validators::decimal(1),
            tr("Linear ranking: expected copies of the best, 1..2 (MAX = q_lin * N)"));
    addEdit(gaForm_, ga::Field::QLin, tr("q_lin"), validators::decimal(1),
            tr("Linear ranking: probability of the best, 1/N..2/N (q_lin = MAX / N)"));
    addEdit(gaForm_, ga::Field::QNolin, tr("q_nolin"), validators::probability(),
            tr("Nonlinear ranking: p(i) = q(1-q)^(i-1), 0 < q < 1"));
    addEdit(gaForm_, ga::Field::TournamentSize, tr("Tournament k"), validators::count(6),
            tr("Tournament: members drawn per selection, 1..N"));
    addEdit(gaForm_, ga::Field::Seed, tr("Seed"), validators::seed(),
            tr("Seed of the run's random generator (0..2^64-1): same seed, same evolution"));
    outer->addWidget(gaBox);

    auto* evalBox = new QGroupBox(tr("Evaluation"), this);
    auto* evalForm = new QFormLayout(evalBox);
    limitKindCombo_ = new QComboBox(evalBox);
    limitKindCombo_->setObjectName(QStringLiteral("limit"));
    for (ga::LimitKind k : {ga::LimitKind::Time, ga::LimitKind::Depth, ga::LimitKind::Nodes})
        limitKindCombo_->addItem(QString::fromUtf8(ga::limitKindName(k).data(), qsizetype(ga::limitKindName(k).size())),
                                 static_cast<int>(k));
    evalForm->addRow(tr("Limit per position"), limitKindCombo_);
    auto* limitEdit = addEdit(evalForm, ga::Field::LimitValue, tr("Limit value"), validators::count(13),
                              tr("Milliseconds, plies or nodes per EPD position"));
    limitUnitLabel_ = new QLabel(evalBox);
    // Put the unit beside the value: replace the plain row with an edit+unit row.
    {
        const int row = evalForm->rowCount() - 1;
        evalForm->takeRow(row);
        auto* box = new QWidget(evalBox);
        auto* h = new QHBoxLayout(box);
        h->setContentsMargins(0, 0, 0, 0);
        h->addWidget(limitEdit, 1);
        h->addWidget(limitUnitLabel_);
        evalForm->addRow(tr("Limit value"), box);
    }
    addEdit(evalForm, ga::Field::Prize, tr("Answer-speed prize"), validators::decimal(3),
            tr("Extra score for a position solved early: 1 + prize * (1 - s/L); 0 = off"));
    measureCombo_ = new QComboBox(evalBox);
    measureCombo_->setObjectName(QStringLiteral("measure"));
    for (tuning::FitnessMeasure m : {tuning::FitnessMeasure::Solved, tuning::FitnessMeasure::Points}) {
        const std::string_view n = tuning::fitnessMeasureName(m);
        measureCombo_->addItem(QString::fromUtf8(n.data(), qsizetype(n.size())), static_cast<int>(m));
    }
    measureCombo_->setToolTip(tr("solved: 1 per solved position; points: the STS points of the move played "
                                 "(suites with c0 points only)"));
    evalForm->addRow(tr("Fitness measure"), measureCombo_);
    connect(measureCombo_, &QComboBox::currentIndexChanged, this, [this] {
        if (updating_)
            return;
        revalidate();
        emit settingsChanged();
    });
    workersEdit_ = new QLineEdit(evalBox);
    workersEdit_->setObjectName(QStringLiteral("workers"));
    workersEdit_->setValidator(validators::make(validators::count(3), workersEdit_));
    workersEdit_->setProperty("help", tr("Engine processes searching at the same time (1..%1)").arg(kMaxWorkers));
    workersEdit_->setToolTip(workersEdit_->property("help").toString());
    workersEdit_->setText(QString::number(std::max(1, QThread::idealThreadCount())));
    evalForm->addRow(tr("Workers"), workersEdit_);
    connect(workersEdit_, &QLineEdit::textEdited, this, [this] { revalidate(); emit settingsChanged(); });
    outer->addWidget(evalBox);

    auto* filesBox = new QGroupBox(tr("Engine and suites"), this);
    auto* filesForm = new QFormLayout(filesBox);
    engineEdit_ = addPathRow(filesForm, tr("Engine"), QStringLiteral("engine"), tr("Executables (*)"),
                             tr("Any UCI engine; the bundled matefind-engine by default"));
    suiteEdit_ = addPathRow(filesForm, tr("EPD suite"), QStringLiteral("suite"), tr("EPD suites (*.epd);;All files (*)"),
                            tr("Positions whose bm/am moves decide fitness"));
    heldOutEdit_ = addPathRow(filesForm, tr("Held-out suite"), QStringLiteral("heldOut"),
                              tr("EPD suites (*.epd);;All files (*)"),
                              tr("Optional: positions never used for fitness, scored for the best to check overfitting"));
    heldOutEveryEdit_ = new QLineEdit(filesBox);
    heldOutEveryEdit_->setObjectName(QStringLiteral("heldOutEvery"));
    heldOutEveryEdit_->setValidator(validators::make(validators::count(4), heldOutEveryEdit_));
    heldOutEveryEdit_->setProperty("help", tr("Score the best chromosome on the held-out suite every k-th generation"));
    heldOutEveryEdit_->setToolTip(heldOutEveryEdit_->property("help").toString());
    heldOutEveryEdit_->setText(QStringLiteral("5"));
    filesForm->addRow(tr("Held-out every"), heldOutEveryEdit_);
    connect(heldOutEveryEdit_, &QLineEdit::textEdited, this, [this] { revalidate(); emit settingsChanged(); });
    autosaveEdit_ = addPathRow(filesForm, tr("Autosave"), QStringLiteral("autosave"),
                               tr("Population files (*.mfpop *.pop);;All files (*)"),
                               tr("Written after every generation (replaced atomically), so a crash loses at most "
                                  "one generation; empty: no autosave. A fight writes one file per selection type "
                                  "next to it."),
                               true);
    updating_ = true;
    autosaveEdit_->setText(defaultAutosavePath());
    updating_ = false;
    outer->addWidget(filesBox);

    auto* genomeBox = new QGroupBox(tr("Genome"), this);
    auto* genomeLayout = new QVBoxLayout(genomeBox);
    genomeModel_ = new GenomeModel(this);
    genomeView_ = new QTableView(genomeBox);
    genomeView_->setObjectName(QStringLiteral("genomeTable"));
    genomeView_->setModel(genomeModel_);
    genomeView_->setItemDelegateForColumn(GenomeModel::Bits, new BitsDelegate(genomeView_));
    genomeView_->verticalHeader()->hide();
    genomeView_->horizontalHeader()->setSectionResizeMode(GenomeModel::Name, QHeaderView::Stretch);
    genomeView_->horizontalHeader()->setSectionResizeMode(GenomeModel::Option, QHeaderView::ResizeToContents);
    genomeView_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                                 QAbstractItemView::AnyKeyPressed);
    genomeView_->setMinimumHeight(160);
    genomeLayout->addWidget(genomeView_);
    auto* genomeRow = new QHBoxLayout;
    lengthLabel_ = new QLabel(genomeBox);
    lengthLabel_->setObjectName(QStringLiteral("chromosomeLength"));
    genomeRow->addWidget(lengthLabel_, 1);
    auto* presetButton = new QPushButton(tr("Load genome…"), genomeBox);
    presetButton->setToolTip(tr("Load a genome spec (JSON, format matefind-genome)"));
    connect(presetButton, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load genome"), QString(), tr("Genome (*.json)"));
        if (!path.isEmpty())
            loadGenomePreset(path);
    });
    genomeRow->addWidget(presetButton);
    genomeLayout->addLayout(genomeRow);
    outer->addWidget(genomeBox, 1);
    connect(genomeModel_, &GenomeModel::genomeChanged, this, [this] {
        genomeProblem_.clear();
        revalidate();
        emit settingsChanged();
    });

    problemLabel_ = new QLabel(this);
    problemLabel_->setObjectName(QStringLiteral("problems"));
    problemLabel_->setWordWrap(true);
    problemLabel_->setStyleSheet(QStringLiteral("color: #b00000;"));
    outer->addWidget(problemLabel_);

    connect(selectionCombo_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_)
            onSelectionChanged();
    });
    connect(limitKindCombo_, &QComboBox::currentIndexChanged, this, [this] {
        if (!updating_)
            onLimitKindChanged();
    });

    writeFieldsFrom(params_);
    revalidate();
}

QLineEdit* ParameterPanel::addEdit(QFormLayout* form, ga::Field field, const QString& label,
                                   const QRegularExpression& re, const QString& tip) {
    auto* edit = new QLineEdit(form->parentWidget());
    const std::string_view name = ga::fieldName(field);
    edit->setObjectName(QString::fromUtf8(name.data(), qsizetype(name.size())));
    edit->setValidator(validators::make(re, edit));
    edit->setProperty("help", tip);
    edit->setToolTip(tip);
    form->addRow(label, edit);
    edits_.insert(field, edit);
    connect(edit, &QLineEdit::textEdited, this, [this, field] { onFieldEdited(field); });
    return edit;
}

QLineEdit* ParameterPanel::addPathRow(QFormLayout* form, const QString& label, const QString& objectName,
                                      const QString& filter, const QString& tip, bool forWriting) {
    auto* row = new QWidget(form->parentWidget());
    auto* h = new QHBoxLayout(row);
    h->setContentsMargins(0, 0, 0, 0);
    auto* edit = new QLineEdit(row);
    edit->setObjectName(objectName);
    edit->setValidator(validators::make(validators::path(), edit));
    edit->setProperty("help", tip);
    edit->setToolTip(tip);
    edit->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("…"), row);
    browse->setToolTip(tr("Choose a file"));
    browse->setFixedWidth(32);
    h->addWidget(edit, 1);
    h->addWidget(browse);
    form->addRow(label, row);
    connect(browse, &QPushButton::clicked, this, [this, edit, label, filter, forWriting] {
        const QString start = QFileInfo(edit->text()).absolutePath();
        const QString path = forWriting ? QFileDialog::getSaveFileName(this, label, edit->text(), filter)
                                        : QFileDialog::getOpenFileName(this, label, start, filter);
        if (path.isEmpty())
            return;
        edit->setText(path);
        revalidate();
        emit settingsChanged();
    });
    // Typing a path: the file is looked at once typing pauses, not on every keystroke.
    connect(edit, &QLineEdit::textEdited, this, [this, edit] {
        typedPaths_.insert(edit);
        pathTimer_->start();
    });
    connect(edit, &QLineEdit::textChanged, this, [this] {
        if (updating_)
            return;
        revalidate();
        emit settingsChanged();
    });
    return edit;
}

void ParameterPanel::setDefaults(const QString& enginePath, const QString& suitePath, const QString& heldOutPath,
                                 const QString& genomePresetPath) {
    updating_ = true;
    engineEdit_->setText(enginePath);
    suiteEdit_->setText(suitePath);
    heldOutEdit_->setText(heldOutPath);
    updating_ = false;
    loadGenomePreset(genomePresetPath);
    revalidate();
}

void ParameterPanel::loadGenomePreset(const QString& path) {
    auto genome = ga::loadGenome(path.toStdString());
    if (!genome) {
        genomeProblem_ = tr("Genome preset: %1").arg(QString::fromStdString(genome.error().message()));
        revalidate();
        return;
    }
    genomeModel_->setGenome(*genome);  // clears genomeProblem_ through genomeChanged
}

void ParameterPanel::onFieldEdited(ga::Field field) {
    QLineEdit* e = edits_.value(field);
    const QString t = e->text();
    bool ok = false;
    switch (field) {
    case ga::Field::Generations: params_.generations = t.toInt(&ok); break;
    case ga::Field::PopulationSize: {
        params_.populationSize = t.toInt(&ok);
        // MAX is what is stored; q_lin = MAX / N follows the new N.
        if (ok && params_.populationSize > 0) {
            updating_ = true;
            edits_[ga::Field::QLin]->setText(text(params_.qLin()));
            updating_ = false;
        }
        break;
    }
    case ga::Field::Pk: params_.pk = t.toDouble(&ok); break;
    case ga::Field::Pm: params_.pm = t.toDouble(&ok); break;
    case ga::Field::Elite: params_.elite = t.toInt(&ok); break;
    case ga::Field::LinearMax:
        params_.selection.linearMax = t.toDouble(&ok);
        if (ok && params_.populationSize > 0)
            edits_[ga::Field::QLin]->setText(text(params_.qLin()));
        break;
    case ga::Field::QLin: {
        const double q = t.toDouble(&ok);
        if (ok && params_.populationSize > 0) {
            params_.setQLin(q);
            edits_[ga::Field::LinearMax]->setText(text(params_.selection.linearMax));
        }
        break;
    }
    case ga::Field::QNolin: params_.selection.qNolin = t.toDouble(&ok); break;
    case ga::Field::TournamentSize: params_.selection.tournamentSize = t.toInt(&ok); break;
    case ga::Field::Seed: {
        const auto s = parseSeed(t);
        ok = s.has_value();
        if (ok)
            params_.seed = *s;
        break;
    }
    case ga::Field::LimitValue: params_.limitValue = t.toLongLong(&ok); break;
    case ga::Field::Prize: params_.prize = t.toDouble(&ok); break;
    case ga::Field::Selection:
    case ga::Field::LimitKind: ok = true; break;
    }
    (void)ok;  // an unparsable text is reported by revalidate() (it re-reads every edit)
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::onSelectionChanged() {
    params_.selection.type = static_cast<ga::SelectionType>(selectionCombo_->currentData().toInt());
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::onLimitKindChanged() {
    params_.limitKind = static_cast<ga::LimitKind>(limitKindCombo_->currentData().toInt());
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::writeFieldsFrom(const ga::Parameters& p) {
    updating_ = true;
    params_ = p;
    edits_[ga::Field::Generations]->setText(QString::number(p.generations));
    edits_[ga::Field::PopulationSize]->setText(QString::number(p.populationSize));
    edits_[ga::Field::Pk]->setText(text(p.pk));
    edits_[ga::Field::Pm]->setText(text(p.pm));
    edits_[ga::Field::Elite]->setText(QString::number(p.elite));
    edits_[ga::Field::LinearMax]->setText(text(p.selection.linearMax));
    edits_[ga::Field::QLin]->setText(p.populationSize > 0 ? text(p.qLin()) : QString());
    edits_[ga::Field::QNolin]->setText(text(p.selection.qNolin));
    edits_[ga::Field::TournamentSize]->setText(QString::number(p.selection.tournamentSize));
    edits_[ga::Field::Seed]->setText(QString::number(p.seed));
    edits_[ga::Field::LimitValue]->setText(QString::number(p.limitValue));
    edits_[ga::Field::Prize]->setText(text(p.prize));
    selectionCombo_->setCurrentIndex(selectionCombo_->findData(static_cast<int>(p.selection.type)));
    limitKindCombo_->setCurrentIndex(limitKindCombo_->findData(static_cast<int>(p.limitKind)));
    updating_ = false;
}

void ParameterPanel::revalidate() {
    const ga::SelectionType type = params_.selection.type;
    gaForm_->setRowVisible(edits_[ga::Field::LinearMax], type == ga::SelectionType::Linear);
    gaForm_->setRowVisible(edits_[ga::Field::QLin], type == ga::SelectionType::Linear);
    gaForm_->setRowVisible(edits_[ga::Field::QNolin], type == ga::SelectionType::Nonlinear);
    gaForm_->setRowVisible(edits_[ga::Field::TournamentSize], type == ga::SelectionType::Tournament);
    limitUnitLabel_->setText(params_.limitKind == ga::LimitKind::Time    ? tr("ms")
                             : params_.limitKind == ga::LimitKind::Depth ? tr("plies")
                                                                         : tr("nodes"));

    QStringList problems;
    const std::vector<ga::FieldError> errors = ga::validate(params_);
    for (auto it = edits_.constBegin(); it != edits_.constEnd(); ++it) {
        QLineEdit* e = it.value();
        const ga::Field f = it.key();
        QString reason;
        const std::string_view name = ga::fieldName(f);
        if (!e->hasAcceptableInput()) {
            reason = e->text().isEmpty() ? tr("%1 is empty").arg(QString::fromUtf8(name.data(), qsizetype(name.size())))
                                         : tr("%1: \"%2\" is not a complete number")
                                               .arg(QString::fromUtf8(name.data(), qsizetype(name.size())), e->text());
        } else if (f == ga::Field::Seed && !parseSeed(e->text())) {
            reason = tr("seed must be from 0 to 18446744073709551615");
        } else if (f == ga::Field::QLin) {
            if (type == ga::SelectionType::Linear)
                if (auto fe = ga::validateField(params_, f))
                    reason = QString::fromStdString(fe->message);
        } else {
            for (const ga::FieldError& fe : errors)
                if (fe.field == f)
                    reason = QString::fromStdString(fe.message);
        }
        markInvalid(e, reason);
    }
    // Panel order, so the first problem shown is the topmost marked field.
    // Hidden selection fields (another type chosen) do not block a run.
    auto used = [type](ga::Field f) {
        switch (f) {
        case ga::Field::LinearMax:
        case ga::Field::QLin: return type == ga::SelectionType::Linear;
        case ga::Field::QNolin: return type == ga::SelectionType::Nonlinear;
        case ga::Field::TournamentSize: return type == ga::SelectionType::Tournament;
        default: return true;
        }
    };
    for (ga::Field f : ga::kAllFields) {
        QLineEdit* e = edits_.value(f);
        if (e && used(f) && e->property(kInvalidProperty).toBool())
            problems << e->toolTip();
    }

    bool workersOk = false;
    const int workers = workersEdit_->text().toInt(&workersOk);
    const QString workersReason = (!workersOk || workers < 1 || workers > kMaxWorkers)
                                      ? tr("workers must be from 1 to %1").arg(kMaxWorkers)
                                      : QString();
    markInvalid(workersEdit_, workersReason);
    if (!workersReason.isEmpty())
        problems << workersReason;
    bool everyOk = false;
    const int every = heldOutEveryEdit_->text().toInt(&everyOk);
    const QString everyReason = (!everyOk || every < 1) ? tr("held-out every must be 1 or more") : QString();
    markInvalid(heldOutEveryEdit_, everyReason);
    if (!everyReason.isEmpty())
        problems << everyReason;

    auto checkPath = [&](QLineEdit* e, const QString& what, auto problemOf) {
        const QString path = e->text().trimmed();
        PathCheck& known = pathChecks_[e];
        if (known.path != path || !known.checked) {
            if (typedPaths_.contains(e)) {
                markInvalid(e, {});  // no red while the user types; Start waits for the look
                problems << tr("%1: checking %2…").arg(what, path);
                return;
            }
            known = {path, problemOf(path), true};
        }
        markInvalid(e, known.reason);
        if (!known.reason.isEmpty())
            problems << known.reason;
    };
    auto checkFile = [&](QLineEdit* e, const QString& what, bool required, bool executable) {
        checkPath(e, what, [&](const QString& path) { return fileProblem(path, what, required, executable); });
    };
    checkFile(engineEdit_, tr("Engine"), true, true);
    checkFile(suiteEdit_, tr("EPD suite"), true, false);
    checkFile(heldOutEdit_, tr("Held-out suite"), false, false);
    checkPath(autosaveEdit_, tr("Autosave"), [&](const QString& path) { return outputProblem(path, tr("Autosave")); });

    const ga::Genome& genome = genomeModel_->genome();
    QString genomeReason = genomeProblem_;
    if (genomeReason.isEmpty()) {
        if (genome.size() == 0)
            genomeReason = tr("Genome: no terms (load a genome preset)");
        else if (auto err = ga::validateGenome(genome))
            genomeReason = tr("Genome: %1").arg(QString::fromStdString(err->message()));
    }
    if (!genomeReason.isEmpty())
        problems << genomeReason;
    lengthLabel_->setText(tr("%1 terms, chromosome length m = %2 bits").arg(genome.size()).arg(genome.length()));

    // tuning::validateSettings is not asked here: everything it checks is checked above, and it
    // looks at the three files again, on every keystroke of any field. The controller runs it
    // when a run starts, and the window shows what it says.

    problemLabel_->setText(problems.isEmpty() ? QString() : problems.join(QLatin1Char('\n')));
    problemLabel_->setVisible(!problems.isEmpty());
    if (problems != problems_) {
        problems_ = problems;
        emit validityChanged();
    }
}

QString ParameterPanel::fileProblem(const QString& path, const QString& what, bool required, bool executable) const {
    if (path.isEmpty())
        return required ? tr("%1: no file chosen").arg(what) : QString();
    const QFileInfo info(path);
    if (!info.exists())
        return tr("%1: %2 does not exist").arg(what, path);
    if (!info.isFile())
        return tr("%1: %2 is not a file").arg(what, path);
    if (executable && !info.isExecutable())
        return tr("%1: %2 is not executable").arg(what, path);
    return {};
}

QString ParameterPanel::outputProblem(const QString& path, const QString& what) const {
    if (path.isEmpty())
        return {};  // optional: no file written
    const QFileInfo info(path);
    if (info.exists()) {
        if (!info.isFile())
            return tr("%1: %2 is not a file").arg(what, path);
        if (!info.isWritable())
            return tr("%1: %2 cannot be written").arg(what, path);
        return {};
    }
    // A missing folder is made on Start: the nearest existing ancestor must be a writable folder.
    QFileInfo ancestor(info.absolutePath());
    while (!ancestor.exists() && ancestor.absoluteFilePath() != ancestor.absolutePath())
        ancestor = QFileInfo(ancestor.absolutePath());
    if (!ancestor.isDir())
        return tr("%1: %2 is not a folder").arg(what, ancestor.absoluteFilePath());
    if (!ancestor.isWritable())
        return tr("%1: cannot write in %2").arg(what, ancestor.absoluteFilePath());
    return {};
}

QString ParameterPanel::defaultAutosavePath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/autosave.mfpop");
}

void ParameterPanel::recheckFiles() {
    pathChecks_.clear();
    typedPaths_.clear();
    pathTimer_->stop();
    revalidate();
}

RunSettings ParameterPanel::settings() const {
    RunSettings s;
    s.parameters = params_;
    s.genome = genomeModel_->genome();
    s.engine.program = engineEdit_->text().trimmed().toStdString();
    s.suite = suiteEdit_->text().trimmed().toStdString();
    s.heldOutSuite = heldOutEdit_->text().trimmed().toStdString();
    s.heldOutEvery = std::max(1, heldOutEveryEdit_->text().toInt());
    s.measure = static_cast<tuning::FitnessMeasure>(measureCombo_->currentData().toInt());
    s.workers = static_cast<std::size_t>(std::max(1, workersEdit_->text().toInt()));
    s.autosave = autosaveEdit_->text().trimmed().toStdString();
    return s;
}

void ParameterPanel::setSettings(const RunSettings& s) {
    writeFieldsFrom(s.parameters);
    updating_ = true;
    if (!s.engine.program.empty())
        engineEdit_->setText(QString::fromStdString(s.engine.program.string()));
    if (!s.suite.empty())
        suiteEdit_->setText(QString::fromStdString(s.suite.string()));
    heldOutEdit_->setText(QString::fromStdString(s.heldOutSuite.string()));
    heldOutEveryEdit_->setText(QString::number(s.heldOutEvery));
    autosaveEdit_->setText(QString::fromStdString(s.autosave.string()));
    measureCombo_->setCurrentIndex(measureCombo_->findData(static_cast<int>(s.measure)));
    if (s.workers > 0)
        workersEdit_->setText(QString::number(s.workers));
    updating_ = false;
    if (s.genome.size() > 0)
        genomeModel_->setGenome(s.genome);
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::setLocked(bool locked) {
    locked_ = locked;
    for (QLineEdit* e : edits_)
        e->setReadOnly(locked);
    for (QLineEdit* e : {workersEdit_, engineEdit_, suiteEdit_, heldOutEdit_, heldOutEveryEdit_, autosaveEdit_})
        e->setReadOnly(locked);
    measureCombo_->setEnabled(!locked);
    // Buttons (browse, load genome) and combos cannot be read-only: disable them.
    for (QPushButton* b : findChildren<QPushButton*>())
        b->setEnabled(!locked);
    selectionCombo_->setEnabled(!locked);
    limitKindCombo_->setEnabled(!locked);
    genomeModel_->setEditable(!locked);
}

void ParameterPanel::saveChoices(QSettings& settings) const {
    settings.beginGroup(QStringLiteral("parameters"));
    for (auto it = edits_.constBegin(); it != edits_.constEnd(); ++it) {
        const std::string_view name = ga::fieldName(it.key());
        settings.setValue(QString::fromUtf8(name.data(), qsizetype(name.size())), it.value()->text());
    }
    settings.setValue(QStringLiteral("selection"), selectionCombo_->currentText());
    settings.setValue(QStringLiteral("limit"), limitKindCombo_->currentText());
    settings.setValue(QStringLiteral("workers"), workersEdit_->text());
    settings.setValue(QStringLiteral("heldOutEvery"), heldOutEveryEdit_->text());
    settings.setValue(QStringLiteral("measure"), measureCombo_->currentText());
    settings.setValue(QStringLiteral("engine"), engineEdit_->text());
    settings.setValue(QStringLiteral("suite"), suiteEdit_->text());
    settings.setValue(QStringLiteral("heldOut"), heldOutEdit_->text());
    settings.setValue(QStringLiteral("autosave"), autosaveEdit_->text());
    settings.setValue(QStringLiteral("genome"), QString::fromStdString(ga::genomeToJson(genomeModel_->genome())));
    settings.endGroup();
}

void ParameterPanel::restoreChoices(const QSettings& settings) {
    const QString group = QStringLiteral("parameters/");
    if (!settings.contains(group + QStringLiteral("generations")))
        return;  // first run: keep the bundled defaults
    updating_ = true;
    const int sel = selectionCombo_->findText(settings.value(group + QStringLiteral("selection")).toString());
    if (sel >= 0)
        selectionCombo_->setCurrentIndex(sel);
    const int lim = limitKindCombo_->findText(settings.value(group + QStringLiteral("limit")).toString());
    if (lim >= 0)
        limitKindCombo_->setCurrentIndex(lim);
    params_.selection.type = static_cast<ga::SelectionType>(selectionCombo_->currentData().toInt());
    params_.limitKind = static_cast<ga::LimitKind>(limitKindCombo_->currentData().toInt());
    // Restore paths only if they still exist: a moved build must not break the first Start.
    for (auto [edit, key] : {std::pair{engineEdit_, QStringLiteral("engine")}, std::pair{suiteEdit_, QStringLiteral("suite")},
                             std::pair{heldOutEdit_, QStringLiteral("heldOut")}}) {
        const QString v = settings.value(group + key).toString();
        if (v.isEmpty() ? key == QStringLiteral("heldOut") : QFileInfo::exists(v))
            edit->setText(v);
    }
    // The autosave file need not exist yet; an empty value is the user's "no autosave".
    if (settings.contains(group + QStringLiteral("autosave")))
        autosaveEdit_->setText(settings.value(group + QStringLiteral("autosave")).toString());
    const QString w = settings.value(group + QStringLiteral("workers")).toString();
    if (!w.isEmpty())
        workersEdit_->setText(w);
    const QString every = settings.value(group + QStringLiteral("heldOutEvery")).toString();
    if (!every.isEmpty())
        heldOutEveryEdit_->setText(every);
    const int measure = measureCombo_->findText(settings.value(group + QStringLiteral("measure")).toString());
    if (measure >= 0)
        measureCombo_->setCurrentIndex(measure);
    updating_ = false;
    // Replay the GA fields as edits so params_ is rebuilt through the same parsing as typing.
    // Population size first: q_lin depends on it; q_lin itself follows MAX.
    for (ga::Field f : {ga::Field::PopulationSize, ga::Field::Generations, ga::Field::Pk, ga::Field::Pm,
                        ga::Field::Elite, ga::Field::LinearMax, ga::Field::QNolin, ga::Field::TournamentSize,
                        ga::Field::Seed, ga::Field::LimitValue, ga::Field::Prize}) {
        const std::string_view name = ga::fieldName(f);
        const QString key = group + QString::fromUtf8(name.data(), qsizetype(name.size()));
        if (!settings.contains(key))
            continue;  // written by a version without this field: keep the default
        const QString v = settings.value(key).toString();
        QLineEdit* e = edits_[f];
        e->setText(v);  // an invalid stored value stays visible and marked, never silently replaced
        onFieldEdited(f);
    }
    const QString json = settings.value(group + QStringLiteral("genome")).toString();
    if (!json.isEmpty()) {
        auto genome = ga::genomeFromJson(json.toStdString(), "settings");
        if (genome && !ga::validateGenome(*genome))
            genomeModel_->setGenome(*genome);
    }
    revalidate();
}

} // namespace mf::ui
