#include "engine/timeman.h"

#include <algorithm>

namespace mf {

TimePlan planTime(const SearchLimits& limits, Color sideToMove, int moveOverheadMs) {
    TimePlan plan;
    if (limits.movetimeMs) {
        // A fixed time per move: use all of it, the answer must leave before it ends.
        const std::int64_t t = std::max<std::int64_t>(1, *limits.movetimeMs - moveOverheadMs);
        plan.optimumMs = plan.maximumMs = t;
    }
    if (limits.usesClock() && limits.time[sideToMove]) {
        const std::int64_t left = std::max<std::int64_t>(1, *limits.time[sideToMove] - moveOverheadMs);
        const std::int64_t inc = limits.increment[sideToMove];
        const int movesToGo = std::clamp(limits.movesToGo.value_or(30), 1, 50);
        const std::int64_t reserve = std::min<std::int64_t>(left / 4, 250 + left / 25 + 3 * std::int64_t(moveOverheadMs));
        const std::int64_t usable = std::max<std::int64_t>(1, left - reserve);
        const std::int64_t share = usable / movesToGo + inc * 3 / 4;
        const std::int64_t cap = movesToGo == 1 ? usable : usable * 6 / 10;
        const std::int64_t optimum = std::min(share, cap);
        const std::int64_t maximum = std::min(share * 3, cap);
        plan.optimumMs = std::min(plan.optimumMs, std::max<std::int64_t>(1, optimum));
        plan.maximumMs = std::min(plan.maximumMs, std::max<std::int64_t>(1, maximum));
    }
    return plan;
}

void ClockLag::atGo(std::optional<std::int64_t> timeLeftMs, std::int64_t incrementMs) {
    if (timeLeftMs && lastLeftMs_ && lastOwnMs_ && *timeLeftMs <= *lastLeftMs_ + lastIncrementMs_) {
        // What the GUI's clock counted for our last move, against what we measured.
        const std::int64_t counted = *lastLeftMs_ + lastIncrementMs_ - *timeLeftMs;
        const std::int64_t late = std::clamp<std::int64_t>(counted - *lastOwnMs_, 0, MaxLagMs);
        lagMs_ = std::max(int(late), lagMs_ * 3 / 4);
    }
    lastLeftMs_ = timeLeftMs;
    lastIncrementMs_ = incrementMs;
    lastOwnMs_.reset();
}

void ClockLag::answered(std::int64_t ownMs) {
    if (lastLeftMs_) lastOwnMs_ = ownMs;
}

}  // namespace mf
