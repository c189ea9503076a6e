// `matefind-cli solve` end to end with the fake engine.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <csignal>

#include "tests/test_time.h"
#include "solve_cli_support.h"

using namespace mf::uci::testing;

namespace {

std::filesystem::path writeSuite() {
    auto path = std::filesystem::temp_directory_path() / ("mf_solve_cli_" + std::to_string(::getpid()) + ".epd");
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    std::ofstream(path) << start << " bm e4; id \"plays.e4\";\n"
                        << start << " am e4; id \"avoids.e4\";\n"
                        << start << " bm d4; c0 \"d4=10, e4=6\"; id \"points\";\n"
                        << "broken line\n";
    return path;
}

}  // namespace

TEST(SolveCli, FakeEngineCountsSolvedPointsAndSkipsBadLines) {
    auto suite = writeSuite();
    auto result = run("solve --suite " + suite.string() + " --engine " MATEFIND_FAKE_ENGINE " --depth 4 --workers 2");
    std::filesystem::remove(suite);
    EXPECT_EQ(result.exitCode, 0) << result.out;
    EXPECT_NE(result.out.find("plays.e4\texpected e4\tplayed e4\tsolved"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("avoids.e4\texpected !e4\tplayed e4\tunsolved"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("points 6/10"), std::string::npos) << result.out;
    EXPECT_EQ(lastLine(result.out), "solved 1/3 points 6/10 failed 0");
}

TEST(SolveCli, InvalidOptionIsRejectedBeforeAnySearch) {
    auto suite = writeSuite();
    auto result = run("solve --suite " + suite.string() + " --engine " MATEFIND_FAKE_ENGINE " --option Material=999");
    std::filesystem::remove(suite);
    EXPECT_EQ(result.exitCode, 2);
    EXPECT_EQ(result.out, "");
}

TEST(SolveCli, UsageErrors) {
    EXPECT_EQ(run("solve").exitCode, 2);
    EXPECT_EQ(run("solve --suite x.epd --depth 3 --nodes 5").exitCode, 2);
    EXPECT_EQ(run("nonsense").exitCode, 2);
    auto help = run("help");
    EXPECT_EQ(help.exitCode, 0);
    EXPECT_NE(help.out.find("solve"), std::string::npos);
}


TEST(SolveCli, EngineArgumentsReachTheEngine) {
    auto suite = writeSuite();
    auto good = run("solve --suite " + suite.string() + " --engine " MATEFIND_FAKE_ENGINE
                    " --depth 2 --workers 1 --engine-arg=--no-time");
    EXPECT_EQ(good.exitCode, 0) << good.out;
    auto bad = run("solve --suite " + suite.string() + " --engine " MATEFIND_FAKE_ENGINE
                   " --depth 2 --workers 1 --engine-arg=--fault=exit-at-start");
    EXPECT_EQ(bad.exitCode, 1);
    EXPECT_EQ(bad.out, "");
}

// Each position's line is written when it finishes, not at the end. Order of events, no clock:
// the second position's search hangs (the fake engine hangs in that position only; the limit
// check's probe searches elsewhere, and a depth search's deadline before any depth search of the
// process was measured is a minute), so the first line can only be read while the program is
// still running. Then Ctrl-C stops the run, which still reports what finished.
TEST(SolveCli, LinesAreWrittenAsPositionsFinish) {
    auto path = std::filesystem::temp_directory_path() / ("mf_solve_stream_" + std::to_string(::getpid()) + ".epd");
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    const char* second = "rnbqkbnr/pppppppp/8/8/8/P7/1PPPPPPP/RNBQKBNR b KQkq -";
    std::ofstream(path) << start << " bm e4; id \"first\";\n" << second << " bm e5; id \"second\";\n";
    Child cli = spawn(std::string(MATEFIND_BIN_DIR) + "/matefind-cli solve --suite " + path.string() +
                      " --engine " MATEFIND_FAKE_ENGINE " --depth 4 --workers 1 --engine-arg=--fault=hang"
                      " --engine-arg=--fault-position=/P7/ 2>/dev/null");
    ASSERT_GT(cli.pid, 0);
    std::string first;
    ASSERT_TRUE(cli.readLine(first, std::chrono::seconds(60))) << "no first line while the second search hangs";
    EXPECT_EQ(first.rfind("first\t", 0), 0u) << first;
    EXPECT_NE(first.find("\tsolved"), std::string::npos) << first;
    EXPECT_TRUE(cli.running()) << "the program ended: the second search cannot have finished";
    ::kill(cli.pid, SIGINT);
    std::string rest, line;
    while (cli.readLine(line, std::chrono::seconds(60))) rest += line + "\n";
    EXPECT_EQ(cli.wait(), 1);  // interrupted: a search was cancelled
    EXPECT_NE(rest.find("solved 1/1 failed 0 cancelled 1"), std::string::npos) << rest;
    std::filesystem::remove(path);
}

// The limit check before the work: an engine ignoring `go nodes` is refused with the reason;
// --override-limit-check runs it and counts the searches that broke the limit.
TEST(SolveCli, AnEngineBreakingTheNodesLimitIsRefusedUnlessOverridden) {
    auto suite = writeSuite();
    const std::string base = "solve --suite " + suite.string() + " --engine " MATEFIND_FAKE_ENGINE
                             " --engine-arg=--nodes=ignore --nodes 3000 --workers 2";
    auto refused = run(base, true);
    EXPECT_EQ(refused.exitCode, 2) << refused.out;
    EXPECT_NE(refused.out.find("matefind-cli solve: FakeEngine 1.0 ignores `go nodes` (it reported "), std::string::npos)
        << refused.out;
    EXPECT_NE(refused.out.find(": use --depth or --movetime (--override-limit-check runs it anyway)"), std::string::npos)
        << refused.out;
    EXPECT_EQ(refused.out.find("\texpected "), std::string::npos) << refused.out;  // nothing was solved
    auto overridden = run(base + " --override-limit-check", true);
    EXPECT_EQ(overridden.exitCode, 0) << overridden.out;
    EXPECT_NE(overridden.out.find("warning: FakeEngine 1.0 ignores `go nodes`"), std::string::npos) << overridden.out;
    EXPECT_NE(overridden.out.find("3 of 3 searches broke the nodes limit"), std::string::npos) << overridden.out;
    EXPECT_NE(overridden.out.find("(breaks the limit)"), std::string::npos) << overridden.out;
    EXPECT_NE(lastLine(overridden.out).find("failed 0 limit-breaking 3"), std::string::npos) << overridden.out;
    // A depth limit it honours: no complaint.
    auto depth = run("solve --suite " + suite.string() + " --engine " MATEFIND_FAKE_ENGINE
                     " --engine-arg=--nodes=ignore --depth 3 --workers 2");
    std::filesystem::remove(suite);
    EXPECT_EQ(depth.exitCode, 0) << depth.out;
}

TEST(SolveCli, ProbePrintsTheEngineAndTheModesItHonours) {
    auto honest = run("probe --engine " MATEFIND_FAKE_ENGINE " --nodes 3000 --depth 4 --movetime 100");
    EXPECT_EQ(honest.exitCode, 0) << honest.out;
    EXPECT_NE(honest.out.find("engine   FakeEngine 1.0 by MateFind tests"), std::string::npos) << honest.out;
    EXPECT_NE(honest.out.find("  Material  default 100  range [0, 400]"), std::string::npos) << honest.out;
    EXPECT_NE(honest.out.find("go nodes 3000       honoured: reported 3000 nodes at depth 3 for go nodes 3000"),
              std::string::npos) << honest.out;
    EXPECT_NE(honest.out.find("honours  depth movetime nodes"), std::string::npos) << honest.out;
    auto ignoring = run("probe --engine " MATEFIND_FAKE_ENGINE " --engine-arg=--nodes=ignore --nodes 3000 --depth 4 --markdown");
    EXPECT_EQ(ignoring.exitCode, 0) << ignoring.out;
    EXPECT_EQ(ignoring.out.rfind("| FakeEngine 1.0 | **ignored**: 3000 asked, ", 0), 0u) << ignoring.out;
    EXPECT_NE(ignoring.out.find("| honoured: depth 4 reached, 4000 nodes |"), std::string::npos) << ignoring.out;
}

// Ctrl-C while the engine has not answered "uci" (a script that only sleeps, say): the command
// ends within 2 s, where it used to wait out the 60 s start-up timeout of the limit check.
TEST(SolveCli, CtrlCDuringAStartThatNeverAnswersEndsAtOnce) {
    auto suite = writeSuite();
    Child cli = spawn(std::string(MATEFIND_BIN_DIR) + "/matefind-cli solve --suite " + suite.string() +
                      " --engine " MATEFIND_FAKE_ENGINE " --engine-arg=--fault=no-uciok --depth 2 --workers 1 2>/dev/null");
    ASSERT_GT(cli.pid, 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    ASSERT_TRUE(cli.running()) << "ended before Ctrl-C";
    const auto interrupted = std::chrono::steady_clock::now();
    ::kill(cli.pid, SIGINT);
    while (cli.running() && std::chrono::steady_clock::now() - interrupted < mf::test_time::scaled(std::chrono::seconds(10)))
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    EXPECT_LT(std::chrono::steady_clock::now() - interrupted, mf::test_time::scaled(std::chrono::seconds(2)));
    EXPECT_NE(cli.wait(), 0);
}
