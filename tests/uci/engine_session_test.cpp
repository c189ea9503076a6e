// An engine session against the fake engine: the normal path, option handling, and every fault
// that is retried once (crash, exit, illegal move, garbage flood, no uciok, exit at start-up,
// slow start). Deadlines and "no move" answers: engine_limits_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <ostream>
#include <thread>
#include <tuple>

#include "evolution/uci/engine_session.h"
#include "fake_engine_support.h"

using namespace mf::uci;
using namespace mf::uci::testing;
using namespace std::chrono_literals;
using mf::test_time::scaled;
using mf::test_time::scaledMsText;

TEST(EngineSession, HandshakeReadsIdentityAndOptions) {
    EngineSession session(fakeEngine({}));
    ASSERT_EQ(session.start(), std::nullopt);
    EXPECT_EQ(session.identity().name, "FakeEngine 1.0");
    EXPECT_EQ(session.identity().author, "MateFind tests");
    const UciOption* material = session.identity().findOption("material");
    ASSERT_NE(material, nullptr);
    EXPECT_EQ(material->type, OptionType::Spin);
    EXPECT_EQ(material->max, 400);
    EXPECT_NE(session.identity().findOption("Clear Hash"), nullptr);
}

TEST(EngineSession, SearchReportsMoveAndSettlePoint) {
    EngineSession session(fakeEngine({}));
    // The fake shows a2a3 below SwitchDepth (default 3), then its answer e2e4.
    auto result = session.search(request(7, SearchLimit::depth(6)));
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_EQ(result.id, 7u);
    EXPECT_EQ(result.attempts, 1);
    EXPECT_EQ(result.bestMove, "e2e4");
    EXPECT_EQ(result.depth, 6);
    EXPECT_EQ(result.nodes, 6000);
    EXPECT_EQ(result.settled.depth, 3);
    EXPECT_EQ(result.settled.nodes, 3000);
    EXPECT_TRUE(result.settled.fromInfo);
    ASSERT_TRUE(result.score);
    EXPECT_EQ(result.score->value, 60);
}

TEST(EngineSession, MoveTimeSearchTakesAboutTheLimit) {
    EngineSession session(fakeEngine({}));
    auto result = session.search(request(1, SearchLimit::moveTime(100)));
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_GE(result.thinkTime, 90ms);
    EXPECT_EQ(result.settled.timeMs, 30);  // depth 3 of 10 lines at 10 ms each
}

TEST(EngineSession, NodesLimitAndRequestOptions) {
    EngineSession session(fakeEngine({}));
    auto result = session.search(request(1, SearchLimit::nodes(4000), {{"Answer", "d2d4"}, {"SwitchDepth", "2"}}));
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_EQ(result.bestMove, "d2d4");
    EXPECT_EQ(result.nodes, 4000);
    EXPECT_EQ(result.settled.nodes, 2000);
}

TEST(EngineSession, UnknownOrOutOfRangeOptionFailsBeforeAnySearch) {
    ScratchDir dir;
    auto log = dir.path() / "engine.log";
    EngineSession session(fakeEngine({}, log));
    auto unknown = session.search(request(1, SearchLimit::depth(3), {{"Materiel", "120"}}));
    EXPECT_EQ(unknown.status, SearchStatus::Failed);
    EXPECT_NE(unknown.failure.find("no option 'Materiel'"), std::string::npos) << unknown.failure;
    auto range = session.search(request(2, SearchLimit::depth(3), {{"Material", "401"}}));
    EXPECT_EQ(range.status, SearchStatus::Failed);
    EXPECT_NE(range.failure.find("out of range [0, 400]"), std::string::npos) << range.failure;
    auto combo = session.search(request(3, SearchLimit::depth(3), {{"Style", "Wild"}}));
    EXPECT_EQ(combo.status, SearchStatus::Failed);
    EXPECT_NE(combo.failure.find("not one of: Solid, Normal, Risky"), std::string::npos) << combo.failure;
    EXPECT_EQ(session.restarts(), 0);
    session.shutdown();
    EXPECT_EQ(countLogLines(log, "< go depth 3"), 0);
    EXPECT_EQ(countLogLines(log, "< setoption name Material value 401"), 0);
}

TEST(EngineSession, OptionsAreSentOnlyWhenChangedAndResetWhenDropped) {
    ScratchDir dir;
    auto log = dir.path() / "engine.log";
    auto config = fakeEngine({}, log);
    config.startOptions = {{"Hash", "32"}};
    config.freshProcessOnOptionChange = false;  // one process sees every change (the next test has the other way)
    EngineSession session(config);
    for (int i = 0; i < 3; ++i)
        ASSERT_EQ(session.search(request(1, SearchLimit::depth(2), {{"Material", "150"}})).status, SearchStatus::Completed);
    ASSERT_EQ(session.search(request(2, SearchLimit::depth(2), {{"Material", "170"}})).status, SearchStatus::Completed);
    ASSERT_EQ(session.search(request(3, SearchLimit::depth(2))).status, SearchStatus::Completed);
    session.shutdown();
    EXPECT_EQ(countLogLines(log, "< setoption name Hash value 32"), 1);
    EXPECT_EQ(countLogLines(log, "< setoption name Material value 150"), 1);
    EXPECT_EQ(countLogLines(log, "< setoption name Material value 170"), 1);
    EXPECT_EQ(countLogLines(log, "< setoption name Material value 100"), 1);  // back to its default
    EXPECT_EQ(countLogLines(log, "< ucinewgame"), 5);
    EXPECT_EQ(countLogLines(log, "< go depth 2"), 5);
}

// An engine that keeps a cache across "ucinewgame" and weight changes (the fake's --stale-cache,
// as Toga II does) gives the old weights' scores after a change on the same process; by default
// a change of options the process has searched with starts a new one, and only then.
TEST(EngineSession, AnOptionChangeGetsAFreshProcessSoNothingCarriesOver) {
    auto scoreOf = [](const SearchResult& result) { return result.score ? result.score->value : -99999; };
    for (bool fresh : {true, false}) {
        ScratchDir dir;
        auto log = dir.path() / "engine.log";
        auto config = fakeEngine({"--by-position", "--stale-cache"}, log);
        config.freshProcessOnOptionChange = fresh;
        EngineSession session(config);
        const SearchResult first = session.search(request(1, SearchLimit::depth(2), {{"Material", "150"}}));
        const SearchResult again = session.search(request(2, SearchLimit::depth(2), {{"Material", "150"}}));
        const SearchResult changed = session.search(request(3, SearchLimit::depth(2), {{"Material", "50"}}));
        ASSERT_EQ(changed.status, SearchStatus::Completed) << changed.failure;
        session.shutdown();
        EXPECT_EQ(scoreOf(again), scoreOf(first));
        EXPECT_EQ(session.restarts(), 0) << "a fresh process for new options is not a fault";
        if (fresh) {
            EXPECT_EQ(scoreOf(changed), scoreOf(first) - 100) << "Material 150 -> 50 moves the score by -100";
            EXPECT_EQ(countLogLines(log, "< uci"), 2) << "one start, one fresh process at the change";
        } else {
            EXPECT_EQ(scoreOf(changed), scoreOf(first)) << "the fake keeps its cache on one process";
            EXPECT_EQ(countLogLines(log, "< uci"), 1);
        }
    }
}

// --- faults -----------------------------------------------------------------------------

struct FaultCase {
    const char* name;
    std::vector<std::string> arguments;
    SearchLimit limit;
    std::string reason;  // part of the failure text
};

// gtest prints the parameter with the test ("GetParam() = crash: --fault=crash, depth 4"),
// not as the bytes of the struct.
void PrintTo(const FaultCase& fault, std::ostream* out) {
    *out << fault.name << ":";
    for (const auto& argument : fault.arguments) *out << ' ' << argument;
    *out << ", " << fault.limit.describe();
}

class EngineFaults : public ::testing::TestWithParam<FaultCase> {};

// A fault that happens every time: killed, restarted once, then Failed with the reason.
TEST_P(EngineFaults, PersistentFaultFailsWithReasonAfterOneRetry) {
    const auto& fault = GetParam();
    EngineSession session(fakeEngine(fault.arguments));
    auto result = session.search(request(42, fault.limit));
    EXPECT_EQ(result.status, SearchStatus::Failed);
    EXPECT_EQ(result.id, 42u);
    EXPECT_EQ(result.attempts, 2);
    EXPECT_NE(result.failure.find(fault.reason), std::string::npos) << result.failure;
    EXPECT_NE(result.failure.find("after a restart"), std::string::npos) << result.failure;
    EXPECT_TRUE(result.bestMove.empty());
    EXPECT_EQ(session.restarts(), 1);
}

// The same fault once only: the retry on a fresh process succeeds.
TEST_P(EngineFaults, OneOffFaultIsRetriedOnAFreshProcess) {
    const auto& fault = GetParam();
    ScratchDir dir;
    auto arguments = fault.arguments;
    arguments.push_back("--fault-once=" + (dir.path() / "faulted").string());
    EngineSession session(fakeEngine(arguments));
    auto result = session.search(request(43, fault.limit));
    ASSERT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_EQ(result.attempts, 2);
    EXPECT_EQ(result.bestMove, "e2e4");
    EXPECT_TRUE(std::filesystem::exists(dir.path() / "faulted"));
    // The fresh process keeps serving.
    auto next = session.search(request(44, fault.limit));
    EXPECT_EQ(next.status, SearchStatus::Completed) << next.failure;
    EXPECT_EQ(next.attempts, 1);
}

INSTANTIATE_TEST_SUITE_P(
    Fake, EngineFaults,
    ::testing::Values(
        FaultCase{"crash", {"--fault=crash"}, SearchLimit::depth(4), "killed by signal 6"},
        FaultCase{"exit", {"--fault=exit"}, SearchLimit::depth(4), "exit code 3"},
        FaultCase{"illegal", {"--fault=illegal"}, SearchLimit::depth(4), "illegal bestmove 'e7e5'"},
        FaultCase{"flood", {"--fault=flood"}, SearchLimit::depth(4), "garbage flood: more than 200 lines"},
        FaultCase{"longLine", {"--fault=long-line"}, SearchLimit::depth(4), "line longer than 1 MiB"},
        FaultCase{"stallReady", {"--fault=stall-ready"}, SearchLimit::depth(4), "no 'readyok' within"},
        FaultCase{"exitAtStart", {"--fault=exit-at-start"}, SearchLimit::depth(4), "exited before 'uciok' (exit code 1)"},
        FaultCase{"noUciok", {"--fault=no-uciok"}, SearchLimit::depth(4),
                  "no 'uciok' within the start-up timeout of " + scaledMsText(1500) + " ms"}),
    [](const auto& testInfo) { return std::string(testInfo.param.name); });

TEST(EngineSession, FaultAtALaterSearchKeepsEarlierResults) {
    EngineSession session(fakeEngine({"--fault=crash", "--fault-at-go=2"}));
    EXPECT_EQ(session.search(request(1)).status, SearchStatus::Completed);
    // The second "go" of the process crashes it; the retry runs on a fresh process whose
    // first "go" is fine.
    auto second = session.search(request(2));
    EXPECT_EQ(second.status, SearchStatus::Completed) << second.failure;
    EXPECT_EQ(second.attempts, 2);
    EXPECT_EQ(session.restarts(), 1);
}

TEST(EngineSession, SlowUciokWithinTheTimeoutIsFine) {
    EngineSession session(fakeEngine({"--uciok-delay=300"}));
    EXPECT_EQ(session.start(), std::nullopt);
}

TEST(EngineSession, SlowUciokPastTheTimeoutIsAStartError) {
    auto config = fakeEngine({"--uciok-delay=" + scaledMsText(1500)});
    config.timeouts.startup = scaled(200ms);
    EngineSession session(config);
    auto error = session.start();
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("no 'uciok' within the start-up timeout of " + scaledMsText(200) + " ms"), std::string::npos)
        << *error;
}

TEST(EngineSession, MissingProgramIsAClearStartError) {
    auto config = fakeEngine({});
    config.command.program = "/nonexistent/engine";
    EngineSession session(config);
    auto error = session.start();
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("'/nonexistent/engine' does not exist"), std::string::npos) << *error;
    auto result = session.search(request(1));
    EXPECT_EQ(result.status, SearchStatus::Failed);
}

// No stopwatch: the search alone would take 50 s (no hang timeout ends it here), so an answer
// within a generous 20 s proves the stop.
TEST(EngineSession, StopTokenCancelsARunningSearch) {
    auto config = fakeEngine({});
    config.timeouts.unmeasuredSearch = 600s;
    EngineSession session(config);
    ASSERT_EQ(session.start(), std::nullopt);
    std::stop_source stop;
    std::jthread canceller([&] {
        std::this_thread::sleep_for(100ms);
        stop.request_stop();
    });
    auto started = std::chrono::steady_clock::now();
    auto result = session.search(request(9, SearchLimit::depth(1000), {{"DepthStepMs", scaledMsText(50)}}),
                                 stop.get_token());  // about 50 s (scaled)
    EXPECT_EQ(result.status, SearchStatus::Cancelled);
    EXPECT_LT(std::chrono::steady_clock::now() - started, scaled(20s));
    // The engine answered "stop" and stays usable, without a restart.
    EXPECT_EQ(session.search(request(10)).status, SearchStatus::Completed);
    EXPECT_EQ(session.restarts(), 0);
}

// A stop while the engine is still starting (here: slow to answer "uci") ends the request at
// once as Cancelled, instead of waiting out the start-up timeout; the half-started engine goes.
// No stopwatch: the engine answers "uci" after 60 s and the start-up timeout is 120 s, so an
// answer within a generous 20 s proves the stop.
TEST(EngineSession, StopDuringStartUpCancelsAtOnce) {
    auto config = fakeEngine({"--uciok-delay=" + scaledMsText(60000)});
    config.timeouts.startup = scaled(120s);
    EngineSession session(config);
    std::stop_source stop;
    std::jthread canceller([&] {
        std::this_thread::sleep_for(100ms);
        stop.request_stop();
    });
    auto started = std::chrono::steady_clock::now();
    auto result = session.search(request(11), stop.get_token());
    EXPECT_EQ(result.status, SearchStatus::Cancelled) << result.failure;
    EXPECT_LT(std::chrono::steady_clock::now() - started, scaled(20s));
    EXPECT_FALSE(session.started());
    EXPECT_EQ(session.restarts(), 0);
}

TEST(EngineSession, EngineIgnoringStopIsKilledOnCancel) {
    EngineSession session(fakeEngine({"--fault=ignore-stop"}));
    std::stop_source stop;
    std::jthread canceller([&] {
        std::this_thread::sleep_for(100ms);
        stop.request_stop();
    });
    auto result = session.search(request(9, SearchLimit::depth(1000), {{"DepthStepMs", "50"}}), stop.get_token());
    EXPECT_EQ(result.status, SearchStatus::Cancelled);
    EXPECT_FALSE(session.started());
}

// --- per-search overhead -------------------------------------------------------------------

TEST(EngineSession, NewGameOnlyForDeterministicLimitsByDefault) {
    ScratchDir dir;
    auto log = dir.path() / "engine.log";
    EngineSession session(fakeEngine({}, log));
    for (int i = 0; i < 3; ++i)
        ASSERT_EQ(session.search(request(1, SearchLimit::moveTime(5), {{"Material", "150"}})).status,
                  SearchStatus::Completed);
    ASSERT_EQ(session.search(request(2, SearchLimit::depth(2), {{"Material", "150"}})).status, SearchStatus::Completed);
    ASSERT_EQ(session.search(request(3, SearchLimit::nodes(100), {{"Material", "150"}})).status, SearchStatus::Completed);
    session.shutdown();
    EXPECT_EQ(countLogLines(log, "< go movetime 5"), 3);
    EXPECT_EQ(countLogLines(log, "< ucinewgame"), 2);  // depth and nodes only
    // The handshake's, one before the first timed search, whose option change must not count as
    // thinking time, and one after each new game; the other two searches go out in one write each.
    EXPECT_EQ(countLogLines(log, "< isready"), 4);
}

// Without the round trip after a new game (evalfit's uci path), a series of depth searches is one
// write each after the handshake.
TEST(EngineSession, NewGamesGoOutWithTheSearchWhenAsked) {
    ScratchDir dir;
    auto log = dir.path() / "engine.log";
    auto config = fakeEngine({}, log);
    config.syncAfterNewGame = false;
    EngineSession session(config);
    for (int i = 0; i < 4; ++i) ASSERT_EQ(session.search(request(1, SearchLimit::depth(2))).status, SearchStatus::Completed);
    session.shutdown();
    EXPECT_EQ(countLogLines(log, "< ucinewgame"), 4);
    EXPECT_EQ(countLogLines(log, "< isready"), 1);
}

// A search that ended abnormally (here: cancelled) may leave the engine still talking: the next
// one is preceded by an isready round trip, the ones after it are not.
TEST(EngineSession, RoundTripOnlyAfterAnAbnormalEnd) {
    ScratchDir dir;
    auto log = dir.path() / "engine.log";
    auto config = fakeEngine({}, log);
    config.newGame = NewGamePolicy::Never;
    EngineSession session(config);
    ASSERT_EQ(session.search(request(1, SearchLimit::depth(2))).status, SearchStatus::Completed);
    std::stop_source stop;
    std::jthread canceller([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
        stop.request_stop();
    });
    EXPECT_EQ(session.search(request(2, SearchLimit::moveTime(2000)), stop.get_token()).status, SearchStatus::Cancelled);
    canceller.join();
    ASSERT_EQ(session.search(request(3, SearchLimit::depth(2))).status, SearchStatus::Completed);
    ASSERT_EQ(session.search(request(4, SearchLimit::depth(2))).status, SearchStatus::Completed);
    session.shutdown();
    EXPECT_EQ(countLogLines(log, "< isready"), 2);  // the handshake's, and the one after the cancel
}

TEST(EngineSession, EverySearchPolicySendsNewGameForTimeLimitsToo) {
    ScratchDir dir;
    auto log = dir.path() / "engine.log";
    auto config = fakeEngine({}, log);
    config.newGame = NewGamePolicy::EverySearch;
    EngineSession session(config);
    for (int i = 0; i < 3; ++i)
        ASSERT_EQ(session.search(request(1, SearchLimit::moveTime(5))).status, SearchStatus::Completed);
    session.shutdown();
    EXPECT_EQ(countLogLines(log, "< ucinewgame"), 3);
    EXPECT_EQ(countLogLines(log, "< isready"), 4);
}

TEST(EngineSession, LineTapSeesBothDirectionsAndFaultNotes) {
    std::vector<std::tuple<std::size_t, LineDirection, std::string>> lines;
    auto config = fakeEngine({"--fault=crash", "--fault-at-go=2"});
    config.lineTap = [&](std::size_t worker, LineDirection direction, std::string_view line) {
        lines.emplace_back(worker, direction, std::string(line));
    };
    EngineSession session(config, 7);
    ASSERT_EQ(session.search(request(1)).status, SearchStatus::Completed);
    auto count = [&](LineDirection direction, std::string_view prefix) {
        int n = 0;
        for (const auto& [worker, d, text] : lines)
            if (d == direction && text.starts_with(prefix)) ++n;
        return n;
    };
    EXPECT_EQ(count(LineDirection::Sent, "uci"), 2);  // "uci" and "ucinewgame"
    EXPECT_EQ(count(LineDirection::Received, "uciok"), 1);
    EXPECT_EQ(count(LineDirection::Sent, "go depth 5"), 1);
    EXPECT_EQ(count(LineDirection::Received, "bestmove"), 1);
    EXPECT_GE(count(LineDirection::Received, "info"), 1);
    EXPECT_EQ(count(LineDirection::Note, "killing"), 0);
    for (const auto& entry : lines) EXPECT_EQ(std::get<0>(entry), 7u);
    // Sent lines appear in the order they were written: position before go.
    auto position = std::find_if(lines.begin(), lines.end(), [](const auto& e) { return std::get<2>(e).starts_with("position"); });
    auto go = std::find_if(lines.begin(), lines.end(), [](const auto& e) { return std::get<2>(e).starts_with("go "); });
    EXPECT_LT(position, go);

    ASSERT_EQ(session.search(request(2)).status, SearchStatus::Completed);  // crash, then retried
    EXPECT_EQ(count(LineDirection::Note, "killing the engine: engine exited during the search"), 1);
    EXPECT_EQ(count(LineDirection::Received, "bestmove"), 2);
}

// --- stop during start-up ---------------------------------------------------------------------

// An engine that never answers "uci": the start-up waits its timeout (here 60 s) unless stopped,
// and a stop ends the wait at once, leaving no process behind.
TEST(EngineSession, StopEndsAStartThatNeverAnswers) {
    auto config = fakeEngine({"--fault=no-uciok"});
    config.timeouts.startup = std::chrono::milliseconds(60'000);
    EngineSession session(config);
    std::stop_source stop;
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.request_stop();
    });
    const auto begin = std::chrono::steady_clock::now();
    const auto error = session.start(stop.get_token());
    ASSERT_TRUE(error.has_value());
    EXPECT_EQ(*error, "interrupted");
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(2));
    EXPECT_FALSE(session.started());
}

TEST(EngineSession, StopEndsASearchStillWaitingForTheEnginesStart) {
    auto config = fakeEngine({"--fault=no-uciok"});
    config.timeouts.startup = std::chrono::milliseconds(60'000);
    EngineSession session(config);
    std::stop_source stop;
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.request_stop();
    });
    const auto begin = std::chrono::steady_clock::now();
    EXPECT_EQ(session.search(request(1), stop.get_token()).status, SearchStatus::Cancelled);
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(2));
}
