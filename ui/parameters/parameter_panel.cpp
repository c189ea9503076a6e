#include "ui/parameters/parameter_panel.h"

#include "ui/parameters/engine_section.h"
#include "ui/parameters/evaluation_section.h"
#include "ui/parameters/evolution_section.h"
#include "ui/parameters/fitness_section.h"
#include "ui/fields/memory_estimate_label.h"
#include "ui/parameters/genome_section.h"
#include "ui/parameters/optimizer_section.h"
#include "ui/parameters/parameter_fields.h"
#include "ui/fields/path_checks.h"
#include "ui/parameters/settings_fields.h"
#include "ui/fields/validation_display.h"

#include "evolution/tuning/common/settings_rules.h"

#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QStandardPaths>
#include <QVBoxLayout>

#include <algorithm>

namespace mf::ui {

namespace {

QString q(const std::string& s) { return QString::fromStdString(s); }

// A library rule's answer for the panel: its message, or empty.
QString reason(const std::optional<std::string>& problem) { return problem ? q(*problem) : QString(); }

} // namespace

ParameterPanel::ParameterPanel(QWidget* parent) : QWidget(parent) {
    fields_ = new ParameterFields(this);
    pathChecks_ = new PathChecks(this);
    optimizer_ = new OptimizerSection(this);
    pathChecks_->watch(optimizer_->startValuesEdit());
    evolution_ = new EvolutionSection(fields_, this);
    evaluation_ = new EvaluationSection(fields_, this);
    fitness_ = new FitnessSection(this);
    engine_ = new EngineSection(pathChecks_, this);
    pathChecks_->watch(fitness_->dataEdit());
    pathChecks_->watch(fitness_->heldOutDataEdit());
    genome_ = new GenomeSection(this);
    display_ = std::make_unique<ValidationDisplay>(this);
    conversion_ = std::make_unique<SettingsFields>(
        SettingsFields::Sections{fields_, evaluation_, fitness_, engine_, genome_, optimizer_});

    auto* outer = new QVBoxLayout(this);
    outer->addWidget(optimizer_);
    outer->addWidget(evolution_);
    outer->addWidget(evaluation_);
    outer->addWidget(fitness_);
    outer->addWidget(engine_);
    outer->addWidget(genome_, 1);
    outer->addWidget(display_->label());

    connect(fields_, &ParameterFields::changed, this, &ParameterPanel::onEdited);
    connect(optimizer_, &OptimizerSection::edited, this, &ParameterPanel::onEdited);
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
    followDefaults();  // the measure's p_m and k for this genome, as the CLI's
    revalidate();
}

void ParameterPanel::followDefaults() {
    // tuning::defaultSettings is where the CLI takes them from too (evalfit: p_m = 1.5 / m and
    // tournaments of 3); the tournament kept within N, as the CLI keeps it.
    ga::Parameters d = tuning::defaultSettings(fitness_->measure(), genome_->model()->genome()).parameters;
    const ga::Parameters& p = fields_->parameters();
    d.selection.tournamentSize = std::clamp(d.selection.tournamentSize, 1, std::max(1, p.populationSize));
    const bool pm = p.pm == followed_.pm && p.pm != d.pm;
    const bool k = p.selection.tournamentSize == followed_.selection.tournamentSize &&
                   p.selection.tournamentSize != d.selection.tournamentSize;
    followed_ = d;
    if (pm)
        fields_->setFieldText(ga::Field::Pm, ParameterFields::exact(d.pm));
    if (k)
        fields_->setFieldText(ga::Field::TournamentSize, QString::number(d.selection.tournamentSize));
}

void ParameterPanel::setDefaultData(const QString& dataPath, const QString& heldOutDataPath) {
    conversion_->writeDefaultData(dataPath, heldOutDataPath);
    revalidate();
}

RunSettings ParameterPanel::settings() const { return conversion_->read(); }

void ParameterPanel::setSettings(const RunSettings& settings) {
    conversion_->write(settings);
    followed_ = fields_->parameters();  // a file's p_m and k are its own, not defaults to follow
    revalidate();
    emit settingsChanged();
}

void ParameterPanel::saveChoices(QSettings& settings) const { conversion_->save(settings); }

void ParameterPanel::restoreChoices(const QSettings& settings) {
    if (!conversion_->restore(settings))
        return;
    followed_ = fields_->parameters();  // the user's last choices stay
    revalidate();
}

void ParameterPanel::onEdited() {
    followDefaults();
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
    optimizer_->setLocked(locked);
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
    // After the marks: a marked field stays enabled whatever the optimiser.
    fields_->setOptimizer(optimizer_->optimizer());
    optimizer_->applyEnabled();
    display_->showProblems(problems, engineProblem_);
    if (problems != problems_) {
        problems_ = problems;
        emit validityChanged();
    }
    // Settings a run would refuse are not estimated: the problems above say why.
    if (!locked_) {
        if (problems_.isEmpty()) fitness_->memoryEstimate()->request(settings());
        else fitness_->memoryEstimate()->forget();
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
    markOptimizerProblems(s, problems);
    markStartValues(problems);
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

void ParameterPanel::markOptimizerProblems(const RunSettings& s, QStringList& problems) {
    // The optimiser's own rules (its validate(), as the CLI and the controller ask), each beside
    // the field it names; a population size SPSA or CMA-ES cannot use marks N unless N's own rule did.
    problems += optimizer_->markTextProblems();
    QLineEdit* population = fields_->edit(ga::Field::PopulationSize);
    const bool populationMarked = ValidationDisplay::isMarked(population);
    for (const std::string& problem : tuning::optimizerProblems(s)) {
        QString why = q(problem);
        QLineEdit* edit = optimizer_->editNamedBy(problem);
        if (problem.starts_with("population:")) {
            why = fields_->label(ga::Field::PopulationSize) + why.mid(QStringLiteral("population").size());
            edit = populationMarked ? nullptr : population;
        } else if (edit && ValidationDisplay::isMarked(edit)) {
            continue;  // its text is no value: said already
        }
        if (edit)
            ValidationDisplay::mark(edit, why);
        problems << why;
    }
}

void ParameterPanel::markStartValues(QStringList& problems) {
    // Read once its path settles (PathChecks), applied to the genome table's genome on every
    // change: a term the file names that the genome lacks is said at once.
    QLineEdit* edit = optimizer_->startValuesEdit();
    const PathChecks::Outcome seen = pathChecks_->look(edit, [&](const QString& path) { return optimizer_->readStartValues(path); });
    if (seen.pending) {
        ValidationDisplay::mark(edit, {});
        problems << tr("Start values: checking %1…").arg(edit->text().trimmed());
        return;
    }
    const QString why = seen.reason.isEmpty() ? conversion_->startValuesProblem() : seen.reason;
    ValidationDisplay::mark(edit, why);
    if (!why.isEmpty())
        problems << why;
}

} // namespace mf::ui
