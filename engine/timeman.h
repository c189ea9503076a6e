#pragma once
// Turns the limits of a `go` into two deadlines measured from the moment `go` arrived:
// `optimumMs` (do not start another iteration after it) and `maximumMs` (stop the search at once).
//
// Under a clock a move gets its share of what is left: the time left less a reserve, divided by
// the moves to go (`movestogo`, else 30), plus three quarters of the increment. The reserve is
// never planned into: 250 ms, plus 4% of the clock, plus three times the overhead, at most a
// quarter of what is left. A long iteration may run to three shares, never past 60% of what is
// left after the reserve (all of it on the last move before the time control). The overhead is the
// user's Move Overhead plus the lateness the engine saw on its own clock (ClockLag): on a loaded
// machine the GUI counts more than the engine measured, and the plan leaves room for it.
#include <cstdint>
#include <limits>
#include <optional>

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

// The time the GUI's clock lost beyond what the engine measured itself, move by move of one game:
// the clock at this `go` against the clock at the last one, its increment and the engine's own
// think time. A late move raises it at once; it decays by a quarter a move. Clock jumps (a new
// time control, a new game) are not lateness.
class ClockLag {
public:
    // A `go` with `timeLeftMs` on our clock (nullopt: no clock) and `incrementMs`.
    void atGo(std::optional<std::int64_t> timeLeftMs, std::int64_t incrementMs);
    // The answer left `ownMs` after that `go` arrived, by the engine's clock.
    void answered(std::int64_t ownMs);
    void reset() { *this = ClockLag{}; }
    // Milliseconds to add to the move overhead (0 to MaxLagMs).
    int extraMs() const { return lagMs_; }
    static constexpr int MaxLagMs = 2000;

private:
    std::optional<std::int64_t> lastLeftMs_;
    std::int64_t lastIncrementMs_ = 0;
    std::optional<std::int64_t> lastOwnMs_;
    int lagMs_ = 0;
};

}  // namespace mf
