#pragma once
// The panel's "Fitness measure" group: what a chromosome's searches or games are worth
// (tuning::FitnessMeasure). The games measure has fields of its own (pairs, baseline, openings,
// held-out pairs, the clock and the confirmation), shown only while it is chosen; so has evalfit (a labelled data file, a held-out
// one, and how the engine scores them: the path, auto | fast | uci, and the uci path's search,
// depth or nodes); the suite measures use the engine section's suite fields. Every file has a
// browse button.
#include "evolution/tuning/settings/tuning_settings.h"

#include <QGroupBox>

class QComboBox;
class QFormLayout;
class QCheckBox;
class QLineEdit;
class QSpinBox;

namespace mf::ui {

class BaselinePicker;
class MemoryEstimateLabel;

class FitnessSection : public QGroupBox {
    Q_OBJECT
public:
    explicit FitnessSection(QWidget* parent = nullptr);

    tuning::FitnessMeasure measure() const;
    void setMeasure(tuning::FitnessMeasure measure);  // not an edit: no edited()
    tuning::GamesSettings games() const;
    void setGames(const tuning::GamesSettings& games);  // not an edit: no edited()
    // The evalfit fields. K and E0 of an opened run are kept while its data files stay the same
    // (so Continue scores as the run did); a changed data file drops them (a new run fits again).
    tuning::EvalfitSettings evalfit() const;
    void setEvalfit(const tuning::EvalfitSettings& evalfit);  // not an edit: no edited()
    // A data file made in the window (the Data tab) put in as if typed: into the held-out field or
    // the data file, the measure switched to evalfit; edited() follows. False while locked.
    bool useDataFile(const QString& path, bool heldOut);
    QLineEdit* dataEdit() const { return data_; }
    QLineEdit* heldOutDataEdit() const { return heldOutData_; }
    QComboBox* evalfitPathCombo() const { return path_; }
    MemoryEstimateLabel* memoryEstimate() const { return memory_; }
    QComboBox* uciLimitKindCombo() const { return uciKind_; }
    QSpinBox* uciLimitSpin() const { return uciValue_; }
    QSpinBox* retraceSpin() const { return retrace_; }
    QComboBox* measureCombo() const { return measure_; }
    QSpinBox* pairsSpin() const { return pairs_; }
    QLineEdit* baselineEdit() const;  // the baseline's path (engine or population file)
    BaselinePicker* baselinePicker() const { return baseline_; }
    QLineEdit* openingsEdit() const { return openings_; }
    QSpinBox* heldOutPairsSpin() const { return heldOutPairs_; }
    QLineEdit* clockEdit() const { return clock_; }
    QSpinBox* confirmPairsSpin() const { return confirmPairs_; }
    QLineEdit* confirmAtEdit() const { return confirmAt_; }
    QCheckBox* chargeSpeedCheck() const { return chargeSpeed_; }
    void setLocked(bool locked);

signals:
    void edited();

private:
    void addMeasureRow();
    void addGamesRows(const tuning::GamesSettings& defaults);
    void addClockRows(const tuning::GamesSettings& defaults);
    void addEvalfitRows(const tuning::EvalfitSettings& defaults);
    void connectEdits();
    void showFieldsOf(tuning::FitnessMeasure measure);
    void applyEnabled();  // the uci search only where the uci path may be taken
    bool retraceUsed() const;  // the path may be the trace path (trace or auto)

    QFormLayout* form_ = nullptr;
    QComboBox* measure_ = nullptr;
    QSpinBox* pairs_ = nullptr;
    BaselinePicker* baseline_ = nullptr;
    QLineEdit* openings_ = nullptr;
    QSpinBox* heldOutPairs_ = nullptr;
    QLineEdit* clock_ = nullptr;         // games at a clock; empty: the limit per move
    QSpinBox* confirmPairs_ = nullptr;   // the answer's confirmation against the start; 0: none
    QLineEdit* confirmAt_ = nullptr;     // its limit; empty: the run's clock, else movetime 40
    QCheckBox* chargeSpeed_ = nullptr;   // node limit: each side gets the limit times its speed ratio
    QLineEdit* data_ = nullptr;
    QLineEdit* heldOutData_ = nullptr;
    MemoryEstimateLabel* memory_ = nullptr;  // beside the data files: what a run on them takes
    QComboBox* path_ = nullptr;
    QComboBox* uciKind_ = nullptr;
    QSpinBox* uciValue_ = nullptr;
    QSpinBox* retrace_ = nullptr;
    QWidget* uciRow_ = nullptr;
    QList<QWidget*> pathRows_;  // the browse rows of the files
    bool locked_ = false;
    tuning::EvalfitSettings evalfit_;  // the last written (opened run), for its fitted K and E0
    bool writing_ = false;
};

} // namespace mf::ui
