// The bundled engine's time manager (engine/timeman.h): a move's share of the clock with movestogo,
// the increment and a reserve it never plans into, a bounded hard limit, and the lateness the
// GUI's clock shows beyond the engine's own measure.
#include <gtest/gtest.h>

#include "engine/timeman.h"

namespace mf {
namespace {

SearchLimits clock(std::int64_t leftMs, std::int64_t incMs, std::optional<int> movesToGo) {
    SearchLimits l;
    l.time[White] = l.time[Black] = leftMs;
    l.increment[White] = l.increment[Black] = incMs;
    l.movesToGo = movesToGo;
    return l;
}

TEST(TimePlan, FortyMovesInTenSecondsGetAboutAFortiethEach) {
    const TimePlan p = planTime(clock(10'000, 0, 40), White, 2);
    EXPECT_LE(p.optimumMs, 10'000 / 40);
    EXPECT_GE(p.optimumMs, 150);
    EXPECT_LE(p.maximumMs, 3 * p.optimumMs);
}

TEST(TimePlan, TheIncrementAddsToTheShare) {
    const TimePlan without = planTime(clock(10'000, 0, 40), White, 2);
    const TimePlan with = planTime(clock(10'000, 100, 40), White, 2);
    EXPECT_EQ(with.optimumMs - without.optimumMs, 75);
}

TEST(TimePlan, TheLastMovesBeforeTheControlKeepAReserve) {
    // One move to go with a second left: the reserve (a quarter here) is not planned into.
    const TimePlan last = planTime(clock(1000, 0, 1), White, 2);
    EXPECT_LE(last.maximumMs, 750);
    EXPECT_GE(last.maximumMs, 500);
    // Two to go: neither move may take more than 60% of what is usable.
    const TimePlan two = planTime(clock(724, 100, 2), White, 2);
    EXPECT_LE(two.maximumMs, 724 * 6 / 10);
    // A long clock keeps a few hundred milliseconds and more back.
    const TimePlan longClock = planTime(clock(60'000, 0, 1), White, 2);
    EXPECT_LE(longClock.maximumMs, 60'000 - 2'000);
}

TEST(TimePlan, MoreOverheadPlansLess) {
    const TimePlan quiet = planTime(clock(10'000, 100, 40), White, 2);
    const TimePlan loaded = planTime(clock(10'000, 100, 40), White, 300);
    EXPECT_LT(loaded.optimumMs, quiet.optimumMs);
    EXPECT_LT(loaded.maximumMs, quiet.maximumMs);
}

TEST(TimePlan, SuddenDeathAssumesThirtyMoves) {
    const TimePlan p = planTime(clock(30'000, 0, std::nullopt), Black, 0);
    EXPECT_LE(p.optimumMs, 1'000);
    EXPECT_GE(p.optimumMs, 800);
}

TEST(ClockLag, TheGuisClockBeyondOursRaisesTheOverheadAndDecays) {
    ClockLag lag;
    lag.atGo(10'000, 100);
    lag.answered(250);  // we measured 250 ms ...
    lag.atGo(9'500, 100);  // ... the GUI counted 600 (10000 + 100 - 9500)
    EXPECT_EQ(lag.extraMs(), 350);
    lag.answered(200);
    lag.atGo(9'400, 100);  // on time: 200 counted, 200 measured
    EXPECT_EQ(lag.extraMs(), 350 * 3 / 4);
    lag.answered(200);
    lag.atGo(19'000, 100);  // a new time control added time: not lateness
    EXPECT_EQ(lag.extraMs(), 350 * 3 / 4);
    lag.reset();
    EXPECT_EQ(lag.extraMs(), 0);
}

TEST(ClockLag, NoClockNoLag) {
    ClockLag lag;
    lag.atGo(std::nullopt, 0);
    lag.answered(5'000);
    lag.atGo(std::nullopt, 0);
    EXPECT_EQ(lag.extraMs(), 0);
    lag.atGo(1'000, 0);  // a first clock: nothing to compare with yet
    EXPECT_EQ(lag.extraMs(), 0);
}

}  // namespace
}  // namespace mf
