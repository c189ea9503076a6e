// The games measure below the engines: settings and extras, the openings each generation plays
// (the same for every member, reproducible from the seed, held-out ones kept apart), and the
// merge of game pairs into fitness (points, never negative; unfinished games never scored).
#include <gtest/gtest.h>

#include <fstream>
#include <set>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/evaluate/work_items.h"
#include "tuning_test_support.h"

using namespace mf;
using namespace mf::tuning;

namespace {

// `count` distinct legal openings: 1. e4 + one of Black's first moves, then any White reply.
std::filesystem::path writeOpenings(const std::filesystem::path& file, int count) {
    static const char* const kFens[] = {
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppppp1p/6p1/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "r1bqkbnr/pppppppp/2n5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/pp1ppppp/2p5/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/ppppppp1/7p/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
        "rnbqkbnr/1ppppppp/p7/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
    };
    std::ofstream out(file);
    for (int i = 0; i < count; ++i) out << kFens[i % 10] << " id \"o" << i << "\";\n";
    return file;
}

TuningSettings gamesSettings(const std::filesystem::path& dir) {
    TuningSettings settings;
    settings.measure = FitnessMeasure::Games;
    settings.engine.program = "/bin/true";
    settings.of<tuning::GamesSettings>().pairs = 2;
    settings.of<tuning::GamesSettings>().heldOutPairs = 3;
    settings.of<tuning::GamesSettings>().openings = writeOpenings(dir / "openings.epd", 10);
    settings.parameters.seed = 7;
    settings.parameters.limitKind = ga::LimitKind::Nodes;
    settings.parameters.limitValue = 500;
    return settings;
}

std::vector<std::string> names(const FitnessWork& work) {
    std::vector<std::string> out;
    for (const auto& opening : std::get<GamesWork>(work).openings) out.push_back(opening.name);
    return out;
}

match::PairResult pair(match::GameResult first, match::GameResult second) {
    match::PairResult result;
    result.games[0].result = first;
    result.games[1].result = second;
    result.games[0].ending = result.games[1].ending = match::Ending::Checkmate;
    return result;
}

}  // namespace

TEST(GamesSettings, ExtrasRoundTripAndValidation) {
    auto dir = test::scratchDir("games_settings");
    TuningSettings settings = gamesSettings(dir);
    settings.of<tuning::GamesSettings>().baseline = EngineBaseline{"/usr/games/stockfish"};
    settings.heldOutEvery = 2;
    ga::RunState state;
    state.extras = toExtras(settings);
    TuningSettings back;
    ASSERT_FALSE(applyExtras(state, back));
    EXPECT_EQ(back.measure, FitnessMeasure::Games);
    EXPECT_EQ(back.of<tuning::GamesSettings>(), settings.of<tuning::GamesSettings>());
    EXPECT_EQ(back.heldOutEvery, 2);
    EXPECT_TRUE(back.of<tuning::SuiteSettings>().suite.empty());  // no suite for games, none saved

    GamesSettings bad;
    bad.pairs = 0;
    bad.heldOutPairs = -1;
    bad.baseline = PopulationBaseline{dir / "missing.mfpop"};
    bad.openings = dir / "missing.epd";
    const auto problems = validateGames(bad);
    ASSERT_EQ(problems.size(), 4u);
    EXPECT_EQ(problems[0].rfind("pairs:", 0), 0u) << problems[0];
    EXPECT_EQ(problems[1].rfind("held-out pairs:", 0), 0u) << problems[1];
    EXPECT_EQ(problems[2].rfind("openings:", 0), 0u) << problems[2];
    EXPECT_EQ(problems[3].rfind("baseline:", 0), 0u) << problems[3];
    EXPECT_TRUE(validateGames(GamesSettings{}).empty());
}

TEST(GamesPlan, GenerationsPlayTheirOwnReproducibleOpeningsAndHeldOutOnesAreKeptApart) {
    auto dir = test::scratchDir("games_plan");
    const TuningSettings settings = gamesSettings(dir);
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(settings, warnings);
    ASSERT_TRUE(plan) << plan.error().message;
    EXPECT_TRUE(warnings.empty());
    EXPECT_TRUE(plan->changesEachGeneration());
    ASSERT_TRUE(plan->hasHeldOut());

    const auto heldOut = names(plan->heldOutWork(0));
    ASSERT_EQ(heldOut.size(), 3u);
    EXPECT_EQ(heldOut, names(plan->heldOutWork(5)));  // the same every generation
    const std::set<std::string> held(heldOut.begin(), heldOut.end());
    std::set<std::string> trained;
    for (int g = 0; g < 4; ++g) {
        const auto openings = names(plan->mainWork(g));
        ASSERT_EQ(openings.size(), 2u);
        for (const auto& name : openings) {
            EXPECT_FALSE(held.contains(name)) << name << " is held out but played in generation " << g;
            trained.insert(name);
        }
        EXPECT_NE(plan->mainKey(g), plan->heldOutKey(g));
        EXPECT_NE(plan->mainKey(g), plan->mainKey(g + 1));
    }
    EXPECT_EQ(trained.size(), 7u);  // generations 0..3 take 8 in turn from the 7 training openings
    EXPECT_NE(names(plan->mainWork(0)), names(plan->mainWork(1)));

    // Reproducible from the seed; another seed gives another order.
    auto again = FitnessPlan::load(settings, warnings);
    ASSERT_TRUE(again);
    for (int g = 0; g < 3; ++g) EXPECT_EQ(names(plan->mainWork(g)), names(again->mainWork(g)));
    TuningSettings reseeded = settings;
    reseeded.parameters.seed = 8;
    auto other = FitnessPlan::load(reseeded, warnings);
    ASSERT_TRUE(other);
    EXPECT_NE(names(plan->heldOutWork(0)), names(other->heldOutWork(0)));

    // mainWork returns a value: keep it, or the reference dangles (stack-use-after-scope, found by
    // the asan preset).
    const FitnessWork main0 = plan->mainWork(0);
    const auto& work = std::get<GamesWork>(main0);
    EXPECT_EQ(work.limits.kind, match::GameLimits::Kind::Nodes);
    EXPECT_EQ(work.limits.value, 500);
    EXPECT_EQ(work.baseline.name, "defaults");
    EXPECT_TRUE(work.baseline.options.empty());
}

// --baseline start: the tuned engine with the genome's defaults set, i.e. the values the run
// starts from (--start-values writes them there), so that a run from far-off weights plays them.
TEST(GamesPlan, TheStartBaselinePlaysTheGenomesDefaults) {
    auto dir = test::scratchDir("games_plan_start");
    TuningSettings settings = gamesSettings(dir);
    settings.genome = ga::Genome({ga::Term("knight", "KnightValue", 250, 9), ga::Term("tempo", "Tempo", 7, 5)});
    settings.of<tuning::GamesSettings>().baseline = StartBaseline{};
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(settings, warnings);
    ASSERT_TRUE(plan) << plan.error().message;
    const FitnessWork main0 = plan->mainWork(0);
    const auto& work = std::get<GamesWork>(main0);
    EXPECT_EQ(work.baseline.name, "start values");
    EXPECT_EQ(work.baseline.options, (uci::OptionValues{{"KnightValue", "250"}, {"Tempo", "7"}}));
}

TEST(GamesPlan, TooFewOpeningsIsAnErrorNamingTheFileAndTheCounts) {
    auto dir = test::scratchDir("games_plan_few");
    TuningSettings settings = gamesSettings(dir);
    settings.of<tuning::GamesSettings>().openings = writeOpenings(dir / "few.epd", 4);
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(settings, warnings);
    ASSERT_FALSE(plan);
    EXPECT_NE(plan.error().message.find("few.epd: 4 usable opening(s), but pairs 2 + held-out pairs 3 need 5"),
              std::string::npos)
        << plan.error().message;
}

TEST(GamesMerge, FitnessIsTheCandidatesPointsAndUnfinishedGamesAreNotScored) {
    GamesWork games;
    games.openings.resize(3);
    const FitnessWork work = games;
    const auto items = splitWork(work, 2);
    ASSERT_EQ(items.size(), 6u);
    using R = match::GameResult;
    std::vector<std::optional<ItemResult>> results(items.size());
    // Candidate 0 is White in games[0] and Black in games[1] of each pair.
    results[0] = GamePairItemResult{pair(R::WhiteWins, R::BlackWins), false};  // two wins
    results[1] = GamePairItemResult{pair(R::Draw, R::WhiteWins), false};       // a draw, a loss
    results[2] = GamePairItemResult{pair(R::BlackWins, R::Draw), false};       // a loss, a draw
    // Candidate 1: two losses, a pair with an unfinished game (a broken opening), one never run.
    results[3] = GamePairItemResult{pair(R::BlackWins, R::WhiteWins), false};
    results[4] = GamePairItemResult{pair(R::Unfinished, R::Draw), false};
    const auto scores = mergeResults(work, 2, items, results);
    ASSERT_EQ(scores.size(), 2u);
    EXPECT_DOUBLE_EQ(scores[0].fitness, 3.0);
    EXPECT_EQ(scores[0].games.wins, 2);
    EXPECT_EQ(scores[0].games.draws, 2);
    EXPECT_EQ(scores[0].games.losses, 2);
    EXPECT_EQ(scores[0].scored, 6);
    EXPECT_TRUE(scores[0].complete());
    EXPECT_EQ(scores[0].pairs.size(), 3u);

    EXPECT_DOUBLE_EQ(scores[1].fitness, 0.5);  // never negative: losses score 0
    EXPECT_EQ(scores[1].games.losses, 2);
    EXPECT_EQ(scores[1].failed, 1);
    EXPECT_EQ(scores[1].cancelled, 2);
    EXPECT_FALSE(scores[1].complete());
}

// Partners: members 0 and 1 are a couple, 2 and 3 another; each couple's pair is played once, by
// its first member as side A (White in game 0), and counts for both members in their colours.
TEST(GamesMerge, PartnersPlayEachPairOnceAndBothMembersScoreIt) {
    GamesWork games;
    games.openings.resize(2);
    games.partners = true;
    const FitnessWork work = games;
    const auto items = splitWork(work, 4);
    ASSERT_EQ(items.size(), 4u);  // two couples, two pairs each
    EXPECT_EQ(unitsPlayed(work, 4), 8u);  // 8 games, not 16
    using R = match::GameResult;
    std::vector<std::optional<ItemResult>> results(items.size());
    results[0] = GamePairItemResult{pair(R::WhiteWins, R::Draw), false};   // member 0: a win and a draw
    results[1] = GamePairItemResult{pair(R::Draw, R::Draw), false};        // two draws
    results[2] = GamePairItemResult{pair(R::BlackWins, R::BlackWins), false};  // member 2 loses, wins
    results[3] = GamePairItemResult{pair(R::WhiteWins, R::WhiteWins), false};  // a win each
    const auto scores = mergeResults(work, 4, items, results);
    ASSERT_EQ(scores.size(), 4u);
    EXPECT_DOUBLE_EQ(scores[0].fitness, 2.5);
    EXPECT_DOUBLE_EQ(scores[1].fitness, 1.5);  // the same four games from the other side
    EXPECT_EQ(scores[1].games.losses, 1);
    EXPECT_EQ(scores[1].games.draws, 3);
    EXPECT_DOUBLE_EQ(scores[2].fitness, 2.0);
    EXPECT_DOUBLE_EQ(scores[3].fitness, 2.0);
    for (const CandidateScore& s : scores) EXPECT_TRUE(s.complete());
    // Member 0's pairs: 3 half points and 2; member 1's: 1 and 2.
    EXPECT_EQ(scores[0].games.pairHalfPoints[3], 1);
    EXPECT_EQ(scores[0].games.pairHalfPoints[2], 1);
    EXPECT_EQ(scores[1].games.pairHalfPoints[1], 1);
    EXPECT_EQ(scores[1].games.pairHalfPoints[2], 1);
    const auto elo = eloOf(work, scores[0]);
    ASSERT_TRUE(elo.has_value());
    EXPECT_GT(elo->elo, 0.0);
    EXPECT_EQ(elo->games, 4);
}
