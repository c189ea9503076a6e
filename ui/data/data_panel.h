#pragma once
// The Data tab: labelled positions for evalfit from self-play, as `matefind-cli make-dataset
// --self-play` makes them (data_setup.h: the same options, the same library call, the same file).
// It plays the Parameters panel's engine (program, arguments, fixed options) with the tab's games,
// limit per move, positions per game, seed, workers and output file; Start checks the limit and
// plays off the GUI thread (data_bridge.h), showing the games kept of the total, the positions,
// their rate and an ETA as games end, and the log. Stop ends it within a move and writes the
// positions of the games that had ended. With Held-out games set, a second file follows with the
// next seed (the engine's own held-out positions). Then "Use as the run's data" puts the file (and
// that held-out file) into the Fitness section and chooses evalfit; "as held-out data" the file as
// the held-out one. The command line that makes the
// same file is shown, to run it on another machine.
#include "ui/data/data_bridge.h"
#include "ui/data/data_setup.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace mf::ui {

class ElidedLabel;
class UserPrompts;

struct DataContext {
    std::function<tuning::EngineSpec()> engine;  // the Parameters panel's
    // Why the engines are not free ("" when they are): a tuning run.
    std::function<QString()> enginesTaken;
    // Puts `path` into the Fitness section (held-out or training data, measure evalfit); "" when
    // done, else why not.
    std::function<QString(const QString& path, bool heldOut)> useData;
    // Why the Fitness section takes no file now ("" when it does): a run has locked the panel.
    std::function<QString()> parametersLocked;
    UserPrompts* prompts = nullptr;  // replacing a file; playing when the engine breaks the limit
    // Why the Fitness section's held-out data does not fit its engine ("" when it does).
    std::function<QString()> heldOutProblem;
};

class DataPanel : public QWidget {
    Q_OBJECT
public:
    enum LimitKind { Nodes = 0, Depth = 1, MoveTime = 2 };

    explicit DataPanel(DataContext context, QWidget* parent = nullptr);

    // The window calls it when the run or the panel changed: the engine shown, the buttons.
    void refresh();
    QString startProblem() const;  // why Start is disabled ("" when it is not)
    void stopData();               // Stop; closing the window too
    bool busy() const { return bridge_->busy(); }
    // The file the last run wrote (with at least one position), "" before one.
    QString madeFile() const { return madeFile_; }
    // The choices of the fields; the options they make with the panel's engine.
    DataChoices choices() const;
    Result<DataSetup> setup() const;

    QSpinBox* gamesSpin() const { return games_; }
    QComboBox* limitKindCombo() const { return limitKind_; }
    QSpinBox* limitSpin() const { return limit_; }
    QSpinBox* perGameSpin() const { return perGame_; }
    QSpinBox* seedSpin() const { return seed_; }
    QSpinBox* workersSpin() const { return workers_; }
    // Games of the held-out file made after the data with the next seed ("none": 0).
    QSpinBox* heldOutGamesSpin() const { return heldOutGames_; }
    // Where the held-out file goes: the output's name with "-heldout" before its suffix.
    QString heldOutOutput() const;
    QString madeHeldOutFile() const { return madeHeldOut_; }
    QLineEdit* outputEdit() const { return output_; }
    QPushButton* startButton() const { return start_; }
    QPushButton* stopButton() const { return stop_; }
    QPushButton* useAsDataButton() const { return useData_; }
    QPushButton* useAsHeldOutButton() const { return useHeldOut_; }
    QProgressBar* progressBar() const { return progress_; }
    QLabel* readoutLabel() const { return readout_; }
    QLabel* statusLabel() const { return status_; }
    QLineEdit* commandEdit() const { return command_; }
    QPlainTextEdit* logView() const { return log_; }
    QWidget* settingsArea() const { return settings_; }
    DataBridge* bridge() const { return bridge_; }

signals:
    void busyChanged();  // a run began or ended: the window's Start follows busy()

private:
    // Building the tab (data_panel_form.cpp).
    QWidget* makeSettings();
    QWidget* makeControls();
    void setLimitRange();  // the value's range and default follow the limit's kind
    void connectControls();

    // `heldOutLeg`: the held-out file after the data (the next seed, the held-out games).
    void startData(bool overrideLimitCheck, bool heldOutLeg = false);
    DataChoices legChoices(bool heldOutLeg) const;
    void onProgress(const dataset::MakeDatasetProgress& progress);
    void onFinished(const DataOutcome& outcome);
    void useFile(bool heldOut);

    DataContext context_;
    DataBridge* bridge_ = nullptr;
    QWidget* settings_ = nullptr;
    ElidedLabel* engine_ = nullptr;
    QSpinBox* games_ = nullptr;
    QComboBox* limitKind_ = nullptr;
    QSpinBox* limit_ = nullptr;
    QSpinBox* perGame_ = nullptr;
    QSpinBox* seed_ = nullptr;
    QSpinBox* workers_ = nullptr;
    QSpinBox* heldOutGames_ = nullptr;
    QLineEdit* output_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* useData_ = nullptr;
    QPushButton* useHeldOut_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QLabel* readout_ = nullptr;
    QLabel* status_ = nullptr;
    QLineEdit* command_ = nullptr;
    QPlainTextEdit* log_ = nullptr;
    QElapsedTimer playing_;    // since the first game began
    QString running_;          // the file being made
    bool overrideLimit_ = false;  // the run under way plays though the engine breaks the limit
    QString madeFile_;
    QString madeHeldOut_;    // the held-out file the last run made after the data ("" : none)
    bool heldOutLeg_ = false;  // the run under way makes the held-out file
};

}  // namespace mf::ui
