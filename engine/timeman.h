#pragma once
// Turns the limits of a `go` into two deadlines measured from the moment `go` arrived:
// `optimum` (do not start another iteration after it) and `maximum` (stop the search at once).
#include <cstdint>
#include <limits>

#include "engine/search_limits.h"
#include "engine/types.h"

namespace mf {

struct TimePlan {
    static constexpr std::int64_t Unlimited = std::numeric_limits<std::int64_t>::max();
    std::int64_t optimumMs = Unlimited;
    std::int64_t maximumMs = Unlimited;
};

// `moveOverheadMs` is what the GUI, pipes and process scheduling eat between our `bestmove` and
// the GUI's clock: kept back from every deadline.
TimePlan planTime(const SearchLimits& limits, Color sideToMove, int moveOverheadMs);

}  // namespace mf
