// matefind-cli match end to end with scripted fake engines: the summary, the PGN file (read back
// by the project's PGN reader), usage errors, clock games without spurious losses on time, and
// the short name of a side given an options file of hundreds of options (the bundled engine).
#include <gtest/gtest.h>

#include <filesystem>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/pgn_reader.h"
#include "tests/match/quiet_script.h"
#include "tests/uci/solve_cli_support.h"

namespace mf::match {
namespace {

using uci::testing::run;
using uci::testing::Run;

class MatchCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("mf_match_cli_" + std::to_string(::getpid()) + "_" +
                                                         ::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::filesystem::remove_all(dir_);
        std::filesystem::create_directories(dir_);
        std::ofstream(dir_ / "openings.epd") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n"
                                                "k7/8/8/8/8/8/1Q6/K7 w - - 0 1\n";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_;
};

// Side A wins from the start position both ways (scholar's and fool's mate); from the second
// opening each side's first move is illegal, so each loses its White game.
const std::string sides = std::string(" --engine1 ") + MATEFIND_FAKE_ENGINE + " --engine2 " + MATEFIND_FAKE_ENGINE +
                          " '--option1=Script=e2e4 e7e5 d1h5 d8h4 f1c4 a1a1 h5f7'"
                          " '--option2=Script=f2f3 e7e5 g2g4 b8c6 a1a1 g8f6' --name1 A --name2 B";

TEST_F(MatchCli, SummaryAndPgn) {
    const auto pgn = dir_ / "games.pgn";
    auto result = run("match" + sides + " --openings " + (dir_ / "openings.epd").string() + " --pairs 3 --movetime 20" +
                      " --workers 2 --pgn " + pgn.string());
    ASSERT_EQ(result.exitCode, 0) << result.out;
    EXPECT_NE(result.out.find("pairs: 3 of 3 (6 games)"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("games: +5 =0 -1 for A"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("pentanomial [0, 1/2, 1, 3/2, 2 points per pair]: 0 0 1 0 2"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("forfeits: A 1, B 1"), std::string::npos) << result.out;

    PgnFile file = readPgnFile(pgn.string());
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().describe();
    ASSERT_EQ(file.games.size(), 6u);
    EXPECT_EQ(file.games[0].tag("Round"), "1.1");
    EXPECT_EQ(file.games[0].tag("White"), "A");
    EXPECT_EQ(file.games[0].tag("Opening"), "start");
    EXPECT_EQ(file.games[0].result, "1-0");
    EXPECT_EQ(file.games[1].tag("White"), "B");
    EXPECT_EQ(file.games[1].result, "0-1");
    EXPECT_EQ(file.games[2].tag("Round"), "2.1");
    EXPECT_EQ(file.games[2].tag("Termination"), "rules infraction");
    EXPECT_EQ(file.games[5].tag("Round"), "3.2");
}

// cutechess's moves-per-period clock: the summary and the PGN name it as cutechess does, and a
// short match's Elo reads as an interval with the unbounded end said in words (never "+- inf").
TEST_F(MatchCli, MovesPerPeriodClockAndAShortMatchSummary) {
    const auto pgn = dir_ / "games.pgn";
    auto result = run("match" + sides + " --openings " + (dir_ / "openings.epd").string() + " --pairs 3 --tc 40/10+0.1" +
                      " --workers 1 --pgn " + pgn.string());
    ASSERT_EQ(result.exitCode, 0) << result.out;
    EXPECT_NE(result.out.find("tc 40/10+0.1"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("Elo (pentanomial): "), std::string::npos) << result.out;
    EXPECT_EQ(result.out.find("+- inf"), std::string::npos) << result.out;
    EXPECT_EQ(result.out.find("[-inf"), std::string::npos) << result.out;
    EXPECT_NE(result.out.find("(on time: 0, 0)"), std::string::npos) << result.out;
    PgnFile file = readPgnFile(pgn.string());
    ASSERT_EQ(file.games.size(), 6u);
    EXPECT_EQ(file.games[0].tag("TimeControl"), "40/10+0.1");
}

TEST_F(MatchCli, UsageErrors) {
    const std::string openings = " --openings " + (dir_ / "openings.epd").string();
    EXPECT_EQ(run("match" + sides + openings + " --nodes 0").exitCode, 2);
    EXPECT_EQ(run("match" + sides + openings + " --nodes 10 --depth 3").exitCode, 2);
    EXPECT_EQ(run("match" + sides + openings + " --tc 10+x").exitCode, 2);
    auto badPeriod = run("match" + sides + openings + " --tc 0/10+0.1", true);
    EXPECT_EQ(badPeriod.exitCode, 2);
    EXPECT_NE(badPeriod.out.find("expected [MOVES/]BASE[+INC]"), std::string::npos) << badPeriod.out;
    EXPECT_EQ(run("match" + sides + openings + " --sprt elo0=5,elo1=0").exitCode, 2);
    EXPECT_EQ(run("match" + sides + openings + " --sprt elo=5").exitCode, 2);
    // Two openings: a third pair at a nodes limit would replay pair 1's games.
    EXPECT_EQ(run("match" + sides + openings + " --nodes 1000 --pairs 3").exitCode, 2);
    EXPECT_EQ(run("match" + sides + " --openings " + (dir_ / "missing.epd").string()).exitCode, 1);
}

// The limit check before any game, so a wrong limit costs no games: an engine that stops at depth 1 under `go nodes`
// (Ethereal 12 does) is refused with the modes that work, unless overridden; a side option the
// engine does not announce is refused by name instead of forfeiting every game.
TEST_F(MatchCli, LimitAndOptionsAreCheckedBeforeTheGames) {
    const std::string openings = " --openings " + (dir_ / "openings.epd").string() + " --pairs 1 --nodes 3000";
    auto depthOne = run("match" + sides + openings + " --engine2-arg=--nodes=depth-one", true);
    EXPECT_EQ(depthOne.exitCode, 2) << depthOne.out;
    EXPECT_NE(depthOne.out.find("stops far too early under `go nodes`"), std::string::npos) << depthOne.out;
    EXPECT_EQ(depthOne.out.find("pairs:"), std::string::npos) << "games were played:\n" << depthOne.out;
    auto overridden = run("match" + sides + openings + " --engine2-arg=--nodes=depth-one --override-limit-check");
    EXPECT_EQ(overridden.exitCode, 0) << overridden.out;
    auto misspelt = run("match" + sides + openings + " --option1 'Knight Value=450'", true);
    EXPECT_EQ(misspelt.exitCode, 2) << misspelt.out;
    EXPECT_NE(misspelt.out.find("has no option 'Knight Value'"), std::string::npos) << misspelt.out;
}

// Seconds as a clock's text writes them ("0.5", "2").
std::string secondsText(int ms) {
    char text[32];
    std::snprintf(text, sizeof text, "%g", ms / 1000.0);
    return text;
}

// The fake engine answering in about ten times `stepMs` plays the 88-ply quiet game (as both sides).
Run playQuietGame(const std::filesystem::path& dir, const std::string& tc, int stepMs) {
    std::ofstream(dir / "start.epd") << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start\";\n";
    const std::string script = std::string("Script=") + testing::kQuietScript;
    const std::string step = "DepthStepMs=" + mf::test_time::scaledMsText(stepMs);
    return run(std::string("match --engine1 ") + MATEFIND_FAKE_ENGINE + " --engine2 " + MATEFIND_FAKE_ENGINE + " '--option1=" +
               script + "' --option1=" + step + " '--option2=" + script + "' --option2=" + step +
               " --name1 A --name2 B --openings " + (dir / "start.epd").string() + " --pairs 1 --workers 1 --tc " + tc +
               " --pgn " + (dir / "games.pgn").string());
}

// Clock games as the CLI plays them: an engine answering in about 10 ms never loses on time at
// 40/10+0.1 (44 moves a side: the period's time comes back after move 40, movestogo counts down)
// nor at 10+0.1. The same engine answering in about 150 ms loses on time at 40/0.5+0, on its
// fourth move, when 50 ms are left: the check can fail.
TEST_F(MatchCli, ClockWithoutForfeits) {
    for (const char* tc : {"40/10+0.1", "10+0.1"}) {
        auto result = playQuietGame(dir_, tc, 1);
        ASSERT_EQ(result.exitCode, 0) << result.out;
        EXPECT_NE(result.out.find("forfeits: A 0, B 0 (on time: 0, 0)"), std::string::npos) << tc << "\n" << result.out;
        EXPECT_NE(result.out.find("endings: threefold repetition 2;"), std::string::npos) << tc << "\n" << result.out;
        PgnFile file = readPgnFile((dir_ / "games.pgn").string());
        ASSERT_EQ(file.games.size(), 2u);
        for (const auto& game : file.games) EXPECT_EQ(game.tag("PlyCount"), std::to_string(testing::kQuietScriptPlies));
    }
    auto slow = playQuietGame(dir_, "40/" + secondsText(mf::test_time::scaledMs(500)) + "+0", 15);
    ASSERT_EQ(slow.exitCode, 0) << slow.out;
    EXPECT_NE(slow.out.find("forfeits: A 1, B 1 (on time: 1, 1)"), std::string::npos) << slow.out;
    EXPECT_NE(slow.out.find("endings: time forfeit 2;"), std::string::npos) << slow.out;
}

// The first `count` spin options of the bundled engine at their defaults, as an options file.
std::string bundledOptionsFile(int count) {
    FILE* pipe = ::popen("printf 'uci\\nquit\\n' | '" MATEFIND_BIN_DIR "/matefind-engine'", "r");
    std::string out;
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
    ::pclose(pipe);
    std::istringstream lines(out);
    std::string text;
    int written = 0;
    for (std::string line; written < count && std::getline(lines, line);) {
        const auto type = line.find(" type spin default ");
        if (line.rfind("option name ", 0) != 0 || type == std::string::npos) continue;
        std::istringstream rest(line.substr(type + 19));
        std::string value;
        rest >> value;
        text += line.substr(12, type - 12) + " = " + value + "\n";
        ++written;
    }
    return written == count ? text : std::string();
}

// A side given an options file of 600 options is named as cutechess names a player, by its
// engine's and its file's names, in the summary and in the PGN's White and Black tags: never by
// the 600 values (which made a summary line of some 20,000 characters).
TEST_F(MatchCli, AnOptionsFileSideHasAShortName) {
    const std::string options = bundledOptionsFile(600);
    ASSERT_FALSE(options.empty()) << "the bundled engine announced fewer than 600 spin options";
    std::ofstream(dir_ / "tuned.txt") << options;
    std::ofstream(dir_ / "mate.epd") << "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - id \"back rank\";\n";
    const auto pgn = dir_ / "games.pgn";
    auto result = run("match --options2 " + (dir_ / "tuned.txt").string() + " --openings " + (dir_ / "mate.epd").string() +
                      " --pairs 1 --workers 1 --nodes 300 --pgn " + pgn.string());
    ASSERT_EQ(result.exitCode, 0) << result.out;
    EXPECT_NE(result.out.find("forfeits: matefind-engine 0, matefind-engine tuned.txt 0 "), std::string::npos) << result.out;
    std::istringstream lines(result.out);
    for (std::string line; std::getline(lines, line);) EXPECT_LT(line.size(), 200u) << line.substr(0, 200);
    PgnFile file = readPgnFile(pgn.string());
    ASSERT_EQ(file.games.size(), 2u);
    EXPECT_EQ(file.games[0].tag("White"), "matefind-engine");
    EXPECT_EQ(file.games[0].tag("Black"), "matefind-engine tuned.txt");
    EXPECT_EQ(file.games[1].tag("White"), "matefind-engine tuned.txt");
    EXPECT_EQ(file.games[1].tag("Black"), "matefind-engine");
}

}  // namespace
}  // namespace mf::match
