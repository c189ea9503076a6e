// `matefind-cli solve` end to end with the fake engine.
#include <gtest/gtest.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

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

// Each position's line is written when it finishes, not at the end: with one worker and slow
// searches, the first line arrives a whole search before the program ends.
TEST(SolveCli, LinesAreWrittenAsPositionsFinish) {
    auto path = std::filesystem::temp_directory_path() / ("mf_solve_stream_" + std::to_string(::getpid()) + ".epd");
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    std::ofstream(path) << start << " bm e4; id \"first\";\n" << start << " bm e4; id \"second\";\n";
    // Fake engine: depth 4 at DepthStepMs 300 takes at least 1.2 s per search.
    std::string command = std::string(MATEFIND_BIN_DIR) + "/matefind-cli solve --suite " + path.string() +
                          " --engine " MATEFIND_FAKE_ENGINE " --depth 4 --workers 1 --option DepthStepMs=300 2>/dev/null";
    FILE* pipe = ::popen(command.c_str(), "r");
    ASSERT_NE(pipe, nullptr);
    std::array<char, 4096> line;
    ASSERT_NE(std::fgets(line.data(), line.size(), pipe), nullptr);
    const auto firstLineAt = std::chrono::steady_clock::now();
    EXPECT_EQ(std::string(line.data()).rfind("first\t", 0), 0u) << line.data();
    while (std::fgets(line.data(), line.size(), pipe)) {}
    const auto endedAt = std::chrono::steady_clock::now();
    EXPECT_EQ(WEXITSTATUS(::pclose(pipe)), 0);
    EXPECT_GE(endedAt - firstLineAt, std::chrono::milliseconds(1000));
    std::filesystem::remove(path);
}
