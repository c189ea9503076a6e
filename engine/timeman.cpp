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
        // Spend an even share of what is left plus most of the increment; allow up to five
        // shares when an iteration runs long, never more than 80% of the clock.
        const std::int64_t share = left / movesToGo + inc * 3 / 4;
        const std::int64_t cap = movesToGo == 1 ? left * 9 / 10 : left * 8 / 10;
        const std::int64_t optimum = std::min(share, cap);
        const std::int64_t maximum = std::min(share * 5, cap);
        plan.optimumMs = std::min(plan.optimumMs, std::max<std::int64_t>(1, optimum));
        plan.maximumMs = std::min(plan.maximumMs, std::max<std::int64_t>(1, maximum));
    }
    return plan;
}

}  // namespace mf
