#pragma once
// The panel's "Optimiser" group: which optimiser makes each batch (as `matefind-cli tune
// --optimizer`), how generation 0 is made (--start), every optimiser's own numbers (made from
// their descriptions in the optimiser registry: the GA's creep, SPSA's r_end, CMA-ES's first step
// ...; shown only while an optimiser of the run uses them), and the start values file
// (--start-values). The fields fill the same tuning::OptimizerSettings and TuningSettings::start
// as the CLI; which optimiser uses which field is the library's table (optimizer_uses.h): a field
// the chosen one does not use is greyed, its tip saying why. What a value may be is the
// optimiser's own rule.
#include "evolution/ga/start_population.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/optimizers/number_setting.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"

#include <QGroupBox>

#include <optional>
#include <string>
#include <utility>
#include <vector>

class QComboBox;
class QFormLayout;
class QLineEdit;
class QSettings;

namespace mf::ui {

class OptimizerSection : public QGroupBox {
    Q_OBJECT
public:
    explicit OptimizerSection(QWidget* parent = nullptr);

    // The fields' values: the first stage's optimiser, then the later stages of "Then" (each with
    // its count; the panel sets the first stage's from the generations field: joinStages). A text
    // that is no number keeps the last written value (textProblems() says so), an empty field with
    // an empty text (SPSA's scale) is the setting's default.
    tuning::OptimizerSettings optimizer() const;
    ga::StartPopulation start() const;
    // `optimizer`'s later stages with their counts (laterStagesOf). No edited().
    void write(const tuning::OptimizerSettings& optimizer, ga::StartPopulation start);

    // Each number field whose text is no value marked, the reasons returned in form order.
    QStringList markTextProblems() const;
    // The line edit of the setting a library problem names ("creep: ...", "spsa r_end: ..."), or nullptr.
    QLineEdit* editNamedBy(const std::string& problem) const;

    // The start values file: read when the panel looks at its path (PathChecks), kept with that
    // path; startValuesText() is its text while the field still shows that path.
    QString readStartValues(const QString& path);  // the problem of reading it, or empty
    std::optional<std::string> startValuesText() const;
    QString startValuesPath() const;

    void setLocked(bool locked);
    // After the panel marked its fields: greys what the chosen optimiser does not use (a marked
    // field stays enabled, to be fixed: the file keeps it).
    void applyEnabled();

    void save(QSettings& settings) const;             // inside the caller's group
    void restore(const QSettings& settings, const QString& group);

    QComboBox* optimizerCombo() const { return optimizer_; }
    QComboBox* thenCombo() const { return then_; }  // editable: "gradient 10", "local 6, gradient 10"
    QComboBox* startCombo() const { return start_; }
    // The field of one optimiser number (NumberSetting::widget is its object name).
    QLineEdit* numberEdit(const tuning::NumberSetting& setting) const;
    QLineEdit* startValuesEdit() const { return startValues_; }

signals:
    void edited();

private:
    void addNumbers();
    void addCombos();
    void addThen();
    // The later stages the "Then" text names (none when it does not read: textProblems() says so).
    std::vector<tuning::Stage> laterStages() const;
    const tuning::NumberSetting* settingOf(const QLineEdit* edit) const;

    QFormLayout* form_ = nullptr;
    QComboBox* optimizer_ = nullptr;
    QComboBox* then_ = nullptr;
    QComboBox* start_ = nullptr;
    // Every optimiser's numbers, in the registry's order, each with its field.
    std::vector<std::pair<const tuning::NumberSetting*, QLineEdit*>> numbers_;
    QLineEdit* startValues_ = nullptr;
    QWidget* startValuesRow_ = nullptr;
    tuning::OptimizerSettings written_;  // what an unparsable text falls back to
    QString startValuesPath_;            // the path the text was read from
    std::optional<std::string> startValuesText_;
    bool locked_ = false;
    bool writing_ = false;
};

} // namespace mf::ui
