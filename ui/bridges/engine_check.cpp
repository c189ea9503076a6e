#include "ui/bridges/engine_check.h"

#include "ui/bridges/background_task.h"

#include "evolution/tuning/setup/engine_genome.h"

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
    if (answerFor(inputs) || (asking_ && *asking_ == inputs)) {
        if (answerFor(inputs)) emit answered();  // known without asking: Start's state may change now
        wanted_.reset();  // nothing new to ask
        settle_->stop();
        return;
    }
    wanted_ = std::move(inputs);
    settle_->start();
}

void EngineCheck::whenChecked(const RunSettings& settings, Answered then) {
    tuning::ReadinessInputs inputs = tuning::readinessInputs(settings);
    if (auto known = answerFor(inputs)) {
        then(*known);
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
    const auto known = answerFor(tuning::readinessInputs(settings));
    return known && known->blocking ? QString::fromStdString(*known->blocking) : QString();
}

double EngineCheck::nodesPerSecond(const RunSettings& settings) const {
    const auto known = answerFor(tuning::readinessInputs(settings));
    return known && known->limit ? known->limit->nodesPerSecond.value_or(0.0) : 0.0;
}

EngineCheck::LimitKey EngineCheck::limitKeyOf(const tuning::ReadinessInputs& inputs) {
    return {inputs.engine, inputs.limitKind, inputs.limitValue};
}

std::optional<tuning::EngineReadiness> EngineCheck::answerFor(const tuning::ReadinessInputs& inputs) const {
    if (!announced_ || !(announced_->engine == inputs.engine))
        return std::nullopt;
    tuning::EngineReadiness readiness;
    if (announced_->startError) {
        readiness.blocking = announced_->startError;
        return readiness;
    }
    if (auto mismatch = tuning::checkGenomeAgainstEngine(inputs.genome, announced_->options)) {
        readiness.blocking = std::move(mismatch);
        return readiness;
    }
    if (!inputs.searches)
        return readiness;  // evalfit: no limit to check
    if (!limit_ || !(limit_->key == limitKeyOf(inputs)))
        return std::nullopt;
    readiness.limit = limit_->check;
    return readiness;
}

void EngineCheck::runWanted() {
    if (!wanted_ || task_->isRunning())
        return;  // a running check calls this again when it answers
    asking_ = std::move(*wanted_);
    wanted_.reset();
    const tuning::ReadinessInputs inputs = *asking_;
    // Only what is not known yet: the options when the engine is new, the limit when the engine
    // or the limit is.
    const bool needOptions = !announced_ || !(announced_->engine == inputs.engine);
    ++checksStarted_;
    task_->start<Found>(
        [inputs, needOptions](std::stop_token stop) {
            Found found;
            if (needOptions) {
                auto options = tuning::announcedOptions(inputs.engine, stop);
                found.announced = Announced{inputs.engine, std::nullopt, {}};
                if (!options) {
                    found.announced->startError = options.error().message;
                    return found;
                }
                found.announced->options = std::move(*options);
                if (tuning::checkGenomeAgainstEngine(inputs.genome, found.announced->options))
                    return found;  // blocked: the limit does not matter yet
            }
            if (!inputs.searches || stop.stop_requested())
                return found;
            ga::Parameters parameters;
            parameters.limitKind = inputs.limitKind;
            parameters.limitValue = inputs.limitValue;
            uci::LimitCheck check = uci::checkLimitHonoured(tuning::engineConfigOf(inputs.engine),
                                                            tuning::searchLimit(parameters), {}, stop);
            if (!stop.stop_requested())
                found.limit = Limit{limitKeyOf(inputs), std::move(check)};
            return found;
        },
        [this, inputs](const Found& found) {
            asking_.reset();
            if (found.announced)
                announced_ = found.announced;
            if (found.limit)
                limit_ = found.limit;
            // A check stopped before its limit verdict still answers its question (as honoured).
            const tuning::EngineReadiness asked = answerFor(inputs).value_or(tuning::EngineReadiness{});
            // Callbacks may ask again (a Start that waited): take them out first.
            std::vector<std::pair<Answered, tuning::EngineReadiness>> ready;
            for (auto it = waiting_.begin(); it != waiting_.end();) {
                auto known = it->first == inputs ? std::optional(asked) : answerFor(it->first);
                if (known) {
                    ready.emplace_back(std::move(it->second), std::move(*known));
                    it = waiting_.erase(it);
                } else {
                    ++it;
                }
            }
            emit answered();
            for (auto& [then, readiness] : ready)
                then(readiness);
            runWanted();
        });
}

} // namespace mf::ui
