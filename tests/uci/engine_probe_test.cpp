// The limit probe against the fake engine: an honest engine, one that ignores `go nodes`, one
// that stops at depth 1, one that never answers; the refusal message before a run; and the
// verdict rules on hand-made results.
#include <gtest/gtest.h>

#include "evolution/uci/engine_probe.h"
#include "fake_engine_support.h"

using namespace mf::uci;
using namespace mf::uci::testing;
using namespace std::chrono_literals;

namespace {

SearchResult completed(std::int64_t nodes, int depth, std::chrono::milliseconds think) {
    SearchResult result;
    result.status = SearchStatus::Completed;
    result.nodes = nodes;
    result.depth = depth;
    result.thinkTime = think;
    return result;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(JudgeLimit, NodesFromTheReportedCountOnly) {
    // Toga II 3.0 and Ethereal 12 as measured (ENGINES.md); the time does not matter.
    EXPECT_EQ(judgeLimit(SearchLimit::nodes(3000), completed(2'345'678, 14, 2500ms)).verdict, LimitVerdict::Ignored);
    EXPECT_EQ(judgeLimit(SearchLimit::nodes(3000), completed(5, 1, 0ms)).verdict, LimitVerdict::StopsEarly);
    EXPECT_EQ(judgeLimit(SearchLimit::nodes(3000), completed(3011, 5, 9000ms)).verdict, LimitVerdict::Honoured);
    EXPECT_EQ(judgeLimit(SearchLimit::nodes(3000), completed(0, 5, 10ms)).verdict, LimitVerdict::Unknown);
    EXPECT_EQ(judgeLimit(SearchLimit::nodes(3000), completed(5, 1, 0ms)).detail,
              "reported 5 nodes at depth 1 for go nodes 3000");
}

TEST(JudgeLimit, DepthAndMoveTime) {
    EXPECT_EQ(judgeLimit(SearchLimit::depth(6), completed(1000, 6, 5ms)).verdict, LimitVerdict::Honoured);
    EXPECT_EQ(judgeLimit(SearchLimit::depth(6), completed(1000, 7, 5ms)).verdict, LimitVerdict::Honoured);
    EXPECT_EQ(judgeLimit(SearchLimit::depth(6), completed(1000, 15, 5ms)).verdict, LimitVerdict::Ignored);
    EXPECT_EQ(judgeLimit(SearchLimit::depth(6), completed(1000, 2, 5ms)).verdict, LimitVerdict::StopsEarly);
    EXPECT_EQ(judgeLimit(SearchLimit::moveTime(200), completed(1000, 6, 15ms)).verdict, LimitVerdict::StopsEarly);
    EXPECT_EQ(judgeLimit(SearchLimit::moveTime(200), completed(1000, 6, 900ms)).verdict, LimitVerdict::Honoured);
    SearchResult failed;
    failed.status = SearchStatus::Failed;
    failed.failure = "X passed its deadline";
    auto probe = judgeLimit(SearchLimit::depth(6), failed);
    EXPECT_EQ(probe.verdict, LimitVerdict::Failed);
    EXPECT_EQ(probe.detail, "X passed its deadline");
}

TEST(ProbeEngine, AnHonestEngineHonoursEveryMode) {
    auto report = probeEngine(fakeEngine({}));
    ASSERT_FALSE(report.startError) << *report.startError;
    EXPECT_EQ(report.identity.name, "FakeEngine 1.0");
    ASSERT_EQ(report.limits.size(), 3u);
    for (const auto& probe : report.limits)
        EXPECT_EQ(probe.verdict, LimitVerdict::Honoured) << probe.limit.describe() << ": " << probe.detail;
    EXPECT_EQ(report.find(SearchLimit::Kind::Depth)->depth, 6);
    EXPECT_EQ(report.find(SearchLimit::Kind::Nodes)->nodes, 10'000);  // 1000 a ply, at most 10 plies
    EXPECT_TRUE(report.nodesPerSecond);  // the 200 ms movetime search measured it
    EXPECT_EQ(report.honouredKinds().size(), 3u);
}

TEST(ProbeEngine, AnEngineIgnoringNodesIsCaughtByItsNodeCount) {
    auto report = probeEngine(fakeEngine({"--nodes=ignore"}));
    const LimitProbe* nodes = report.find(SearchLimit::Kind::Nodes);
    ASSERT_NE(nodes, nullptr);
    EXPECT_EQ(nodes->verdict, LimitVerdict::Ignored) << nodes->detail;
    EXPECT_GT(nodes->nodes, 200'000);
    EXPECT_EQ(report.honouredKinds(), (std::vector{SearchLimit::Kind::Depth, SearchLimit::Kind::MoveTime}));
}

TEST(ProbeEngine, AnEngineStoppingAtDepthOneUnderNodes) {
    auto report = probeEngine(fakeEngine({"--nodes=depth-one"}));
    EXPECT_EQ(report.find(SearchLimit::Kind::Nodes)->verdict, LimitVerdict::StopsEarly);
    EXPECT_EQ(report.find(SearchLimit::Kind::Depth)->verdict, LimitVerdict::Honoured);
}

TEST(ProbeEngine, AnEngineThatNeverAnswersFailsEveryModeWithinItsDeadlines) {
    ProbeSettings settings;
    settings.limits = {SearchLimit::moveTime(100), SearchLimit::nodes(3000)};
    auto started = std::chrono::steady_clock::now();
    auto report = probeEngine(fakeEngine({"--fault=never-answer"}), settings);
    EXPECT_LT(std::chrono::steady_clock::now() - started, mf::test_time::scaled(8s));
    for (const auto& probe : report.limits) {
        EXPECT_EQ(probe.verdict, LimitVerdict::Failed);
        EXPECT_TRUE(contains(probe.detail, "passed its deadline")) << probe.detail;
    }
    EXPECT_TRUE(report.honouredKinds().empty());
}

TEST(ProbeEngine, AMissingProgramIsAStartError) {
    auto config = fakeEngine({});
    config.command.program = "/nonexistent/engine";
    EXPECT_TRUE(probeEngine(config).startError);
}

TEST(CheckLimitHonoured, RefusesAnEngineIgnoringNodesAndNamesTheModesThatWork) {
    auto check = checkLimitHonoured(fakeEngine({"--nodes=ignore"}), SearchLimit::nodes(3000));
    EXPECT_FALSE(check.honoured);
    EXPECT_EQ(check.probe.verdict, LimitVerdict::Ignored);
    EXPECT_TRUE(contains(check.message, "FakeEngine 1.0 ignores `go nodes` (it reported ")) << check.message;
    EXPECT_TRUE(contains(check.message, "for go nodes 3000): use --depth or --movetime")) << check.message;
}

TEST(CheckLimitHonoured, RefusesAnEngineStoppingEarly) {
    auto check = checkLimitHonoured(fakeEngine({"--nodes=depth-one"}), SearchLimit::nodes(3000));
    EXPECT_FALSE(check.honoured);
    EXPECT_TRUE(contains(check.message, "FakeEngine 1.0 stops far too early under `go nodes` (it reported 5 nodes at "
                                        "depth 1 for go nodes 3000): use --depth or --movetime"))
        << check.message;
}

TEST(CheckLimitHonoured, AcceptsAnHonestEngineAndMeasuresItsSpeed) {
    auto check = checkLimitHonoured(fakeEngine({}), SearchLimit::nodes(3000));
    EXPECT_TRUE(check.honoured) << check.message;
    EXPECT_TRUE(check.message.empty());
    EXPECT_TRUE(check.nodesPerSecond);
    EXPECT_TRUE(checkLimitHonoured(fakeEngine({"--nodes=ignore"}), SearchLimit::depth(4)).honoured);
}

TEST(CheckLimitHonoured, InvalidSearchOptionsAreReportedAsSuch) {
    auto check = checkLimitHonoured(fakeEngine({}), SearchLimit::depth(3), {{"Material", "999"}});
    EXPECT_FALSE(check.honoured);
    ASSERT_TRUE(check.optionError);
    EXPECT_TRUE(contains(*check.optionError, "out of range")) << *check.optionError;
}
