// `matefind-cli solve` end to end with the fake engine.
#include <gtest/gtest.h>

#include <array>
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

