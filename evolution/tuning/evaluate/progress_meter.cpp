#include "evolution/tuning/evaluate/progress_meter.h"

#include <cmath>

namespace mf::tuning {

ProgressMeter::ProgressMeter(Clock::time_point start, std::size_t pastUnits, Clock::duration pastTime)
    : last_(start), lastUnit_(start), pastUnits_(pastUnits), pastTime_(pastTime) {}

void ProgressMeter::update(const EvaluationProgress& progress, bool paused, Clock::time_point now) {
    if (!paused && now > last_) active_ += now - last_;
    last_ = now;
    if (progress.unitsDone != unitsDone_ || progress.inFlight == 0) lastUnit_ = now;
    unitsDone_ = progress.unitsDone;
    unitsTotal_ = progress.unitsTotal;
    inFlight_ = progress.inFlight;
}

std::optional<double> ProgressMeter::secondsPerUnit() const {
    if (unitsDone_ > 0 && active_ > Clock::duration::zero())
        return std::chrono::duration<double>(active_).count() / static_cast<double>(unitsDone_);
    if (pastUnits_ > 0 && pastTime_ > Clock::duration::zero())
        return std::chrono::duration<double>(pastTime_).count() / static_cast<double>(pastUnits_);
    return std::nullopt;
}

std::optional<std::chrono::seconds> ProgressMeter::eta() const {
    const auto perUnit = secondsPerUnit();
    if (!perUnit) return std::nullopt;
    const std::size_t left = unitsTotal_ > unitsDone_ ? unitsTotal_ - unitsDone_ : 0;
    return roundedSeconds(static_cast<double>(left) * *perUnit);
}

std::chrono::seconds ProgressMeter::waitingFor(Clock::time_point now) const {
    if (inFlight_ == 0 || now <= lastUnit_) return std::chrono::seconds(0);
    return std::chrono::duration_cast<std::chrono::seconds>(now - lastUnit_);
}

std::chrono::seconds roundedSeconds(double seconds) {
    return std::chrono::seconds(static_cast<long long>(std::llround(std::max(0.0, seconds))));
}

}  // namespace mf::tuning
