#pragma once
// The conversion between a run's settings and the panel's fields: read the fields into
// RunSettings, write RunSettings into them (an opened file), and keep the user's last choices in
// QSettings (restored through the same parsing as typing, so a bad stored value shows marked).
#include "ui/models/run_types.h"

class QSettings;
class QString;

namespace mf::ui {

class EngineSection;
class EvaluationSection;
class FitnessSection;
class GenomeSection;
class OptimizerSection;
class ParameterFields;

class SettingsFields {
public:
    struct Sections {
        ParameterFields* parameters;
        EvaluationSection* evaluation;
        FitnessSection* fitness;
        EngineSection* engine;
        GenomeSection* genome;
        OptimizerSection* optimizer;
    };
    explicit SettingsFields(const Sections& sections) : s_(sections) {}

    // The run's genome is the genome table's with the start values file applied (when it reads;
    // else the table's, and the panel lists the start values' problem).
    RunSettings read() const;
    // Why the start values do not apply to the genome table's genome (names file, line and term),
    // or empty (none given, or not read yet).
    QString startValuesProblem() const;
    // Why the engine options text is not a list of Name=value lines (names the line), or empty.
    QString optionsTextProblem() const;
    void write(const RunSettings& settings);
    void writeDefaults(const QString& engine, const QString& suite, const QString& heldOut);
    void writeDefaultData(const QString& data, const QString& heldOutData);

    void save(QSettings& settings) const;
    // False when the settings hold no choices yet (first run: the bundled defaults stay).
    bool restore(const QSettings& settings);

    // The engine's arguments as typed in a shell (quotes group words; \"\"\" is a literal quote),
    // and back; fixed options as Name=value lines (blank lines skipped), and back.
    static std::vector<std::string> splitArguments(const QString& text);
    static QString joinArguments(const std::vector<std::string>& arguments);
    static uci::OptionValues parseOptions(const QString& text, QString* problem = nullptr);
    static QString joinOptions(const uci::OptionValues& options);

private:
    void restorePaths(const QSettings& settings, const QString& group);
    void restoreParameters(const QSettings& settings, const QString& group);

    Sections s_;
};

} // namespace mf::ui
