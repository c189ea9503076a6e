#include "ui/engine_check.h"

#include "ui/background_task.h"

#include <QTimer>

namespace mf::ui {

EngineCheck::EngineCheck(QObject* parent)
    : QObject(parent), settle_(new QTimer(this)), task_(new BackgroundTask(this)) {
    settle_->setSingleShot(true);
    settle_->setInterval(kSettleMs);
    connect(settle_, &QTimer::timeout, this, &EngineCheck::runWanted);
}

EngineCheck::~EngineCheck() { task_->stopAndWait(); }

void EngineCheck::request(const RunSettings& settings) {
    tuning::ReadinessInputs inputs = tuning::readinessInputs(settings);
    if ((known_ && known_->inputs == inputs) || (asking_ && *asking_ == inputs)) {
        wanted_.reset();  // back to what is known or being asked: nothing new to ask
        settle_->stop();
        return;
    }
    wanted_ = std::move(inputs);
    settle_->start();
}

void EngineCheck::whenChecked(const RunSettings& settings, Answered then) {
    tuning::ReadinessInputs inputs = tuning::readinessInputs(settings);
    if (known_ && known_->inputs == inputs) {
        then(known_->readiness);
        return;
    }
    waiting_.emplace_back(inputs, std::move(then));
    if (asking_ && *asking_ == inputs)
        return;  // its answer is on the way
    wanted_ = std::move(inputs);
    settle_->stop();
    runWanted();
}

QString EngineCheck::blockingReason(const RunSettings& settings) const {
    if (!known_ || !known_->readiness.blocking || !(known_->inputs == tuning::readinessInputs(settings)))
        return {};
    return QString::fromStdString(*known_->readiness.blocking);
}

double EngineCheck::nodesPerSecond(const RunSettings& settings) const {
    if (!known_ || !known_->readiness.limit || !(known_->inputs == tuning::readinessInputs(settings)))
        return 0.0;
    return known_->readiness.limit->nodesPerSecond.value_or(0.0);
}

void EngineCheck::runWanted() {
    if (!wanted_ || task_->isRunning())
        return;  // a running check calls this again when it answers
    asking_ = std::move(*wanted_);
    wanted_.reset();
    const tuning::ReadinessInputs inputs = *asking_;
    task_->start<tuning::EngineReadiness>(
        [inputs](std::stop_token stop) { return tuning::checkEngineReadiness(inputs, true, stop); },
        [this, inputs](const tuning::EngineReadiness& readiness) {
            asking_.reset();
            known_ = Known{inputs, readiness};
            // Callbacks may ask again (a Start that waited): take them out first.
            std::vector<Answered> ready;
            for (auto it = waiting_.begin(); it != waiting_.end();) {
                if (it->first == inputs) {
                    ready.push_back(std::move(it->second));
                    it = waiting_.erase(it);
                } else {
                    ++it;
                }
            }
            emit answered();
            for (Answered& then : ready)
                then(readiness);
            runWanted();
        });
}

} // namespace mf::ui
