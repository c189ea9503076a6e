// The GA's exploration (optimizers/ga/ga_exploration.h): creep on the decoded values with its
// adapting step, and the restart of a collapsed population. Deterministic with the seed.

#include <gtest/gtest.h>

#include <cmath>

#include "evolution/ga/start_population.h"
#include "evolution/tuning/optimizers/ga/ga_exploration.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/registry.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/tuning/optimizers/optimizer_state.h"

namespace mf::tuning {
namespace {

ga::Genome genome() {
    return ga::Genome({ga::Term("activity", "Activity", 40, 9, 0, 400), ga::Term("king", "King", 30, 9, 0, 400),
                       ga::Term("passed", "Passed", 50, 9, 0, 400)});
}

// Settings of a GA test: the three-term genome, a population of `size` with `elite` elites
// (0: the default), and the seed; each test adds what it measures.
TuningSettings gaSettings(int size, int elite, std::uint64_t seed) {
    TuningSettings s;
    s.genome = genome();
    s.parameters.populationSize = size;
    if (elite > 0) s.parameters.elite = elite;
    s.parameters.seed = seed;
    return s;
}

ga::Population evaluatedCopies(const ga::Genome& g, const std::vector<int>& values, std::size_t size) {
    ga::Population p;
    for (std::size_t i = 0; i < size; ++i) p.push_back({ga::encode(g, values), 1.0 + double(i)});
    return p;
}

TEST(GaCreep, MovesBredMembersOnlyAndResetsTheirFitness) {
    const ga::Genome g = genome();
    ga::Population p = evaluatedCopies(g, {40, 30, 50}, 6);
    ga::Rng rng(8);
    creep(p, 2, g, 1.0, kCreepFirstScale, rng);
    for (std::size_t m = 0; m < 2; ++m) {
        EXPECT_EQ(ga::decode(g, p[m].chromosome), (std::vector<int>{40, 30, 50}));
        EXPECT_TRUE(p[m].fitness.has_value());
    }
    double moved = 0;
    for (std::size_t m = 2; m < 6; ++m) {
        EXPECT_FALSE(p[m].fitness.has_value());
        const auto v = ga::decode(g, p[m].chromosome);
        moved += std::abs(v[0] - 40) + std::abs(v[1] - 30) + std::abs(v[2] - 50);
    }
    // sd = 401 / 8 = 50 values: a mean move of about 40 per term (clamped at 0 below).
    EXPECT_GT(moved / 12.0, 10.0);
    ga::Population again = evaluatedCopies(g, {40, 30, 50}, 6);
    ga::Rng same(8);
    creep(again, 2, g, 1.0, kCreepFirstScale, same);
    EXPECT_EQ(again, p);
}

TEST(GaCreep, StepGrowsAfterAnImprovementAndShrinksOtherwiseWithinBounds) {
    const ga::Genome g = genome();
    const double shrink = kGaCreepShrink.defaultValue;
    EXPECT_DOUBLE_EQ(shrink, 0.8) << "the rule every earlier run was made with";
    EXPECT_DOUBLE_EQ(adaptedCreepScale(0.1, true, g, shrink), 0.15);
    EXPECT_DOUBLE_EQ(adaptedCreepScale(0.1, false, g, shrink), 0.08);
    EXPECT_DOUBLE_EQ(adaptedCreepScale(0.1, false, g, 0.6), 0.06) << "--creep-shrink 0.6";
    EXPECT_DOUBLE_EQ(adaptedCreepScale(0.1, true, g, 0.6), 0.15) << "growth is not the shrink's";
    EXPECT_DOUBLE_EQ(adaptedCreepScale(0.4, true, g, shrink), 0.5);
    EXPECT_DOUBLE_EQ(adaptedCreepScale(0.0001, false, g, shrink), 1.0 / 401);
}

// --creep-shrink reaches the run: after generations without progress the saved step is the
// first one times the shrink per generation, and a shrink outside (0, 1) is refused by name.
TEST(GaCreep, TheShrinkFactorIsTheRunsAndValidated) {
    TuningSettings s = gaSettings(4, 1, 3);
    s.optimizer.set(kGaCreep, 0.5);
    auto gaOptimizer = makeOptimizer("ga");
    auto flat = [](const std::vector<int>&) { return 1.0; };  // no generation ever improves
    for (double shrink : {0.8, 0.5}) {
        s.optimizer.set(kGaCreepShrink, shrink);
        ga::RunState state = gaOptimizer->start(optimizerInputs(s));
        optimize(*gaOptimizer, optimizerInputs(s), state, flat, 4);
        const auto text = optimizerValue(state, "creep_scale");
        ASSERT_TRUE(text);
        const auto numbers = parseNumbers(*text, 1);
        ASSERT_TRUE(numbers);
        // The first adaptation has no last best to compare with; every later one shrinks.
        EXPECT_NEAR(numbers->front(), kCreepFirstScale * std::pow(shrink, 2), 1e-12) << shrink;
    }
    for (double bad : {0.0, 1.0, 1.5}) {
        s.optimizer.set(kGaCreepShrink, bad);
        const auto problems = optimizerProblems(s);
        ASSERT_EQ(problems.size(), 1u) << bad;
        EXPECT_EQ(problems.front().rfind("creep shrink:", 0), 0u) << problems.front();
    }
}

TEST(GaRestart, ACollapsedPopulationRestartsKeepingTheElites) {
    TuningSettings s = gaSettings(9, 2, 4);
    s.optimizer.set(kGaRestartSpread, 0.05);
    auto gaOptimizer = makeOptimizer("ga");
    ga::RunState state = gaOptimizer->start(optimizerInputs(s));
    state.population = evaluatedCopies(s.genome, {41, 30, 50}, 9);
    state.population[4] = {ga::encode(s.genome, {45, 31, 52}), 20.0};  // the best, a little apart
    ASSERT_LT(valueSpread(s.genome, state.population), 0.05);
    gaOptimizer->next(state, optimizerInputs(s), noContext());
    EXPECT_EQ(state.generation, 1);
    EXPECT_EQ(optimizerValue(state, "restarts"), "1");
    ASSERT_EQ(state.population.size(), 9u);
    EXPECT_EQ(ga::decode(s.genome, state.population[0].chromosome), (std::vector<int>{45, 31, 52}));
    EXPECT_EQ(state.population[0].fitness, 20.0);
    EXPECT_TRUE(state.population[1].fitness.has_value());
    for (std::size_t m = 2; m < 9; ++m) EXPECT_FALSE(state.population[m].fitness.has_value());
    EXPECT_GT(valueSpread(s.genome, state.population), 0.5);
}

TEST(GaRestart, ASpreadPopulationBreedsAsBefore) {
    TuningSettings s = gaSettings(9, 0, 4);
    s.start = ga::StartPopulation::LatinHypercube;
    s.optimizer.set(kGaRestartSpread, 0.05);
    auto gaOptimizer = makeOptimizer("ga");
    ga::RunState withRestart = gaOptimizer->start(optimizerInputs(s));
    for (auto& m : withRestart.population) m.fitness = 1.0;
    ga::RunState plain = withRestart;
    gaOptimizer->next(withRestart, optimizerInputs(s), noContext());
    ga::nextGeneration(plain);
    EXPECT_EQ(withRestart, plain);
}

// A weight 70 values from its start, as Toga II's detuned King Safety: with creep the GA gets
// there within a few generations of 10, where the bit flips alone move little.
TEST(GaCreep, ReachesAFarWeightInAFewGenerations) {
    TuningSettings s = gaSettings(10, 1, 11);
    s.parameters.pm = 1.5 / 27;
    const std::vector<int> target = {110, 100, 120};
    auto fitness = [&](const std::vector<int>& v) {
        double sum = 0;
        for (std::size_t i = 0; i < v.size(); ++i) sum += double(v[i] - target[i]) * (v[i] - target[i]);
        return 1.0 / (1.0 + sum);
    };
    auto distance = [&](const ga::RunState& state) {
        const auto v = bestValues(state);
        double d = 0;
        for (std::size_t i = 0; i < v.size(); ++i) d += std::abs(v[i] - target[i]);
        return d;
    };
    auto gaOptimizer = makeOptimizer("ga");
    ga::RunState bitsOnly = gaOptimizer->start(optimizerInputs(s));
    optimize(*gaOptimizer, optimizerInputs(s), bitsOnly, fitness, 9);
    s.optimizer.set(kGaCreep, 0.5);
    ga::RunState withCreep = gaOptimizer->start(optimizerInputs(s));
    optimize(*gaOptimizer, optimizerInputs(s), withCreep, fitness, 9);
    EXPECT_LT(distance(withCreep), distance(bitsOnly));
    EXPECT_LT(distance(withCreep), 60);  // from 210 at the start
}

}  // namespace
}  // namespace mf::tuning
