#include "ui/bridges/run_bridge.h"


#include <QMetaObject>
#include <QTimer>

namespace mf::ui {

// Runs on the controller's thread: copies each report and posts it to the GUI thread.
class RunBridge::Observer final : public tuning::RunObserver {
public:
    explicit Observer(RunBridge* bridge) : bridge_(bridge) {}

    void statusChanged(const tuning::StatusChange& change) override {
        QMetaObject::invokeMethod(bridge_, [b = bridge_, change] { b->onStatus(change); }, Qt::QueuedConnection);
    }
    void progress(const tuning::RunProgress& p) override {
        QMetaObject::invokeMethod(bridge_, [b = bridge_, p] { emit b->progress(p); }, Qt::QueuedConnection);
    }
    void generationFinished(const tuning::GenerationReport& r) override {
        QMetaObject::invokeMethod(bridge_, [b = bridge_, r] { emit b->generationFinished(r); }, Qt::QueuedConnection);
    }
    void fightRoundFinished(const tuning::FightRound& round) override {
        QMetaObject::invokeMethod(bridge_, [b = bridge_, round] { emit b->fightRoundFinished(round); },
                                  Qt::QueuedConnection);
    }
    void engineLog(const tuning::EngineLogLine& line) override {
        std::lock_guard lock(bridge_->logMutex_);
        bridge_->pendingLog_.push_back(line);
        if (bridge_->pendingLog_.size() > kMaxPendingLogLines) {
            bridge_->pendingLog_.pop_front();  // the newest lines are the ones worth seeing
            ++bridge_->droppedLog_;
        }
    }
    void warning(const std::string& text) override {
        QMetaObject::invokeMethod(bridge_, [b = bridge_, t = QString::fromStdString(text)] { emit b->warning(t); },
                                  Qt::QueuedConnection);
    }

    void note(const std::string& text) override {
        QMetaObject::invokeMethod(bridge_, [b = bridge_, t = QString::fromStdString(text)] { emit b->note(t); },
                                  Qt::QueuedConnection);
    }

private:
    RunBridge* bridge_;
};

void RunBridge::registerTypes() {
    qRegisterMetaType<mf::ga::RunState>();
    qRegisterMetaType<mf::tuning::StatusChange>();
    qRegisterMetaType<mf::tuning::RunProgress>();
    qRegisterMetaType<mf::tuning::GenerationReport>();
    qRegisterMetaType<mf::tuning::FightRound>();
    qRegisterMetaType<mf::tuning::EngineLogLine>();
    qRegisterMetaType<QList<mf::tuning::EngineLogLine>>();
}

RunBridge::RunBridge(tuning::EvaluatorFactory factory, QObject* parent)
    : QObject(parent), observer_(std::make_unique<Observer>(this)) {
    registerTypes();
    controller_ = std::make_unique<tuning::RunController>(std::move(factory), observer_.get());
    // The window reopens a saved run whole, what each generation cost included.
    controller_->recordCosts(true);
    logTimer_ = new QTimer(this);
    logTimer_->setInterval(200);
    connect(logTimer_, &QTimer::timeout, this, &RunBridge::flushLog);
    logTimer_->start();
}

RunBridge::~RunBridge() {
    // Joins the run thread after stopping it; the evaluator quits (and if need be kills) its
    // engines, so no child process outlives the window. Events the observer posted after this
    // point are dropped with the bridge (invokeMethod's context object is gone).
    controller_.reset();
}

bool RunBridge::isActive() const {
    using S = tuning::RunStatus;
    return status_ == S::Starting || status_ == S::Running || status_ == S::Pausing || status_ == S::Paused ||
           status_ == S::Stopping;
}

QString RunBridge::start(const RunSettings& settings) { return accepted(controller_->start(settings)); }

QString RunBridge::continueRun(const ga::RunState& state, const RunSettings& settings) {
    return accepted(controller_->continueRun(state, settings));
}

QString RunBridge::startFight(const RunSettings& settings) { return accepted(controller_->startFight(settings)); }

QString RunBridge::accepted(const std::optional<std::string>& error) {
    if (error)
        return QString::fromStdString(*error);
    onStatus({tuning::RunStatus::Starting, {}});
    return {};
}

// Pause and Resume are acknowledged at once: the controller takes the command on this thread, and
// the window shows its new state now, not when the run thread next reports (during the engines'
// start-up or the traces that can be seconds away).
void RunBridge::pause() {
    controller_->pause();
    if (controller_->status() == tuning::RunStatus::Pausing)
        onStatus({tuning::RunStatus::Pausing, "the work in flight finishes first"});
}

void RunBridge::resume() {
    controller_->resume();
    if (controller_->status() == tuning::RunStatus::Running) onStatus({tuning::RunStatus::Running, "resumed"});
}
void RunBridge::stop() { controller_->stop(); }

void RunBridge::onStatus(const tuning::StatusChange& change) {
    // A command issued on this thread sets Starting at once; the controller's own Starting report
    // may arrive after it (or after Running): only report real changes.
    if (change.status == status_ && change.reason.empty())
        return;
    // The engines' lines of the last searches were queued before the controller could report
    // this status; show them first, so a run that says it finished has its whole log shown.
    flushLog();
    status_ = change.status;
    emit statusChanged(change);
}

void RunBridge::flushLog() {
    std::deque<tuning::EngineLogLine> lines;
    std::size_t dropped = 0;
    {
        std::lock_guard lock(logMutex_);
        lines.swap(pendingLog_);
        std::swap(dropped, droppedLog_);
    }
    if (lines.empty() && dropped == 0)
        return;
    QList<tuning::EngineLogLine> batch;
    batch.reserve(qsizetype(lines.size() + 1));
    if (dropped > 0)
        batch.append({kNoWorker, tuning::EngineLogLine::Direction::Note,
                      std::to_string(dropped) + " engine lines skipped: they came faster than the window shows them"});
    for (auto& line : lines)
        batch.append(std::move(line));
    emit engineLog(batch);
}

} // namespace mf::ui
