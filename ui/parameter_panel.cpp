#include "ui/parameter_panel.h"

#include "ui/engine_section.h"
#include "ui/evaluation_section.h"
#include "ui/evolution_section.h"
#include "ui/fitness_section.h"
#include "ui/genome_section.h"
#include "ui/parameter_fields.h"
#include "ui/path_checks.h"
#include "ui/settings_fields.h"
#include "ui/validation_display.h"

#include "evolution/tuning/settings_rules.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QVBoxLayout>

namespace mf::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// A library rule's answer for the panel: its message, or empty.
QString reason(const std::optional<std::string>& problem) { return problem ? q(*problem) : QString(); }

} // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    fields_ = new ParameterFields(this);
    pathChecks_ = new PathChecks(this);
    evolution_ = new EvolutionSection(fields_, this);
    evaluation_ = new EvaluationSection(fields_, this);
    fitness_ = new FitnessSection(this);
    engine_ = new EngineSection(pathChecks_, this);
    pathChecks_->watch(fitness_->dataEdit());
    pathChecks_->watch(fitness_->heldOutDataEdit());
    genome_ = new GenomeSection(this);
    display_ = std::make_unique<ValidationDisplay>(this);
    conversion_ = std::make_unique<SettingsFields>(
        SettingsFields::Sections{fields_, evaluation_, fitness_, engine_, genome_});

    auto* outer = new QVBoxLayout(this);
    outer->addWidget(evolution_);
    outer->addWidget(evaluation_);
    outer->addWidget(fitness_);
    outer->addWidget(engine_);
    outer->addWidget(genome_, 1);
    outer->addWidget(display_->label());

    connect(fields_, &ParameterFields::changed, this, &ParameterPanel::onEdited);
    connect(evaluation_, &EvaluationSection::edited, this, &ParameterPanel::onEdited);
    connect(fitness_, &FitnessSection::edited, this, &ParameterPanel::onEdited);
    connect(engine_, &EngineSection::edited, this, &ParameterPanel::onEdited);
    connect(genome_, &GenomeSection::edited, this, &ParameterPanel::onEdited);
    connect(genome_, &GenomeSection::fromEngineRequested, this, &ParameterPanel::genomeFromEngineRequested);
    connect(pathChecks_, &PathChecks::settled, this, &ParameterPanel::revalidate);

    fields_->setParameters(ga::Parameters{});
    revalidate();
}

ParameterPanel::~ParameterPanel() = default;

QLineEdit* ParameterPanel::edit(ga::Field field) const { return fields_->edit(field); }
QLineEdit* ParameterPanel::engineEdit() const { return engine_->engineEdit(); }
QLineEdit* ParameterPanel::suiteEdit() const { return engine_->suiteEdit(); }
QLineEdit* ParameterPanel::autosaveEdit() const { return engine_->autosaveEdit(); }
QComboBox* ParameterPanel::selectionCombo() const { return fields_->selectionCombo(); }
GenomeModel* ParameterPanel::genomeModel() const { return genome_->model(); }
QLabel* ParameterPanel::problemLabel() const { return display_->label(); }
QLabel* ParameterPanel::lengthLabel() const { return genome_->lengthLabel(); }

QString ParameterPanel::defaultAutosavePath() {
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir.isEmpty() ? QString() : dir + QStringLiteral("/autosave.mfpop");
}

void ParameterPanel::setDefaults(const QString& enginePath, const QString& suitePath, const QString& heldOutPath,
                                 const QString& genomePresetPath) {
    conversion_->writeDefaults(enginePath, suitePath, heldOutPath);
    genome_->loadPreset(genomePresetPath);
    revalidate();
}

void ParameterPanel::setDefaultData(const QString& dataPath, const QString& heldOutDataPath) {
    conversion_->writeDefaultData(dataPath, heldOutDataPath);
    revalidate();
}

RunSettings ParameterPanel::settings() const { return conversion_->read(); }

void ParameterPanel::setSettings(const RunSettings& settings) {
    conversion_->write(settings);
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::saveChoices(QSettings& settings) const { conversion_->save(settings); }

void ParameterPanel::restoreChoices(const QSettings& settings) {
    if (conversion_->restore(settings))
        revalidate();
}

void ParameterPanel::onEdited() {
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::recheckFiles() {
    pathChecks_->forget();
    revalidate();
}

void ParameterPanel::setLocked(bool locked) {
    locked_ = locked;
    fields_->setLocked(locked);
    ValidationDisplay::setEnabled(evaluation_->workersEdit(), !locked, ValidationDisplay::lockedDuringRun());
    fitness_->setLocked(locked);
    engine_->setLocked(locked);
    genome_->setLocked(locked);
}

void ParameterPanel::showFieldsUsedBy(tuning::FitnessMeasure measure) {
    // What the measure does not use is greyed (and left out of its checks and reports).
    using M = tuning::FitnessMeasure;
    const bool suites = measure == M::Solved || measure == M::Points;
    const QString name = QString::fromUtf8(tuning::fitnessMeasureName(measure).data());
    const QString why = measure == M::Evalfit
                            ? tr("Not used by measure evalfit: it scores the data files, with the search set beside "
                                 "them")
                            : tr("Not used by measure %1").arg(name);
    fields_->setSearchLimitUsed(measure != M::Evalfit, suites, why);
    engine_->setSuitesUsed(suites, why);
}

void ParameterPanel::setEngineProblem(const QString& problem) {
    if (engineProblem_ == problem)
        return;
    engineProblem_ = problem;
    display_->showProblems(problems_, engineProblem_);
}

void ParameterPanel::revalidate() {
    const ga::Parameters& p = fields_->parameters();
    showFieldsUsedBy(fitness_->measure());
    evaluation_->showLimitUnit(p.limitKind);
    genome_->showLength();
    QStringList problems = parameterProblems();
    evolution_->showSelectionFields(p.selection.type);  // after the marks: a marked field is shown
    problems += settingsProblems();
    display_->showProblems(problems, engineProblem_);
    if (problems != problems_) {
        problems_ = problems;
        emit validityChanged();
    }
}

QStringList ParameterPanel::parameterProblems() {
    // Which fields a run checks is ga::validate's to say; a text that is no value blocks too.
    const ga::Parameters& p = fields_->parameters();
    const std::vector<ga::FieldError> errors = ga::validate(p);
    auto ruleOf = [&](ga::Field f) -> QString {
        for (const ga::FieldError& e : errors)
            if (e.field == f)
                return fields_->inUserWords(f, e.message);
        return {};
    };
    QStringList problems;
    for (ga::Field f : ga::kAllFields) {
        QLineEdit* e = fields_->edit(f);
        if (!e)
            continue;
        QString why = fields_->textProblem(f);
        if (!why.isEmpty()) {
        } else if (f != ga::Field::QLin) {
            why = ruleOf(f);
        } else if (!ruleOf(ga::Field::LinearMax).isEmpty()) {
            // q_lin is MAX shown as a probability: marked with its own wording when MAX breaks its rule.
            if (auto error = ga::validateField(p, f))
                why = fields_->inUserWords(f, error->message);
        }
        ValidationDisplay::mark(e, why);
        if (!why.isEmpty())
            problems << why;
    }
    return problems;
}

QStringList ParameterPanel::settingsProblems() {
    const RunSettings s = settings();
    QStringList problems;
    auto show = [&](QLineEdit* e, const QString& why) {
        ValidationDisplay::mark(e, why);
        if (!why.isEmpty())
            problems << why;
    };
    QLineEdit* workers = evaluation_->workersEdit();
    show(workers, workers->text().isEmpty() ? tr("workers is empty") : reason(tuning::workersProblem(s.workers)));
    show(engine_->heldOutEveryEdit(), reason(tuning::heldOutEveryProblem(s.heldOutEvery)));

    auto file = [&](QLineEdit* e, const QString& what, auto rule) {
        const PathChecks::Outcome seen = pathChecks_->look(e, [&](const QString& path) {
            return reason(rule(std::filesystem::path(path.toStdString()), what.toStdString()));
        });
        if (seen.pending) {
            ValidationDisplay::mark(e, {});  // no red while the user types; Start waits for the look
            problems << tr("%1: checking %2…").arg(what, e->text().trimmed());
            return;
        }
        show(e, seen.reason);
    };
    using P = const std::filesystem::path&;
    using M = tuning::FitnessMeasure;
    file(engine_->engineEdit(), tr("Engine"), [](P p, const std::string& w) { return tuning::inputFileProblem(p, w, true, true); });
    // Only the files the measure reads block it: a stale suite path does not stop an evalfit run.
    if (s.measure == M::Solved || s.measure == M::Points) {
        file(engine_->suiteEdit(), tr("EPD suite"), [](P p, const std::string& w) { return tuning::inputFileProblem(p, w, true); });
        file(engine_->heldOutEdit(), tr("Held-out suite"), [](P p, const std::string& w) { return tuning::inputFileProblem(p, w, false); });
    } else {
        ValidationDisplay::mark(engine_->suiteEdit(), {});
        ValidationDisplay::mark(engine_->heldOutEdit(), {});
    }
    if (s.measure == M::Evalfit) {
        file(fitness_->dataEdit(), tr("Data file"), [](P p, const std::string& w) { return tuning::inputFileProblem(p, w, true); });
        file(fitness_->heldOutDataEdit(), tr("Held-out data"), [](P p, const std::string& w) { return tuning::inputFileProblem(p, w, false); });
    }
    file(engine_->autosaveEdit(), tr("Autosave"), [](P p, const std::string& w) { return tuning::outputFileProblem(p, w); });

    if (!genome_->loadProblem().isEmpty())
        problems << genome_->loadProblem();
    else if (auto err = ga::validateGenome(s.genome))
        problems << tr("Genome: %1").arg(q(err->message)) +
                        (s.genome.size() == 0 ? tr(" (load a genome preset)") : QString());
    QString optionsWhy = conversion_->optionsTextProblem();
    for (const std::string& why : tuning::engineOptionProblems(s.engine, s.genome))
        optionsWhy += (optionsWhy.isEmpty() ? QString() : QStringLiteral("\n")) + q(why);
    ValidationDisplay::mark(engine_->optionsEdit(), optionsWhy);
    if (!optionsWhy.isEmpty())
        problems << optionsWhy;
    return problems;
}

} // namespace mf::ui
