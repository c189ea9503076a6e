// The deadline rule of depth and nodes searches (search_deadline.h) and the limit-break verdict,
// as pure functions: no engine, no clock.
#include <gtest/gtest.h>

#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_deadline.h"

using namespace mf::uci;
using namespace std::chrono_literals;

namespace {

SearchResult completed(std::int64_t nodes, std::chrono::milliseconds think) {
    SearchResult result;
    result.status = SearchStatus::Completed;
    result.nodes = nodes;
    result.thinkTime = think;
    return result;
}

}  // namespace

TEST(SearchDeadline, MoveTimeIsTheLimitPlusGrace) {
    EngineTimeouts timeouts;
    auto deadline = searchDeadline(SearchLimit::moveTime(100), timeouts, {});
    EXPECT_EQ(deadline.budget, 2100ms);
    EXPECT_EQ(deadline.rule, "movetime 100 ms + grace 2000 ms");
}

TEST(SearchDeadline, UnmeasuredEngineGetsTheUnmeasuredDeadline) {
    EngineTimeouts timeouts;
    EXPECT_EQ(searchDeadline(SearchLimit::nodes(3000), timeouts, {}).budget, 60'000ms);
    EXPECT_EQ(searchDeadline(SearchLimit::depth(8), timeouts, {}).budget, 60'000ms);
}

TEST(SearchDeadline, NodesDeadlineIsTheFactorTimesTheSlowestSpeedWithAFloor) {
    EngineTimeouts timeouts;
    SpeedRecord speed;
    speed.record(SearchLimit::moveTime(100), completed(100'000, 100ms));  // 1 M nodes/s
    speed.record(SearchLimit::moveTime(100), completed(50'000, 100ms));   // 500 k nodes/s: the slowest
    speed.record(SearchLimit::nodes(10), completed(10, 1ms));             // too short to measure anything
    ASSERT_TRUE(speed.nodesPerSecond());
    EXPECT_DOUBLE_EQ(*speed.nodesPerSecond(), 500'000.0);
    // 20 x 1 M nodes at 500 k nodes/s = 40 s.
    auto big = searchDeadline(SearchLimit::nodes(1'000'000), timeouts, speed);
    EXPECT_EQ(big.budget, 40'000ms);
    EXPECT_EQ(big.rule, "20 x the time for 1000000 nodes at 500 k nodes/s, at least 3000 ms");
    // 20 x 3000 nodes = 120 ms: the floor.
    EXPECT_EQ(searchDeadline(SearchLimit::nodes(3000), timeouts, speed).budget, 3000ms);
}

TEST(SearchDeadline, AProbedSpeedCountsBeforeTheFirstSearch) {
    EngineTimeouts timeouts;
    timeouts.knownNodesPerSecond = 100'000;
    EXPECT_EQ(searchDeadline(SearchLimit::nodes(100'000), timeouts, {}).budget, 20'000ms);
}

TEST(SearchDeadline, DepthDeadlineIsTheFactorTimesTheSlowestSearchAtThatDepthOrDeeper) {
    EngineTimeouts timeouts;
    SpeedRecord speed;
    speed.record(SearchLimit::depth(6), completed(1000, 40ms));
    speed.record(SearchLimit::depth(6), completed(1000, 100ms));
    speed.record(SearchLimit::depth(4), completed(1000, 900ms));  // shallower: not used for depth 6
    auto deadline = searchDeadline(SearchLimit::depth(6), timeouts, speed);
    EXPECT_EQ(deadline.budget, 5000ms);  // 50 x 100 ms
    EXPECT_EQ(deadline.rule, "50 x the slowest depth 6 search so far (100 ms), at least 3000 ms");
    EXPECT_EQ(searchDeadline(SearchLimit::depth(4), timeouts, speed).budget, 45'000ms);  // 50 x 900 ms
    EXPECT_EQ(searchDeadline(SearchLimit::depth(9), timeouts, speed).budget, 60'000ms);  // never seen
}

TEST(SearchDeadline, FailedSearchesTeachNothing) {
    SpeedRecord speed;
    SearchResult failed = completed(1'000'000, 100ms);
    failed.status = SearchStatus::Failed;
    speed.record(SearchLimit::depth(6), failed);
    EXPECT_FALSE(speed.nodesPerSecond());
    EXPECT_FALSE(speed.slowestAtDepth(6));
}

TEST(SearchDeadline, UserTimeoutReplacesTheRuleButNotMoveTime) {
    EngineTimeouts timeouts;
    timeouts.searchTimeout = 7000ms;
    EXPECT_EQ(searchDeadline(SearchLimit::depth(30), timeouts, {}).budget, 7000ms);
    EXPECT_EQ(searchDeadline(SearchLimit::nodes(30), timeouts, {}).budget, 7000ms);
    EXPECT_EQ(searchDeadline(SearchLimit::moveTime(30), timeouts, {}).budget, 2030ms);
}

TEST(LimitBreak, NodesFarAboveOrBelowTheLimit) {
    const auto limit = SearchLimit::nodes(3000);
    EXPECT_EQ(nodesLimitBreak(limit, 3000), LimitBreak::None);
    EXPECT_EQ(nodesLimitBreak(limit, 30'000), LimitBreak::None);
    EXPECT_EQ(nodesLimitBreak(limit, 30'001), LimitBreak::Above);
    EXPECT_EQ(nodesLimitBreak(limit, 2'345'678), LimitBreak::Above);  // Toga II
    EXPECT_EQ(nodesLimitBreak(limit, 300), LimitBreak::None);
    EXPECT_EQ(nodesLimitBreak(limit, 299), LimitBreak::Below);
    EXPECT_EQ(nodesLimitBreak(limit, 5), LimitBreak::Below);  // Ethereal 12
    EXPECT_EQ(nodesLimitBreak(limit, 0), LimitBreak::None);   // no nodes reported: no verdict
    EXPECT_EQ(nodesLimitBreak(SearchLimit::depth(6), 5), LimitBreak::None);
}
