#include <gtest/gtest.h>
#include <sstream>
#include <set>

#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/measures/suite/suite_positions.h"
#include "evolution/tuning/installed_paths.h"
#include "evolution/tuning/tuning_settings.h"
#include "evolution/uci/epd_suite.h"

namespace mf::tuning {
namespace {

TEST(TuningSettings, ExtrasRoundTripIncludingOptionNamesWithSpacesAndEquals) {
    TuningSettings settings;
    settings.suite = "/x/suite.epd";
    settings.heldOutSuite = "/x/held.epd";
    settings.heldOutEvery = 4;
    settings.measure = FitnessMeasure::Points;
    settings.engine.program = "/usr/games/toga2";
    settings.engine.arguments = {"--a", "b c"};
    settings.engine.fixedOptions = {{"King Safety", "100"}, {"UCI_Chess960", "false"}, {"Book File", "a=b.bin"}};
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    EXPECT_EQ(back.suite, settings.suite);
    EXPECT_EQ(back.heldOutSuite, settings.heldOutSuite);
    EXPECT_EQ(back.heldOutEvery, 4);
    EXPECT_EQ(back.measure, FitnessMeasure::Points);
    EXPECT_EQ(back.engine, settings.engine);
}

TEST(TuningSettings, MalformedExtrasNameTheKey) {
    ga::RunState state;
    state.extras = {{"heldout_every", "zero"}};
    TuningSettings settings;
    auto error = applyExtras(state, settings);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("heldout_every"), std::string::npos);
    state.extras = {{"engine_option.0", "NoEquals"}};
    error = applyExtras(state, settings);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("engine_option.0"), std::string::npos);
}

TEST(TuningSettings, LimitKindsMapToSearchLimitsAndDeterminism) {
    ga::Parameters p;
    p.limitKind = ga::LimitKind::Time;
    p.limitValue = 20;
    EXPECT_EQ(searchLimit(p), uci::SearchLimit::moveTime(20));
    EXPECT_FALSE(deterministicLimit(p));
    p.limitKind = ga::LimitKind::Depth;
    EXPECT_EQ(searchLimit(p), uci::SearchLimit::depth(20));
    EXPECT_TRUE(deterministicLimit(p));
    p.limitKind = ga::LimitKind::Nodes;
    EXPECT_EQ(searchLimit(p), uci::SearchLimit::nodes(20));
}

TEST(FitnessRule, SolvedCountsOnePlusPrizeForEarlySettling) {
    ScoringRule rule;
    rule.prize = 0.5;
    EXPECT_DOUBLE_EQ(positionScore(true, 0, 0.0, rule), 1.5);
    EXPECT_DOUBLE_EQ(positionScore(true, 0, 1.0, rule), 1.0);
    EXPECT_DOUBLE_EQ(positionScore(true, 0, 0.5, rule), 1.25);
    EXPECT_DOUBLE_EQ(positionScore(false, 0, 0.0, rule), 0.0);
    rule.measure = FitnessMeasure::Points;
    EXPECT_DOUBLE_EQ(positionScore(false, 7, 0.0, rule), 7.0);
    EXPECT_DOUBLE_EQ(positionScore(true, 10, 0.0, rule), 10.5);
}

TEST(FitnessRule, SummarizeSkipsFailedAndCancelledPositions) {
    CandidateScore score;
    PositionResult solved;
    solved.scored = solved.solved = true;
    solved.score = 1.0;
    PositionResult failed;
    failed.failure = "engine exited (signal 11)";
    PositionResult cancelled;
    cancelled.failure = std::string(kCancelledFailure);
    PositionResult missed;
    missed.scored = true;
    score.positions = {solved, failed, cancelled, missed, solved};
    summarize(score);
    EXPECT_DOUBLE_EQ(score.fitness, 2.0);
    EXPECT_EQ(score.solved, 2);
    EXPECT_EQ(score.scored, 3);
    EXPECT_EQ(score.failed, 1);
    EXPECT_EQ(score.cancelled, 1);
    EXPECT_FALSE(score.complete());
}

TEST(Export, SetOptionLinesAndOptionsFileOfTheBest) {
    ga::Genome genome({ga::Term("knight", "KnightValue", 250, 9), ga::Term("king safety", "King Safety", 100, 8)});
    EXPECT_EQ(setOptionLines(genome, {300, 120}),
              "setoption name KnightValue value 300\nsetoption name King Safety value 120\n");
    EXPECT_EQ(engineOptionsFile(genome, {300, 120}, "from run.mfpop\nfitness 12"),
              "# engine options, Name = Value (matefind-cli match --options1/--options2 reads them)\n# from run.mfpop\n# fitness 12\nKnightValue = 300\nKing Safety = 120\n");
    ga::RunState state;
    state.population = {{ga::Chromosome(), 3.0}, {ga::Chromosome(), std::nullopt}, {ga::Chromosome(), 5.0},
                        {ga::Chromosome(), 5.0}};
    EXPECT_EQ(bestMember(state), 2u);
}

}  // namespace
}  // namespace mf::tuning

// A fresh build has the shipped suites where `tune` looks for its defaults.
TEST(InstalledPaths, BundledSuitesAreTheShippedOnes) {
    const std::filesystem::path bin = MATEFIND_BIN_DIR;
    const auto suite = mf::tuning::bundledSuite(bin);
    const auto heldOut = mf::tuning::bundledHeldOutSuite(bin);
    ASSERT_FALSE(suite.empty()) << "no " << (mf::tuning::shareDir(bin) / "epd" / "matefind-tune.epd");
    ASSERT_FALSE(heldOut.empty()) << "no " << (mf::tuning::shareDir(bin) / "epd" / "matefind-heldout.epd");
    const auto tune = mf::uci::loadSuite(suite.string());
    const auto held = mf::uci::loadSuite(heldOut.string());
    EXPECT_EQ(tune.positions.size(), 300u);
    // Issue 12, defect 10: two suites of at least 200 positions, sharing no position (the first
    // four FEN fields: placement, side to move, castling, en passant).
    EXPECT_GE(held.positions.size(), 200u);
    EXPECT_TRUE(tune.errors.empty());
    EXPECT_TRUE(held.errors.empty());
    auto key = [](const std::string& fen) {
        std::istringstream in(fen);
        std::string a, b, c, d;
        in >> a >> b >> c >> d;
        return a + " " + b + " " + c + " " + d;
    };
    std::set<std::string> tuning;
    for (const auto& p : tune.positions) tuning.insert(key(p.fen));
    std::set<std::string> seen;
    for (const auto& p : held.positions) {
        EXPECT_FALSE(tuning.contains(key(p.fen))) << p.id << " is in the tuning suite too";
        EXPECT_TRUE(seen.insert(key(p.fen)).second) << p.id << " appears twice";
    }
}
