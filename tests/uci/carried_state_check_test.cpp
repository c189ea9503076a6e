// The carried-state check (carried_state_check.h) on the fake engine: with --stale-cache it keeps
// the first weights' Material in every later score on one process, so the check must see the
// other weights' scores differ from a fresh process's; without it nothing is carried.
#include <gtest/gtest.h>

#include "evolution/uci/carried_state_check.h"
#include "fake_engine_support.h"

using namespace mf::uci;
using namespace mf::uci::testing;

namespace {

CarriedStateSettings settings() {
    CarriedStateSettings s;
    // White to move with e2-e4 legal: the fake answers e2e4 everywhere.
    s.fens = {startFen, "rnbqkbnr/pppp1ppp/8/4p3/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2",
              "rnbqkb1r/pppppppp/5n2/8/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 1 2"};
    s.first = {{"Material", "100"}};
    s.other = {{"Material", "60"}};
    s.depth = 2;
    return s;
}

TEST(CarriedStateCheck, AnEngineThatKeepsItsCacheIsCaught) {
    const CarriedStateCheck check = checkCarriedState(fakeEngine({"--by-position", "--stale-cache"}), settings());
    ASSERT_FALSE(check.error) << *check.error;
    EXPECT_EQ(check.positions, 3u);
    EXPECT_EQ(check.reached, 3u) << "Material 100 -> 60 moves every score on fresh processes";
    EXPECT_EQ(check.carriedIntoOther, 3u) << "on one process the other weights still score with Material 100";
    EXPECT_EQ(check.carriedBack, 0u) << "and back at the first weights the cache happens to be right";
    EXPECT_FALSE(check.carriesNothing());
    const std::string line = describeCarriedState(check, 2);
    EXPECT_NE(line.find("CARRIES STATE"), std::string::npos) << line;
    EXPECT_NE(line.find("on a fresh process"), std::string::npos) << line;
}

TEST(CarriedStateCheck, AnEngineThatKeepsNothingPasses) {
    const CarriedStateCheck check = checkCarriedState(fakeEngine({"--by-position"}), settings());
    ASSERT_FALSE(check.error) << *check.error;
    EXPECT_EQ(check.reached, 3u);
    EXPECT_EQ(check.carried(), 0u);
    EXPECT_TRUE(check.carriesNothing());
    EXPECT_NE(describeCarriedState(check, 2).find("carries nothing across weight changes (3 positions at depth 2, the "
                                                  "other weights moved 3 scores)"),
              std::string::npos);
}

TEST(CarriedStateCheck, WeightsThatReachNoScoreShowNothing) {
    CarriedStateSettings s = settings();
    s.other = s.first;
    const CarriedStateCheck check = checkCarriedState(fakeEngine({"--by-position", "--stale-cache"}), s);
    ASSERT_FALSE(check.error) << *check.error;
    EXPECT_TRUE(check.inconclusive());
    EXPECT_FALSE(check.carriesNothing()) << "no verdict when the weights move nothing";
    EXPECT_NE(describeCarriedState(check, 2).find("not shown"), std::string::npos);
}

TEST(CarriedStateCheck, AnEngineThatCrashesIsReportedNotJudged) {
    const CarriedStateCheck check = checkCarriedState(fakeEngine({"--fault=crash"}), settings());
    ASSERT_TRUE(check.error);
    EXPECT_NE(describeCarriedState(check, 2).find("not checked: the first weights on a fresh process: "),
              std::string::npos)
        << describeCarriedState(check, 2);
}

}  // namespace
