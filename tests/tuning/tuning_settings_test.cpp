#include <gtest/gtest.h>
#include <algorithm>
#include <sstream>
#include <set>

#include "evolution/tuning/results/engine_export.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/measures/suite/suite_positions.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/run/run_history.h"
#include "evolution/tuning/common/settings_rules.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/uci/epd_suite.h"

namespace mf::tuning {
namespace {

TEST(TuningSettings, ExtrasRoundTripIncludingOptionNamesWithSpacesAndEquals) {
    TuningSettings settings;
    settings.of<tuning::SuiteSettings>().suite = "/x/suite.epd";
    settings.of<tuning::SuiteSettings>().heldOutSuite = "/x/held.epd";
    settings.heldOutEvery = 4;
    settings.measure = FitnessMeasure::Points;
    settings.engine.program = "/usr/games/toga2";
    settings.engine.arguments = {"--a", "b c"};
    settings.engine.fixedOptions = {{"King Safety", "100"}, {"UCI_Chess960", "false"}, {"Book File", "a=b.bin"}};
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    EXPECT_EQ(back.of<tuning::SuiteSettings>().suite, settings.of<tuning::SuiteSettings>().suite);
    EXPECT_EQ(back.of<tuning::SuiteSettings>().heldOutSuite, settings.of<tuning::SuiteSettings>().heldOutSuite);
    EXPECT_EQ(back.heldOutEvery, 4);
    EXPECT_EQ(back.measure, FitnessMeasure::Points);
    EXPECT_EQ(back.engine, settings.engine);
}

// tune --keep-process is saved with the run (a resume keeps it) and turns the fresh process per
// weight change off; a run without it writes no key, so older files read as before.
TEST(TuningSettings, KeepProcessIsSavedAndTurnsTheFreshProcessOff) {
    TuningSettings settings;
    settings.engine.program = "/usr/games/glaurung";
    EXPECT_TRUE(engineConfigOf(settings.engine).freshProcessOnOptionChange);
    for (const auto& [key, value] : toExtras(settings)) EXPECT_NE(key, "engine_keep_process");
    settings.engine.keepProcess = true;
    EXPECT_FALSE(engineConfigOf(settings.engine).freshProcessOnOptionChange);
    // evalfit's scorers (uci path, traces, K's fit) get it too.
    EXPECT_FALSE(dataset::engineConfigFor(evalfitEngineOf(settings.engine), dataset::EvalfitPath::Uci)
                     .freshProcessOnOptionChange);
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    EXPECT_TRUE(back.engine.keepProcess);
    state.extras = {{"engine_keep_process", "yes"}};
    auto error = applyExtras(state, back);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("engine_keep_process: expected true or false, got 'yes'"), std::string::npos) << *error;
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

TEST(TuningSettings, BaselineTextTable) {
    struct Row {
        const char* text;
        BaselineChoice baseline;
    };
    const Row rows[] = {
        {"defaults", DefaultsBaseline{}},
        {"start", StartBaseline{}},
        {"partners", PartnerBaseline{}},
        {"engine:/usr/games/stockfish", EngineBaseline{"/usr/games/stockfish"}},
        {"engine:", EngineBaseline{}},
        {"runs/best.mfpop", PopulationBaseline{"runs/best.mfpop"}},
        {"Defaults", PopulationBaseline{"Defaults"}},  // names are exact: a file of that name
        {"", PopulationBaseline{}},
    };
    for (const Row& row : rows) {
        EXPECT_EQ(parseBaseline(row.text), row.baseline) << row.text;
        EXPECT_EQ(baselineText(row.baseline), row.text);
    }
}

TEST(TuningSettings, BaselineProblemsComeFromTheLibrary) {
    GamesSettings games;
    games.baseline = PopulationBaseline{};
    auto problems = validateGames(games);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0], "baseline: give defaults, start, partners, engine:PATH or a population file");
    games.baseline = EngineBaseline{"/nonexistent/engine"};
    problems = validateGames(games);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].rfind("baseline engine: /nonexistent/engine", 0), 0u) << problems[0];
}

TEST(TuningSettings, EvalfitLimitRuleTable) {
    struct Row {
        uci::SearchLimit limit;
        bool allowed;
    };
    const Row rows[] = {
        {uci::SearchLimit::depth(0), true},  // the quiescence search alone: the smallest the CLI takes
        {uci::SearchLimit::depth(1), true},
        {uci::SearchLimit::depth(ga::kMaxDepth), true},
        {uci::SearchLimit::depth(ga::kMaxDepth + 1), false},
        {uci::SearchLimit::depth(-1), false},
        {uci::SearchLimit::nodes(1), true},
        {uci::SearchLimit::nodes(0), false},
        {uci::SearchLimit::moveTime(100), false},
    };
    for (const Row& row : rows) EXPECT_EQ(!evalfitLimitProblem(row.limit), row.allowed) << row.limit.describe();
}

// What the CLI accepts, a resumed run accepts: a run saved with --evalfit-depth 0 reads back with
// the same limit, and the settings' rules take it.
TEST(TuningSettings, ARunSavedWithTheSmallestEvalfitDepthResumes) {
    TuningSettings settings;
    settings.measure = FitnessMeasure::Evalfit;
    settings.of<tuning::EvalfitSettings>().data = "/data/train.epd";
    settings.of<tuning::EvalfitSettings>().path = dataset::EvalfitPath::Uci;
    settings.of<tuning::EvalfitSettings>().uciLimit = uci::SearchLimit::depth(0);
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    EXPECT_EQ(back.of<tuning::EvalfitSettings>().uciLimit, uci::SearchLimit::depth(0));
    EXPECT_EQ(back.of<tuning::EvalfitSettings>().path, dataset::EvalfitPath::Uci);
    EXPECT_EQ(evalfitLimitProblem(back.of<tuning::EvalfitSettings>().uciLimit), std::nullopt);
    // Out-of-range values read back too and are the rules' to refuse, as on the command line.
    state.extras = {{"measure", "evalfit"}, {"evalfit_limit", "depth -2"}, {"evalfit_path", "slow"}};
    const auto error = applyExtras(state, back);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("evalfit_path"), std::string::npos) << *error;
    state.extras = {{"measure", "evalfit"}, {"evalfit_limit", "depth -2"}};
    ASSERT_EQ(applyExtras(state, back), std::nullopt);
    const auto problems = validateSettings(back);
    EXPECT_NE(std::find_if(problems.begin(), problems.end(),
                           [](const std::string& p) { return p.rfind("evalfit-depth:", 0) == 0; }),
              problems.end());
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

// An exported evalfit weight set says what users compare: E against the defaults' E0 (and on the
// held-out data), the engine and the data it was tuned on, not the fitness alone.
TEST(Export, DescriptionOfAnEvalfitBestGivesEEngineAndData) {
    TuningSettings settings;
    settings.measure = FitnessMeasure::Evalfit;
    settings.engine.program = "/usr/games/glaurung";
    settings.of<tuning::EvalfitSettings>().data = "/data/train.epd";
    settings.of<tuning::EvalfitSettings>().heldOutData = "/data/held.epd";
    settings.of<tuning::EvalfitSettings>().k = 0.774;
    settings.of<tuning::EvalfitSettings>().startError = 0.1;
    settings.of<tuning::EvalfitSettings>().heldOutStartError = 0.11;
    ga::RunState state;
    state.extras = toExtras(settings);
    GenerationReport report;
    report.stats.generation = 3;
    report.stats.best = 1.25;
    report.startError = 0.1;
    report.evalfitK = 0.774;
    report.heldOut = HeldOutResult{1.1, 0, 10, 0, 10, WorkUnit::Positions, 0.1};  // E0 there: 0.11
    recordGeneration(state, report, false);
    const std::string text = exportDescription(state, 3, 1.25, "/runs/g.mfpop");
    EXPECT_NE(text.find("best of generation 3 of /runs/g.mfpop\n"), std::string::npos) << text;
    EXPECT_NE(text.find("engine /usr/games/glaurung\n"), std::string::npos) << text;
    EXPECT_NE(text.find("measure evalfit on /data/train.epd (held-out /data/held.epd)\n"), std::string::npos) << text;
    EXPECT_NE(text.find("E 0.080000 against the defaults' E0 0.100000 (fitness E0/E 1.25000), K 0.7740\n"),
              std::string::npos)
        << text;
    EXPECT_NE(text.find("held-out E 0.100000 against the defaults' E0 0.110000 there\n"), std::string::npos) << text;
    // A generation without a held-out measurement says so.
    const std::string other = exportDescription(state, 2, 1.25, "/runs/g.mfpop");
    EXPECT_NE(other.find("held-out E not measured in this generation"), std::string::npos) << other;
}

}  // namespace
}  // namespace mf::tuning

// Every default engine is the one beside the running program.
TEST(InstalledPaths, TheBundledEngineIsBesideTheRunningProgram) {
    const std::filesystem::path self = mf::tuning::executablePath();
    ASSERT_FALSE(self.empty());
    EXPECT_EQ(mf::tuning::executableDir(), self.parent_path());
    EXPECT_EQ(mf::tuning::bundledEngine(), self.parent_path() / "matefind-engine");
}

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
