#pragma once
// One piece of engine work off the GUI thread (starting an engine to read its options, probe
// searches): it runs on its own thread and its answer comes back on the GUI thread. One at a time:
// start() while one runs returns false. Stopping (or destroying the task) asks the work to stop
// through its stop_token and waits for it, so an answer never reaches a destroyed window.
#include <QMetaObject>
#include <QObject>

#include <functional>
#include <stop_token>
#include <thread>
#include <utility>

namespace mf::ui {

class BackgroundTask : public QObject {
public:
    explicit BackgroundTask(QObject* parent = nullptr) : QObject(parent) {}
    ~BackgroundTask() override { stopAndWait(); }

    bool isRunning() const { return running_; }

    // `work` runs on the task's thread; `done` gets its result on this object's (the GUI) thread,
    // unless the task was stopped meanwhile.
    template <class Result>
    bool start(std::function<Result(std::stop_token)> work, std::function<void(const Result&)> done) {
        if (running_)
            return false;
        if (thread_.joinable())
            thread_.join();  // the last one has answered, so it has ended or is just returning
        running_ = true;
        const unsigned run = ++runs_;
        thread_ = std::jthread([this, run, work = std::move(work), done = std::move(done)](std::stop_token stop) {
            Result result = work(stop);
            if (stop.stop_requested())
                return;
            QMetaObject::invokeMethod(
                this,
                [this, run, done, result = std::move(result)] {
                    if (run != runs_)
                        return;  // stopped after it had answered: a newer question may be running
                    running_ = false;
                    done(result);
                },
                Qt::QueuedConnection);
        });
        return true;
    }

    void stopAndWait() {
        if (thread_.joinable()) {
            thread_.request_stop();
            thread_.join();
        }
        ++runs_;
        running_ = false;
    }

private:
    std::jthread thread_;
    bool running_ = false;
    unsigned runs_ = 0;  // GUI thread only: which start() an answer belongs to
};

} // namespace mf::ui
