// `matefind-cli tune --measure games` end to end on the bundled engine and openings: every member
// plays game pairs against the engine's defaults; in nodes mode a run of 2 generations and a run
// of 1 resumed to 2 write the same file; held-out pairs and print report games; usage errors.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <sys/wait.h>

#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace {

using mf::tuning::test::cli;

class TuneGamesCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        // Two quiet, balanced openings (the pair plays each twice, colours reversed).
        std::ofstream(dir_ / "openings.epd")
            << "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"e4e5\";\n"
            << "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - id \"d4d5\";\n"
            << "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"sicilian\";\n";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    // The bundled engine and genome (the defaults of `tune`); 300 nodes a move keeps games short.
    std::string base(int population = 4, int pairs = 1) const {
        return "tune --measure games --pairs " + std::to_string(pairs) + " --openings " + (dir_ / "openings.epd").string() +
               " --population " + std::to_string(population) + " --nodes 300 --workers 2 --seed 4";
    }
    std::filesystem::path dir_;
};

}  // namespace

TEST_F(TuneGamesCli, ResumeIsExactInNodesMode) {
    const auto straight = dir_ / "straight.mfpop";
    const auto resumed = dir_ / "resumed.mfpop";
    auto a = cli(base() + " --generations 2 --out " + straight.string());
    ASSERT_EQ(a.exitCode, 0) << a.out;
    EXPECT_NE(a.out.find("gen 1 best "), std::string::npos) << a.out;
    auto b = cli(base() + " --generations 1 --out " + resumed.string());
    ASSERT_EQ(b.exitCode, 0) << b.out;
    auto c = cli("tune --resume " + resumed.string() + " --generations 2");  // the run's new total
    ASSERT_EQ(c.exitCode, 0) << c.out;
    const std::string file = mf::tuning::test::withoutComments(straight);
    EXPECT_EQ(file, mf::tuning::test::withoutComments(resumed));
    EXPECT_NE(file.find("measure = games"), std::string::npos) << file;
    EXPECT_NE(file.find("games_baseline = defaults"), std::string::npos) << file;
    EXPECT_NE(file.find("games_pairs = 1"), std::string::npos) << file;
}

TEST_F(TuneGamesCli, HeldOutPairsAndPrintReportGames) {
    const auto out = dir_ / "run.mfpop";
    auto run = cli(base(2) + " --elite 0 --generations 1 --heldout-pairs 1 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("held-out "), std::string::npos) << run.out;
    // One held-out pair is too few for an interval: the figure says so instead of a zero-width one.
    EXPECT_NE(run.out.find("(2 games: too few for an interval"), std::string::npos) << run.out;
    auto print = cli("print " + out.string() + " --workers 2");
    ASSERT_EQ(print.exitCode, 0) << print.out;
    EXPECT_NE(print.out.find("1 game pairs against defaults"), std::string::npos) << print.out;
    EXPECT_NE(print.out.find("games +"), std::string::npos) << print.out;
    EXPECT_NE(print.out.find("white"), std::string::npos) << print.out;
    // Nodes mode: print replays the generation's games, so the fitness equals the saved one.
    const auto line = print.out.find("chromosome ");
    ASSERT_NE(line, std::string::npos);
    const std::string header = print.out.substr(line, print.out.find('\n', line) - line);
    const auto fitness = header.substr(header.find("fitness ") + 8, header.find("  saved") - header.find("fitness ") - 8);
    EXPECT_NE(header.find("saved " + fitness), std::string::npos) << header;
}

TEST_F(TuneGamesCli, UsageErrorsNameTheFlag) {
    auto pairsAlone = cli("tune --pairs 2 --generations 1");
    EXPECT_EQ(pairsAlone.exitCode, 2) << pairsAlone.out;
    EXPECT_NE(pairsAlone.out.find("--pairs needs --measure games"), std::string::npos) << pairsAlone.out;
    auto suite = cli(base() + " --suite " + (dir_ / "openings.epd").string());
    EXPECT_EQ(suite.exitCode, 2) << suite.out;
    EXPECT_NE(suite.out.find("--suite is for the suite measures"), std::string::npos) << suite.out;
    auto baseline = cli(base() + " --baseline " + (dir_ / "missing.mfpop").string());
    EXPECT_EQ(baseline.exitCode, 2) << baseline.out;
    EXPECT_NE(baseline.out.find("baseline: "), std::string::npos) << baseline.out;
    auto tooFew = cli(base(4, 3) + " --heldout-pairs 1 --out " + (dir_ / "x.mfpop").string());
    EXPECT_NE(tooFew.exitCode, 0) << tooFew.out;
    EXPECT_NE(tooFew.out.find("3 usable opening(s), but pairs 3 + held-out pairs 1 need 4"), std::string::npos)
        << tooFew.out;
    auto measure = cli("tune --measure elo");
    EXPECT_EQ(measure.exitCode, 2) << measure.out;
    EXPECT_NE(measure.out.find("--measure: expected evalfit, solved, points or games"), std::string::npos) << measure.out;
}

// SPSA between partners (each iteration's theta + c and theta - c play each other): the log counts
// the games really played (a couple's game once) and the held-out Elo of the pick against the
// start; the file names the baseline. (Killed and resumed: tune_kill_test.cpp.)
TEST_F(TuneGamesCli, SpsaBetweenPartnersCountsEachGameOnce) {
    const auto out = dir_ / "run.mfpop";
    auto run = cli(base(4) + " --optimizer spsa --baseline partners --heldout-pairs 1 --heldout-every 1 --generations 2 --out " +
                   out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    // Generation 0: two couples' pairs (4 games), the held-out pair of the pick (its theta is the
    // start's, so the start's own pair is the same games, played once): 6 games.
    EXPECT_NE(run.out.find("held-out Elo "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find(", 6 games so far"), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("-0.0"), std::string::npos) << run.out;
    EXPECT_NE(mf::tuning::test::withoutComments(out).find("games_baseline = partners"), std::string::npos);
}

TEST_F(TuneGamesCli, PartnersNeedAnEvenPopulation) {
    auto run = cli(base(3) + " --baseline partners --generations 1 --out " + (dir_ / "odd.mfpop").string());
    EXPECT_NE(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("even"), std::string::npos) << run.out;
}

// Without held-out pairs a games run's pick is the optimiser's latest answer: each generation
// plays other openings, so a member's 2 of 2 in generation 0 is no score a later one could be
// compared with (before, that luck answered for the whole run: "the pick: generation 0").
TEST_F(TuneGamesCli, WithoutHeldOutPairsThePickIsTheLatestAnswer) {
    const auto out = dir_ / "run.mfpop";
    auto run = cli(base() + " --baseline start --generations 4 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("the pick: the optimiser's values after generation 3"), std::string::npos) << run.out;
    auto exported = cli("export " + out.string());
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    auto last = cli("export " + out.string() + " --generation 3");
    ASSERT_EQ(last.exitCode, 0) << last.out;
    EXPECT_EQ(exported.out.substr(exported.out.find("setoption")), last.out.substr(last.out.find("setoption")));
}
