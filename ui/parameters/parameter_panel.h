#pragma once
// Every parameter of a run in one panel: the form, one section per group (Optimiser, Evolution,
// Evaluation, Fitness measure, Engine and suites, Genome), built from
//   ParameterFields    the GA fields and their conversion to ga::Parameters;
//   SettingsFields     the whole form <-> RunSettings, and the user's last choices (QSettings);
//   PathChecks         when the files are looked at (once typing pauses);
//   ValidationDisplay  red fields with their reasons, the list of problems under the form.
// What is valid is decided by the library only: ga::validateField/validate for the GA fields and
// tuning's settings rules (inputFileProblem, outputFileProblem, workersProblem, ...), the same
// rules tuning::validateSettings applies for the CLI and the controller. The panel parses texts
// and shows what the rules say; the main window keeps Start disabled while problems() is not empty.
#include "ui/models/genome_model.h"
#include "ui/models/run_types.h"

#include <QStringList>
#include <QWidget>

#include <memory>

class QComboBox;
class QLabel;
class QLineEdit;
class QSettings;

namespace mf::ui {

class EngineSection;
class EvaluationSection;
class EvolutionSection;
class FitnessSection;
class GenomeSection;
class OptimizerSection;
class ParameterFields;
class PathChecks;
class SettingsFields;
class ValidationDisplay;

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);
    ~ParameterPanel() override;

    // The bundled defaults: engine, suites and genome preset (a missing preset leaves the genome
    // empty and says so in problems()).
    void setDefaults(const QString& enginePath, const QString& suitePath, const QString& heldOutPath,
                     const QString& genomePresetPath);
    // The bundled labelled positions of measure evalfit (training and held out), so choosing
    // evalfit runs at once, as the CLI's default measure does.
    void setDefaultData(const QString& dataPath, const QString& heldOutDataPath);

    RunSettings settings() const;
    void setSettings(const RunSettings& settings);  // e.g. after opening a population file

    // Human-readable reasons why a run cannot start, first the GA fields in panel order.
    QStringList problems() const { return problems_; }
    bool isValid() const { return problems_.isEmpty(); }

    // Why the engine cannot run the panel's settings (the engine check's answer: a genome term the
    // engine lacks...), listed under the form with the panel's own problems; "" clears it.
    void setEngineProblem(const QString& problem);

    // While a run is going nothing can change: the running controller owns its copy.
    void setLocked(bool locked);
    bool isLocked() const { return locked_; }

    // The engine and suite files are looked at when their path changes (typed paths once typing
    // pauses), never on other keystrokes; this looks at them again (before a run, after one).
    void recheckFiles();
    static constexpr int kPathSettleMs = 300;

    void saveChoices(QSettings& settings) const;
    void restoreChoices(const QSettings& settings);

    // For tests and the main window: the line edit of a GA field (nullptr for combo fields).
    QLineEdit* edit(ga::Field field) const;
    QLineEdit* engineEdit() const;
    QLineEdit* suiteEdit() const;
    QLineEdit* autosaveEdit() const;
    // Where a run autosaves unless the user chose otherwise: autosave.mfpop in the application's
    // data folder ($XDG_DATA_HOME/MateFind/matefind on Linux).
    static QString defaultAutosavePath();
    QComboBox* selectionCombo() const;
    OptimizerSection* optimizerSection() const { return optimizer_; }
    FitnessSection* fitnessSection() const { return fitness_; }
    GenomeModel* genomeModel() const;
    QLabel* problemLabel() const;
    QLabel* lengthLabel() const;

signals:
    void validityChanged();   // problems() may have changed
    void settingsChanged();   // any value changed (unsaved-changes tracking, schema length)
    void genomeFromEngineRequested();  // the Genome section's "From engine…" button

private:
    void onEdited();  // a user edit anywhere in the form
    void revalidate();
    void showFieldsUsedBy(tuning::FitnessMeasure measure);
    void followDefaults();
    void markOptimizerProblems(const RunSettings& s, QStringList& problems);
    void markStartValues(QStringList& problems);
    QStringList parameterProblems();
    QStringList settingsProblems();

    ParameterFields* fields_ = nullptr;
    PathChecks* pathChecks_ = nullptr;
    EvolutionSection* evolution_ = nullptr;
    OptimizerSection* optimizer_ = nullptr;
    EvaluationSection* evaluation_ = nullptr;
    FitnessSection* fitness_ = nullptr;
    EngineSection* engine_ = nullptr;
    GenomeSection* genome_ = nullptr;
    std::unique_ptr<SettingsFields> conversion_;
    std::unique_ptr<ValidationDisplay> display_;
    QStringList problems_;
    QString engineProblem_;
    bool locked_ = false;
    // p_m and k as the measure and genome last had them by default (tuning::defaultSettings):
    // while a field still holds its default it follows a new measure or genome.
    ga::Parameters followed_;
};

} // namespace mf::ui
