// The generation scorer on a scripted evaluator (no engines, no threads): who is searched, what
// the cache and equal chromosomes serve, the fitness each member gets and what a generation cost.

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "evolution/tuning/run/generation_scorer.h"

namespace mf::tuning::test {
namespace {

using namespace std::chrono_literals;
using Values = std::vector<int>;

// Scores each candidate with `score` (by default: fitness = sum of its values, 1 ms of think
// time) and remembers the values of every call's candidates.
class ScriptedEvaluator final : public FitnessEvaluator {
public:
    std::function<CandidateScore(const Values&)> score = [](const Values& values) {
        CandidateScore s;
        for (int v : values) s.fitness += v;
        s.thinkTime = 1ms;
        return s;
    };
    std::vector<std::vector<Values>> calls;

    std::size_t workers() const override { return 1; }
    void pause() override {}
    void resume() override {}
    std::vector<CandidateScore> evaluate(const FitnessWork&, const std::vector<Candidate>& candidates, std::stop_token,
                                         const ProgressHandler&) override {
        calls.emplace_back();
        std::vector<CandidateScore> scores;
        for (const Candidate& candidate : candidates) {
            calls.back().push_back(candidate.values);
            scores.push_back(score(candidate.values));
        }
        return scores;
    }
};

const ga::Genome kGenome({ga::Term("a", "A", 8, 4), ga::Term("b", "B", 8, 4)});

// A generation of unevaluated members, one per chromosome ("0110..." of 8 bits).
ga::RunState generation(const std::vector<std::string>& chromosomes) {
    ga::RunState state;
    state.genome = kGenome;
    for (const auto& bits : chromosomes) state.population.push_back({*ga::Chromosome::fromString(bits), std::nullopt});
    return state;
}

Values valuesOf(const std::string& bits) { return ga::decode(kGenome, *ga::Chromosome::fromString(bits)); }

// Suite work of two positions: two units per candidate.
KeyedWork twoPositions(std::int64_t key = 1) {
    SuiteWork work;
    work.suite.positions.resize(2);
    return {work, key};
}

GenerationScorer scorer(bool cache) {
    return GenerationScorer(ScoreCache(cache, 1 << 20), uci::SearchLimit::nodes(1000));
}

TEST(GenerationScorer, EqualChromosomesShareASearchAndTheCacheServesLaterGenerations) {
    GenerationScorer s = scorer(true);
    ScriptedEvaluator engines;
    ga::RunState first = generation({"00000000", "00000000", "00010001", "11110000"});
    auto cost = s.scorePending({&first}, twoPositions(), false, engines, {}, {});
    ASSERT_TRUE(cost);
    ASSERT_EQ(engines.calls.size(), 1u);
    EXPECT_EQ(engines.calls[0], (std::vector<Values>{valuesOf("00000000"), valuesOf("00010001"), valuesOf("11110000")}));
    EXPECT_EQ(cost->searchedCandidates, 3u);
    EXPECT_EQ(cost->cachedCandidates, 1u);
    EXPECT_EQ(cost->thinkTime, 3ms);
    EXPECT_EQ(first.evaluations, 4u);
    for (const ga::Member& member : first.population) {
        const Values values = ga::decode(kGenome, member.chromosome);
        ASSERT_TRUE(member.fitness);
        EXPECT_EQ(*member.fitness, values[0] + values[1]);
    }

    ga::RunState next = generation({"00010001", "11111111", "00000000"});
    cost = s.scorePending({&next}, twoPositions(), false, engines, {}, {});
    ASSERT_TRUE(cost);
    ASSERT_EQ(engines.calls.size(), 2u);
    EXPECT_EQ(engines.calls[1], (std::vector<Values>{valuesOf("11111111")}));
    EXPECT_EQ(cost->searchedCandidates, 1u);
    EXPECT_EQ(cost->cachedCandidates, 2u);
    EXPECT_TRUE(ga::fullyEvaluated(next.population));
    EXPECT_EQ(s.totals().searched, 4u);
    EXPECT_EQ(s.totals().cached, 3u);
    EXPECT_DOUBLE_EQ(s.totals().hitRate(), 3.0 / 7.0);
}

TEST(GenerationScorer, WithoutACacheEveryPendingMemberIsSearched) {
    GenerationScorer s = scorer(false);
    ScriptedEvaluator engines;
    ga::RunState state = generation({"00000000", "00000000", "00010001"});
    auto cost = s.scorePending({&state}, twoPositions(), false, engines, {}, {});
    ASSERT_TRUE(cost);
    EXPECT_EQ(engines.calls.at(0).size(), 3u);
    EXPECT_EQ(cost->searchedCandidates, 3u);
    EXPECT_EQ(cost->cachedCandidates, 0u);
    EXPECT_EQ(s.totals().hitRate(), 0.0);
}

TEST(GenerationScorer, AKeptFitnessStaysUnlessTheWorkIsNew) {
    GenerationScorer s = scorer(false);
    ScriptedEvaluator engines;
    ga::RunState state = generation({"00000000", "00010001"});
    state.population[0].fitness = 99.0;  // an elite, scored in an earlier generation
    ASSERT_TRUE(s.scorePending({&state}, twoPositions(), false, engines, {}, {}));
    EXPECT_EQ(engines.calls.at(0), (std::vector<Values>{valuesOf("00010001")}));
    EXPECT_EQ(state.population[0].fitness, 99.0);

    state.population[0].fitness = 99.0;
    ASSERT_TRUE(s.scorePending({&state}, twoPositions(), true, engines, {}, {}));
    EXPECT_EQ(engines.calls.at(1).size(), 2u);
    EXPECT_NE(state.population[0].fitness, 99.0);
}

TEST(GenerationScorer, AFitnessWithFailedSearchesIsScoredAgainWhenMet) {
    GenerationScorer s = scorer(true);
    ScriptedEvaluator engines;
    int failures = 1;  // the first search of the chromosome fails once
    engines.score = [&](const Values&) {
        CandidateScore score;
        score.fitness = 1.0;
        score.failed = failures;
        failures = 0;
        return score;
    };
    ga::RunState state = generation({"00000000"});
    auto cost = s.scorePending({&state}, twoPositions(), false, engines, {}, {});
    ASSERT_TRUE(cost);
    EXPECT_EQ(cost->failedSearches, 1u);

    // Kept as an elite: its fitness was provisional, so it is searched again (the cache keeps no
    // score with failures).
    cost = s.scorePending({&state}, twoPositions(), false, engines, {}, {});
    ASSERT_TRUE(cost);
    EXPECT_EQ(engines.calls.size(), 2u);
    EXPECT_EQ(cost->failedSearches, 0u);

    // Now earned without failures: kept.
    ASSERT_TRUE(s.scorePending({&state}, twoPositions(), false, engines, {}, {}));
    EXPECT_EQ(engines.calls.size(), 2u);
    EXPECT_EQ(s.totals().failed, 1u);
}

TEST(GenerationScorer, ScoredSearchesThatBreakTheNodesLimitAreCounted) {
    struct Case {
        std::int64_t nodes;
        bool scored;
        bool breaks;
    };
    const Case cases[] = {
        {1000, true, false},   // as asked
        {150, true, false},    // within 10x
        {50, true, true},      // stops far too early
        {20000, true, true},   // ignores the limit
        {20000, false, false}, // not scored: not counted
        {0, true, false},      // no nodes reported
    };
    for (const Case& c : cases) {
        GenerationScorer s = scorer(false);
        ScriptedEvaluator engines;
        engines.score = [&](const Values&) {
            CandidateScore score;
            PositionResult position;
            position.scored = c.scored;
            position.nodes = c.nodes;
            score.positions = {position, position};
            return score;
        };
        ga::RunState state = generation({"00000000"});
        auto cost = s.scorePending({&state}, twoPositions(), false, engines, {}, {});
        ASSERT_TRUE(cost);
        EXPECT_EQ(cost->limitBreakingSearches, c.breaks ? 2u : 0u) << "nodes " << c.nodes << " scored " << c.scored;
        EXPECT_EQ(s.totals().limitBreaking, cost->limitBreakingSearches);
    }
}

TEST(GenerationScorer, AStoppedEvaluationWritesNoFitness) {
    GenerationScorer s = scorer(true);
    ScriptedEvaluator engines;
    engines.score = [](const Values&) {
        CandidateScore score;
        score.cancelled = 1;
        return score;
    };
    ga::RunState state = generation({"00000000", "00010001"});
    EXPECT_FALSE(s.scorePending({&state}, twoPositions(), false, engines, {}, {}));
    EXPECT_FALSE(state.population[0].fitness);
    EXPECT_EQ(state.evaluations, 0u);
    EXPECT_EQ(s.totals().searched, 0u);

    std::stop_source stop;
    stop.request_stop();
    ScriptedEvaluator fine;
    EXPECT_FALSE(s.scorePending({&state}, twoPositions(), false, fine, stop.get_token(), {}));
    EXPECT_FALSE(state.population[1].fitness);
}

TEST(GenerationScorer, ProgressIsAskedForWithTheCountsAndReportedFromZero) {
    GenerationScorer s = scorer(true);
    ScriptedEvaluator engines;
    std::vector<std::pair<std::size_t, std::size_t>> asked;
    std::vector<EvaluationProgress> reported;
    const ProgressFor progressFor = [&](std::size_t candidates, std::size_t units) -> ProgressHandler {
        asked.emplace_back(candidates, units);
        return [&](const EvaluationProgress& p) { reported.push_back(p); };
    };
    ga::RunState state = generation({"00000000", "00010001", "00010001"});
    ASSERT_TRUE(s.scorePending({&state}, twoPositions(), false, engines, {}, progressFor));
    EXPECT_EQ(asked, (std::vector<std::pair<std::size_t, std::size_t>>{{2, 4}}));
    ASSERT_EQ(reported.size(), 1u);
    EXPECT_EQ(reported[0].unitsDone, 0u);
    EXPECT_EQ(reported[0].unitsTotal, 4u);

    // Nothing to search: no evaluation, no progress.
    ga::RunState again = generation({"00010001"});
    ASSERT_TRUE(s.scorePending({&again}, twoPositions(), false, engines, {}, progressFor));
    EXPECT_EQ(asked.size(), 1u);
    EXPECT_EQ(engines.calls.size(), 1u);
}

TEST(GenerationScorer, SeveralStatesAreScoredInOneEvaluation) {
    GenerationScorer s = scorer(true);
    ScriptedEvaluator engines;
    ga::RunState lane1 = generation({"00000000", "00010001"});
    ga::RunState lane2 = generation({"00010001", "11110000"});
    auto cost = s.scorePending({&lane1, &lane2}, twoPositions(), false, engines, {}, {});
    ASSERT_TRUE(cost);
    ASSERT_EQ(engines.calls.size(), 1u);
    EXPECT_EQ(engines.calls[0].size(), 3u);  // the chromosome in both lanes is searched once
    EXPECT_EQ(cost->cachedCandidates, 1u);
    EXPECT_TRUE(ga::fullyEvaluated(lane1.population));
    EXPECT_TRUE(ga::fullyEvaluated(lane2.population));
    EXPECT_EQ(lane1.evaluations + lane2.evaluations, 4u);
}

TEST(GenerationScorer, BestsAreSearchedOnceEachOnTheHeldOutWork) {
    GenerationScorer s = scorer(true);
    ScriptedEvaluator engines;
    engines.score = [](const Values& values) {
        CandidateScore score;
        score.fitness = values[0];
        score.solved = 1;
        score.scored = 2;
        score.thinkTime = 2ms;
        return score;
    };
    const Values a = valuesOf("00010001"), b = valuesOf("11110000");
    GenerationCost cost;
    auto results = s.scoreBests({a, b, a}, kGenome, twoPositions(7), engines, {}, {}, cost);
    ASSERT_TRUE(results);
    EXPECT_EQ(engines.calls.at(0), (std::vector<Values>{a, b}));
    ASSERT_EQ(results->size(), 3u);
    EXPECT_EQ((*results)[0].fitness, a[0]);
    EXPECT_EQ((*results)[1].fitness, b[0]);
    EXPECT_EQ((*results)[2].fitness, a[0]);
    EXPECT_EQ((*results)[0].positions, 2u);
    EXPECT_EQ((*results)[0].unit, WorkUnit::Positions);
    EXPECT_EQ((*results)[0].scored, 2);
    EXPECT_EQ(cost.thinkTime, 4ms);
    EXPECT_EQ(cost.searchedCandidates, 0u);  // the held-out pass counts only its time

    // Scored before on that work: served by the cache. On other work: searched.
    ASSERT_TRUE(s.scoreBests({b}, kGenome, twoPositions(7), engines, {}, {}, cost));
    EXPECT_EQ(engines.calls.size(), 1u);
    ASSERT_TRUE(s.scoreBests({b}, kGenome, twoPositions(8), engines, {}, {}, cost));
    EXPECT_EQ(engines.calls.size(), 2u);
}

}  // namespace
}  // namespace mf::tuning::test
