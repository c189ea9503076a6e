// The faults that are not retried, against the fake engine: searches past their deadline (an
// engine that hangs, never answers, or searches on after "go nodes"), "no move" answers in a
// position with legal moves, and how nodes limits are broken (ignored, stopped at depth 1,
// counted across searches).
#include <gtest/gtest.h>

#include "evolution/uci/engine_session.h"
#include "fake_engine_support.h"

using namespace mf::uci;
using namespace mf::uci::testing;
using namespace std::chrono_literals;
using mf::test_time::scaled;
using mf::test_time::scaledMs;
using mf::test_time::scaledMsText;

namespace {

std::chrono::steady_clock::duration timed(const std::function<void()>& work) {
    auto started = std::chrono::steady_clock::now();
    work();
    return std::chrono::steady_clock::now() - started;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

// --- deadlines ------------------------------------------------------------------------------

TEST(EngineDeadline, MoveTimeHangIsStoppedKilledAndFailedWithoutRetry) {
    EngineSession session(fakeEngine({"--fault=hang"}));
    SearchResult result;
    auto took = timed([&] { result = session.search(request(42, SearchLimit::moveTime(50))); });
    EXPECT_EQ(result.status, SearchStatus::Failed);
    EXPECT_EQ(result.fault, SearchFault::PastDeadline);
    EXPECT_EQ(result.attempts, 1);
    EXPECT_TRUE(contains(result.failure, "FakeEngine 1.0 passed its deadline of " + std::to_string(50 + scaledMs(500)) +
                                             " ms (movetime 50 ms"))
        << result.failure;
    EXPECT_TRUE(contains(result.failure, std::string("in position ") + startFen)) << result.failure;
    EXPECT_TRUE(contains(result.failure, "no bestmove " + scaledMsText(300) + " ms after 'stop', killed")) << result.failure;
    EXPECT_LT(took, scaled(3s));
    EXPECT_FALSE(session.started());
    EXPECT_EQ(session.restarts(), 1);
    // The next search runs on a fresh process... which hangs again, alone.
    EXPECT_EQ(session.search(request(43, SearchLimit::moveTime(20))).attempts, 1);
}

TEST(EngineDeadline, NeverAnsweringEngineFailsAtTheUnmeasuredDeadline) {
    EngineSession session(fakeEngine({"--fault=never-answer"}));
    for (SearchLimit limit : {SearchLimit::depth(4), SearchLimit::nodes(3000)}) {
        SearchResult result;
        auto took = timed([&] { result = session.search(request(1, limit)); });
        EXPECT_EQ(result.status, SearchStatus::Failed) << limit.describe();
        EXPECT_EQ(result.fault, SearchFault::PastDeadline);
        const std::string deadline = "passed its deadline of " + scaledMsText(1000) + " ms (" + limit.describe();
        EXPECT_TRUE(contains(result.failure, deadline + "; deadline: the engine's speed is not measured yet") ||
                    contains(result.failure, deadline + "; deadline: no depth 4 search measured yet"))
            << result.failure;
        EXPECT_LT(took, scaled(4s));
    }
}

TEST(EngineDeadline, AnEngineThatAnswersStopKeepsItsProcess) {
    // Depth 100 at 200 ms a ply: far past the 1000 ms deadline (both scaled); it answers "stop" at once.
    EngineSession session(fakeEngine({}));
    auto result = session.search(request(5, SearchLimit::depth(100), {{"DepthStepMs", scaledMsText(200)}}));
    EXPECT_EQ(result.status, SearchStatus::Failed);
    EXPECT_EQ(result.fault, SearchFault::PastDeadline);
    EXPECT_TRUE(contains(result.failure, "it answered 'stop'")) << result.failure;
    EXPECT_TRUE(session.started());
    EXPECT_EQ(session.restarts(), 0);
    EXPECT_EQ(session.search(request(6, SearchLimit::depth(3))).status, SearchStatus::Completed);
}

TEST(EngineDeadline, UserSearchTimeoutReplacesTheRule) {
    auto config = fakeEngine({});
    config.timeouts.searchTimeout = scaled(400ms);
    EngineSession session(config);
    SearchResult result;
    auto took = timed([&] {
        result = session.search(request(5, SearchLimit::depth(100), {{"DepthStepMs", scaledMsText(100)}}));
    });
    EXPECT_EQ(result.fault, SearchFault::PastDeadline);
    EXPECT_TRUE(contains(result.failure,
                         "deadline of " + scaledMsText(400) + " ms (depth 100; deadline: the search timeout setting)"))
        << result.failure;
    EXPECT_LT(took, scaled(5s));  // the search alone would take 10 s (scaled)
}

TEST(EngineDeadline, CompletedSearchesTeachTheSessionTheEngineSpeed) {
    EngineSession session(fakeEngine({}));
    EXPECT_FALSE(session.speed().nodesPerSecond());
    // 5 plies at 10 ms: 5000 nodes in about 50 ms.
    ASSERT_EQ(session.search(request(1, SearchLimit::nodes(5000), {{"DepthStepMs", "10"}})).status, SearchStatus::Completed);
    ASSERT_TRUE(session.speed().nodesPerSecond());
    EXPECT_LT(*session.speed().nodesPerSecond(), 250'000.0);  // about 100 k nodes/s; slower under load
    ASSERT_EQ(session.search(request(2, SearchLimit::depth(4), {{"DepthStepMs", "10"}})).status, SearchStatus::Completed);
    ASSERT_TRUE(session.speed().slowestAtDepth(4));
    EXPECT_GE(*session.speed().slowestAtDepth(4), 20ms);  // 4 plies at 10 ms
}

// --- nodes limits as real engines break them ---------------------------------------------------

TEST(EngineNodesLimit, AnEngineIgnoringNodesIsStoppedOnceFarPastTheLimit) {
    EngineSession session(fakeEngine({"--nodes=ignore"}));
    SearchResult result;
    auto took = timed([&] { result = session.search(request(1, SearchLimit::nodes(3000))); });
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_GT(result.nodes, 30'000);
    EXPECT_EQ(nodesLimitBreak(SearchLimit::nodes(3000), result.nodes), LimitBreak::Above);
    EXPECT_LT(took, scaled(5s));  // Completed above, not failed at the deadline: stopped by its node count
    EXPECT_EQ(session.restarts(), 0);
}

TEST(EngineNodesLimit, AnEngineStoppingAtDepthOneReportsFarTooFewNodes) {
    EngineSession session(fakeEngine({"--nodes=depth-one"}));
    auto result = session.search(request(1, SearchLimit::nodes(3000)));
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_EQ(result.nodes, 5);
    EXPECT_EQ(result.depth, 1);
    EXPECT_EQ(nodesLimitBreak(SearchLimit::nodes(3000), result.nodes), LimitBreak::Below);
    // Depth limits it honours.
    EXPECT_EQ(session.search(request(2, SearchLimit::depth(4))).depth, 4);
}

TEST(EngineNodesLimit, AnEngineCountingNodesAcrossSearchesBreaksTheLimitLater) {
    EngineSession session(fakeEngine({"--nodes=cumulative"}));
    std::vector<LimitBreak> breaks;
    for (int i = 0; i < 12; ++i) {
        auto result = session.search(request(i, SearchLimit::nodes(1000)));
        ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
        EXPECT_EQ(result.nodes, 1000LL * (i + 1));
        breaks.push_back(nodesLimitBreak(SearchLimit::nodes(1000), result.nodes));
    }
    // The first ten look honoured; from 11 000 reported nodes on they break the limit.
    EXPECT_EQ(std::count(breaks.begin(), breaks.end(), LimitBreak::Above), 2);
    EXPECT_EQ(breaks.front(), LimitBreak::None);
}

// --- "no move" answers ---------------------------------------------------------------------------

struct NoMoveCase {
    const char* fault;
    const char* said;
};

void PrintTo(const NoMoveCase& noMove, std::ostream* out) { *out << "--fault=" << noMove.fault; }

class EngineNoMove : public ::testing::TestWithParam<NoMoveCase> {};

TEST_P(EngineNoMove, InAPositionWithLegalMovesIsAFaultRetriedOnAFreshProcess) {
    EngineSession session(fakeEngine({std::string("--fault=") + GetParam().fault}));
    auto result = session.search(request(3, SearchLimit::depth(2)));
    EXPECT_EQ(result.status, SearchStatus::Failed);
    EXPECT_EQ(result.fault, SearchFault::NoMove);
    EXPECT_EQ(result.attempts, 2);
    EXPECT_TRUE(contains(result.failure, std::string("FakeEngine 1.0 answered ") + GetParam().said + " in position " + startFen))
        << result.failure;
    EXPECT_TRUE(contains(result.failure, "but 20 are legal")) << result.failure;
    EXPECT_TRUE(contains(result.failure, "; after a restart: FakeEngine 1.0 answered")) << result.failure;
    EXPECT_TRUE(result.bestMove.empty());
    EXPECT_EQ(session.restarts(), 1);
}

TEST_P(EngineNoMove, OnceIsRecoveredByTheRetry) {
    ScratchDir dir;
    EngineSession session(fakeEngine({std::string("--fault=") + GetParam().fault,
                                      "--fault-once=" + (dir.path() / "once").string()}));
    auto result = session.search(request(3, SearchLimit::depth(2)));
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_EQ(result.attempts, 2);  // the sign a caller counts a recovered answer by
    EXPECT_EQ(result.bestMove, "e2e4");
    EXPECT_EQ(session.restarts(), 1);
}

INSTANTIATE_TEST_SUITE_P(Fake, EngineNoMove,
                         ::testing::Values(NoMoveCase{"none-move", "'bestmove (none)'"},
                                           NoMoveCase{"zero-move", "'bestmove 0000'"},
                                           NoMoveCase{"empty-move", "an empty bestmove"}),
                         [](const auto& testInfo) {
                             std::string name = testInfo.param.fault;
                             name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                             return name;
                         });

TEST(EngineNoMove, InACheckmatedPositionIsTheRightAnswer) {
    EngineSession session(fakeEngine({"--fault=none-move"}));
    SearchRequest mated = request(4, SearchLimit::depth(2));
    mated.fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";  // fool's mate
    auto result = session.search(mated);
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_EQ(result.bestMove, "(none)");
}
