#pragma once
// The run controller, seen from the GUI thread. The controller runs on its own thread and reports
// through a RunObserver; this bridge turns each report into a queued Qt signal carrying a
// registered value type, so slots always run on the GUI thread and nothing here ever waits on an
// engine, a pipe or a file. Engine log lines are many: they are collected under a mutex and
// delivered in batches by a GUI-thread timer; if the GUI falls behind, the oldest waiting lines
// give way to the newest (the log view keeps the last lines anyway) and a note says how many.
#include "ui/models/run_types.h"

#include "evolution/tuning/run/run_controller.h"

#include <QList>
#include <QObject>
#include <QString>

#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

class QTimer;

namespace mf::ui {

class RunBridge : public QObject {
    Q_OBJECT
public:
    // `factory` makes the run's evaluator (the window's, which its reports use too).
    RunBridge(tuning::EvaluatorFactory factory, QObject* parent);
    ~RunBridge() override;  // stops a run in flight; the controller quits its engines

    // Commands never block. They return an error to show, or an empty string.
    QString start(const RunSettings& settings);
    QString continueRun(const ga::RunState& state, const RunSettings& settings);
    QString startFight(const RunSettings& settings);
    void pause();
    void resume();
    void stop();

    // The status last delivered to the GUI thread (what the buttons follow).
    tuning::RunStatus status() const { return status_; }
    bool isActive() const;   // Starting, Running, Pausing, Paused or Stopping
    static constexpr std::size_t kMaxPendingLogLines = 20'000;  // a flooding engine must not eat the memory
    std::optional<ga::RunState> lastCompleted() const { return controller_->lastCompleted(); }
    // A fight's lanes as of its last completed round (empty after a plain run).
    std::vector<ga::FightLane> fightLanes() const { return controller_->fightLanes(); }

    static void registerTypes();

signals:
    void statusChanged(const mf::tuning::StatusChange& change);
    void progress(const mf::tuning::RunProgress& progress);
    void generationFinished(const mf::tuning::GenerationReport& report);
    void fightRoundFinished(const mf::tuning::FightRound& round);
    // A batch in arrival order; lines skipped because the GUI fell behind are counted in a Note.
    void engineLog(const QList<mf::tuning::EngineLogLine>& lines);
    void warning(const QString& text);
    // What the run decided that the user should know (how an engine scores evalfit, and why).
    void note(const QString& text);

private:
    class Observer;
    friend class Observer;
    // The controller's answer to a start: its error, or Starting shown at once (before its thread reports).
    QString accepted(const std::optional<std::string>& error);
    void onStatus(const tuning::StatusChange& change);
    void flushLog();

    std::unique_ptr<Observer> observer_;
    std::unique_ptr<tuning::RunController> controller_;  // after observer_: destroyed first
    tuning::RunStatus status_ = tuning::RunStatus::Idle;
    QTimer* logTimer_ = nullptr;
    std::mutex logMutex_;
    std::deque<tuning::EngineLogLine> pendingLog_;
    std::size_t droppedLog_ = 0;  // lines that gave way since the last batch
};

} // namespace mf::ui
