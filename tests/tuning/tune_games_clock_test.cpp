// `matefind-cli tune --measure games` at a clock, and the confirmation of its answer at a clock,
// on the fake engine playing a scripted game (Fool's mate: Black mates on its second move). From
// the start position every pair is one win each way, so nothing a candidate changes makes it
// better than the start: the confirmation's interval cannot lie above 0.
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include "cli_test_support.h"
#include "evolution/tuning/setup/run_presets.h"
#include "tuning_test_support.h"

namespace {

using mf::tuning::test::cli;
using mf::tuning::test::readFile;

class TuneGamesClock : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::ofstream openings(dir_ / "openings.epd");
        for (int i = 0; i < 16; ++i)
            openings << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"start" << i << "\";\n";
        std::ofstream(dir_ / "material.tune") << "Material,100,0,400,20,0.003\n";
    }
    // Each search of the fake takes 10 iterations of `stepMs`.
    std::string base(int stepMs, int population = 4) const {
        return "tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "material.tune").string() +
               " --option 'Script=f2f3 e7e5 g2g4 d8h4' --option DepthStepMs=" + std::to_string(stepMs) +
               " --measure games --pairs 2 --openings " + (dir_ / "openings.epd").string() +
               " --population " + std::to_string(population) + " --workers 2 --seed 5";
    }
    std::filesystem::path dir_;
};

}  // namespace

// 2 ms a move against 1 s on the clock: no game is lost on time, and the run says it played at
// the clock (log and file).
TEST_F(TuneGamesClock, ClockGamesAtATimeControlLoseNoGameOnTime) {
    const auto out = dir_ / "clock.mfpop";
    auto run = cli(base(2) + " --tc 1+0.1 --generations 2 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("gen 1 best "), std::string::npos) << run.out;
    EXPECT_EQ(run.out.find("lost on time"), std::string::npos) << run.out;
    const std::string file = readFile(out);
    EXPECT_NE(file.find("games_tc = 1+0.1"), std::string::npos) << file;
    auto print = cli("print " + out.string() + " --workers 2");
    ASSERT_EQ(print.exitCode, 0) << print.out;
    EXPECT_NE(print.out.find("at tc 1+0.1, fitness by games"), std::string::npos) << print.out;
}

// The other side of the rule: an engine that takes 1.5 s a move on a 1 s clock loses on time, and
// the run says how many of its games were lost so, instead of scoring them silently.
TEST_F(TuneGamesClock, ClockGamesLostOnTimeAreCounted) {
    auto run = cli(base(150, 2) + " --tc 1+0 --generations 1 --out " + (dir_ / "slow.mfpop").string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("8 of 8 games lost on time (100.0%), load average"), std::string::npos) << run.out;
}

TEST_F(TuneGamesClock, ClockGamesUsageErrorsNameTheFlag) {
    auto twoLimits = cli(base(2) + " --tc 1+0.1 --nodes 500 --generations 1");
    EXPECT_EQ(twoLimits.exitCode, 2) << twoLimits.out;
    EXPECT_NE(twoLimits.out.find("--tc and --nodes are two limits"), std::string::npos) << twoLimits.out;
    auto badClock = cli(base(2) + " --tc fast --generations 1");
    EXPECT_EQ(badClock.exitCode, 2) << badClock.out;
    EXPECT_NE(badClock.out.find("--tc: expected [MOVES/]SECONDS[+INCREMENT]"), std::string::npos) << badClock.out;
    auto fewPairs = cli(base(2) + " --confirm 4 --generations 1");
    EXPECT_EQ(fewPairs.exitCode, 2) << fewPairs.out;
    EXPECT_NE(fewPairs.out.find("--confirm: must be 0 (none) or from 10"), std::string::npos) << fewPairs.out;
    auto notGames = cli("tune --tc 10+0.1 --generations 1");
    EXPECT_EQ(notGames.exitCode, 2) << notGames.out;
    EXPECT_NE(notGames.out.find("--tc needs --measure games"), std::string::npos) << notGames.out;
}

// Every pair from the start position is 1-1 (members drawn over whole windows, so the answer is no
// copy of the start, which would need no games): the answer's interval is [+0.0, +0.0], its lower bound
// not above 0, so the start values answer, the log says why, and export refuses.
TEST_F(TuneGamesClock, ConfirmAtClockAnAnswerNoBetterThanTheStartLeavesTheStart) {
    const auto out = dir_ / "confirm.mfpop";
    auto run = cli(base(2) + " --baseline start --start uniform --generations 2 --nodes 1000 --confirm 10 --confirm-tc 2+0.05 --out " +
                   out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("the pick is the start values: no better than the start: generation 1's answer not "
                           "confirmed at tc 2+0.05 against the start: Elo +0.0 [+0.0, +0.0] (20 games)"),
              std::string::npos)
        << run.out;
    const std::string file = readFile(out);
    EXPECT_NE(file.find("generation=-1"), std::string::npos) << file;
    EXPECT_NE(file.find("confirm=failed confirm_generation=1"), std::string::npos) << file;
    EXPECT_NE(file.find("confirm_at=tc:2+0.05"), std::string::npos) << file;
    auto exported = cli("export " + out.string());
    EXPECT_NE(exported.exitCode, 0) << exported.out;
    EXPECT_NE(exported.out.find("no better than the start"), std::string::npos) << exported.out;
}

// A finished run without a confirmation gets one on --resume --confirm: the same verdict, once.
TEST_F(TuneGamesClock, ConfirmAtClockOnResumeOfAFinishedRun) {
    const auto out = dir_ / "later.mfpop";
    auto run = cli(base(2) + " --baseline start --start uniform --generations 2 --nodes 1000 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_EQ(readFile(out).find("confirm="), std::string::npos);
    auto confirm = cli("tune --resume " + out.string() + " --confirm 10 --workers 2");
    ASSERT_EQ(confirm.exitCode, 0) << confirm.out;
    EXPECT_NE(confirm.out.find("not confirmed at movetime 40 ms"), std::string::npos) << confirm.out;
    EXPECT_NE(readFile(out).find("confirm=failed"), std::string::npos);
    auto again = cli("tune --resume " + out.string() + " --workers 2");
    ASSERT_EQ(again.exitCode, 0) << again.out;
    EXPECT_EQ(again.out.find("confirming the pick"), std::string::npos) << again.out;
}

// The "Search by games" recipe fits the engine it is given: its tunable spin options (the
// harness's own left out), games between partners at a clock, the answer confirmed at it; the
// bundled engine gets its 31 search constants instead of its 624 evaluation terms.
TEST_F(TuneGamesClock, ClockGamesPresetReadsTheGivenEnginesOptions) {
    mf::tuning::EngineSpec fake;
    fake.program = MATEFIND_FAKE_ENGINE;
    auto settings = mf::tuning::presetSettings("search-by-games", MATEFIND_BIN_DIR, &fake);
    ASSERT_TRUE(settings) << settings.error().message;
    EXPECT_EQ(settings->engine.program, fake.program);
    EXPECT_EQ(settings->measure, mf::tuning::FitnessMeasure::Games);
    EXPECT_EQ(settings->optimizer.first(), "spsa");
    const auto& games = settings->of<mf::tuning::GamesSettings>();
    EXPECT_EQ(games.timeControl, "5+0.05");
    EXPECT_EQ(games.confirmPairs, 150);
    EXPECT_TRUE(std::holds_alternative<mf::tuning::PartnerBaseline>(games.baseline));
    EXPECT_EQ(settings->parameters.limitKind, mf::ga::LimitKind::Time);
    bool material = false;
    for (const auto& term : settings->genome.terms()) {
        EXPECT_NE(term.option, "Hash");
        material = material || term.option == "Material";
    }
    EXPECT_TRUE(material);
    EXPECT_TRUE(mf::tuning::validateSettings(*settings).empty());

    auto bundled = mf::tuning::presetSettings("search-by-games", MATEFIND_BIN_DIR);
    ASSERT_TRUE(bundled) << bundled.error().message;
    EXPECT_EQ(bundled->genome.size(), 31U);
    EXPECT_TRUE(bundled->genome.terms().front().option.starts_with("Search."));
}

// The speed charge end to end: a genome of the fake's cost of 1000 nodes (DepthStepMs), members
// anywhere in 1..4 ms against the start's 2, at a node limit: the population file keeps the charge
// and each generation's speed ratio, the log says it, and a clock refuses the charge with the reason.
TEST_F(TuneGamesClock, ChargeSpeedRatioShowsInTheFileAndTheLog) {
    std::ofstream(dir_ / "speed.tune") << "DepthStepMs,2,1,4,1,0.003\n";
    const std::string run = "tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "speed.tune").string() +
                            " --option 'Script=f2f3 e7e5 g2g4 d8h4' --measure games --pairs 1 --openings " +
                            (dir_ / "openings.epd").string() +
                            " --population 4 --workers 2 --seed 5 --baseline start --start uniform --generations 1";
    const auto out = dir_ / "charged.mfpop";
    auto charged = cli(run + " --nodes 4000 --charge-speed --out " + out.string());
    ASSERT_EQ(charged.exitCode, 0) << charged.out;
    EXPECT_NE(charged.out.find(" of the start's"), std::string::npos) << charged.out;
    const std::string file = readFile(out);
    EXPECT_NE(file.find("games_charge_speed = 1"), std::string::npos) << file;
    const auto at = file.find(" speed=");
    ASSERT_NE(at, std::string::npos) << file;
    const double ratio = std::stod(file.substr(at + 7));
    EXPECT_GT(ratio, 0.2);  // members cost 1 to 4 ms a thousand nodes against the start's 2
    EXPECT_LT(ratio, 3.0);

    auto atClock = cli(run + " --tc 1+0.1 --charge-speed");
    EXPECT_NE(atClock.exitCode, 0) << atClock.out;
    EXPECT_NE(atClock.out.find("charge speed: charges a side's speed in nodes"), std::string::npos) << atClock.out;
}
