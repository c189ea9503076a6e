// The optimisers behind one interface (evolution/tuning/optimizers): SPSA's step schedule against
// the fishtest formulas worked by hand, SPSA on a noisy quadratic, CMA-ES (pagmo) on the sphere and
// Rosenbrock functions, and for each an exact resume through the population file's text.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/registry.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/tuning/optimizers/optimizer_state.h"
#include "evolution/tuning/optimizers/spsa/spsa_schedule.h"

namespace mf::tuning {
namespace {

TuningSettings settingsFor(std::string_view kind, int population, int generations, std::vector<ga::Term> terms) {
    TuningSettings s;
    s.optimizer.only(kind);
    s.measure = FitnessMeasure::Solved;  // result scale 1
    s.parameters.populationSize = population;
    s.parameters.generations = generations;
    s.parameters.seed = 20261127;
    s.genome = ga::Genome(std::move(terms));
    return s;
}

// A reproducible "noise" of the values: the same values always get the same disturbance, so a
// resumed run sees what the uninterrupted one saw.
double noiseOf(const std::vector<int>& values, double size) {
    std::uint64_t h = 1469598103934665603ULL;
    for (int v : values) h = (h ^ static_cast<std::uint64_t>(v + 100000)) * 1099511628211ULL;
    h ^= h >> 29;
    return size * (static_cast<double>(h % 2001) / 1000.0 - 1.0);  // in [-size, size]
}

ga::RunState resumedThroughText(const ga::RunState& state) {
    auto loaded = ga::populationFromText(ga::populationToText(state));
    EXPECT_TRUE(loaded) << loaded.error().message;
    return *loaded;
}

TEST(SpsaSchedule, ConstantsAndStepsAreFishtests) {
    // c_end 10, r_end 0.002, N 100, worked by hand: A = 0.1 N = 10; c = 10 * 100^0.101 = 15.92209;
    // a_end = 0.002 * 10^2 = 0.2; a = 0.2 * 110^0.602 = 3.388039.
    const SpsaConstants k = spsaConstants(ga::SpsaSteps{10.0, 0.002}, 100);
    EXPECT_DOUBLE_EQ(k.bigA, 10.0);
    EXPECT_NEAR(k.c, 15.922087, 1e-5);
    EXPECT_NEAR(k.a, 3.388039, 1e-5);
    // k = 0: c_0 = c / 1^0.101 = c; R_0 = a / (A + 1)^0.602 / c_0^2 = 3.388039 / 11^0.602 / 253.5129.
    EXPECT_NEAR(spsaStep(k, 0).c, 15.922087, 1e-5);
    EXPECT_NEAR(spsaStep(k, 0).r, 0.00315522, 1e-8);
    // k = 1: c_1 = c / 2^0.101 = 14.845539; R_1 = a / 12^0.602 / c_1^2 = 0.00344421.
    EXPECT_NEAR(spsaStep(k, 1).c, 14.845539, 1e-5);
    EXPECT_NEAR(spsaStep(k, 1).r, 0.00344421, 1e-8);
    // k = 49: c_49 = c / 50^0.101 = 10.725166; R_49 = a / 60^0.602 / c_49^2 = 0.00250434.
    EXPECT_NEAR(spsaStep(k, 49).c, 10.725166, 1e-5);
    EXPECT_NEAR(spsaStep(k, 49).r, 0.00250434, 1e-8);
    // The last iteration (k = N - 1) has exactly c_end and r_end.
    EXPECT_NEAR(spsaStep(k, 99).c, 10.0, 1e-12);
    EXPECT_NEAR(spsaStep(k, 99).r, 0.002, 1e-15);
}

TEST(SpsaSchedule, TermsWithoutStepsTakeTheWindowOverTwentyAndTheGivenREnd) {
    ga::Term t("a", "A", 200, 9, 0, 400);  // a 0..400 window
    const ga::SpsaSteps steps = termSteps(t, 0.004);
    EXPECT_DOUBLE_EQ(steps.cEnd, 20.0);
    EXPECT_DOUBLE_EQ(steps.rEnd, 0.004);
    t.spsa = ga::SpsaSteps{3.5, 0.01};
    EXPECT_EQ(termSteps(t, 0.004), (ga::SpsaSteps{3.5, 0.01}));
}

// The measure's scale of an SPSA result: games against a baseline 2, games between partners 1
// (their points' difference is wins - losses), evalfit 1000, suites 1; a given scale overrides.
TEST(SpsaSchedule, TheResultScaleIsTheMeasuresUnlessGiven) {
    TuningSettings s;
    s.measure = FitnessMeasure::Games;
    EXPECT_DOUBLE_EQ(measureResultScale(s), 2.0);
    s.of<GamesSettings>().baseline = PartnerBaseline{};
    EXPECT_DOUBLE_EQ(measureResultScale(s), 1.0);
    s.measure = FitnessMeasure::Evalfit;
    EXPECT_DOUBLE_EQ(measureResultScale(s), 1000.0);
    s.measure = FitnessMeasure::Solved;
    EXPECT_DOUBLE_EQ(measureResultScale(s), 1.0);
    EXPECT_DOUBLE_EQ(spsaResultScale(1000.0, 0), 1000.0);
    EXPECT_DOUBLE_EQ(spsaResultScale(1000.0, 7), 7.0);
}

TEST(Spsa, FirstBatchIsThetaPlusAndMinusTheFirstPerturbation) {
    TuningSettings s = settingsFor("spsa", 2, 50,
                                   {ga::Term("a", "A", 100, 8), ga::Term("b", "B", 60, 8)});
    auto spsa = makeOptimizer("spsa");
    const ga::RunState state = spsa->start(optimizerInputs(s));
    ASSERT_EQ(state.population.size(), 2u);
    const std::string delta = *optimizerValue(state, "delta");
    ASSERT_EQ(delta.size(), 2u);
    // N = 50 iterations; c_end = 255 / 20 = 12.75; c_0 = c_end * 50^0.101 = 19.2...
    const double c0 = spsaStep(spsaConstants(ga::SpsaSteps{12.75, 0.002}, 50), 0).c;
    const std::vector<int> plus = ga::decode(s.genome, state.population[0].chromosome);
    const std::vector<int> minus = ga::decode(s.genome, state.population[1].chromosome);
    for (std::size_t i = 0; i < 2; ++i) {
        const int sign = delta[i] == '+' ? 1 : -1;
        const double theta = s.genome[i].defaultValue;
        EXPECT_EQ(plus[i], std::lround(theta + sign * c0)) << i;
        EXPECT_EQ(minus[i], std::lround(theta - sign * c0)) << i;
    }
    EXPECT_EQ(*optimizerValue(state, "iterations"), "50");
    EXPECT_EQ(*optimizerValue(state, "iteration"), "0");
}

// A concave bowl with its top at `target`, with noise: fitness >= 0 as the run controller wants.
ValuesFitness noisyBowl(std::vector<int> target, double noise) {
    return [target, noise](const std::vector<int>& v) {
        double sum = 0;
        for (std::size_t i = 0; i < v.size(); ++i) sum += double(v[i] - target[i]) * (v[i] - target[i]);
        return std::max(0.0, 5000.0 - sum / 10.0 + noiseOf(v, noise));
    };
}

TEST(Spsa, ConvergesOnANoisyQuadratic) {
    TuningSettings s = settingsFor("spsa", 4, 150,
                                   {ga::Term("a", "A", 40, 8), ga::Term("b", "B", 200, 8), ga::Term("c", "C", 120, 8)});
    const std::vector<int> target = {100, 150, 60};
    auto spsa = makeOptimizer("spsa");
    ga::RunState state = spsa->start(optimizerInputs(s));
    optimize(*spsa, optimizerInputs(s), state, noisyBowl(target, 5.0), s.parameters.generations);
    EXPECT_EQ(state.generation, 149);
    EXPECT_EQ(*optimizerValue(state, "iteration"), "298");  // 149 batches of 2 iterations updated theta
    const std::vector<int> theta = spsa->pick(state);
    for (std::size_t i = 0; i < target.size(); ++i) EXPECT_NEAR(theta[i], target[i], 3) << "term " << i;
}

TEST(Spsa, ResumesExactlyFromTheSavedText) {
    TuningSettings s = settingsFor("spsa", 4, 30,
                                   {ga::Term("a", "A", 40, 8), ga::Term("b", "B", 200, 8), ga::Term("c", "C", 120, 8)});
    auto spsa = makeOptimizer("spsa");
    const ValuesFitness fitness = noisyBowl({100, 150, 60}, 5.0);
    ga::RunState straight = spsa->start(optimizerInputs(s));
    optimize(*spsa, optimizerInputs(s), straight, fitness, 30);
    ga::RunState split = spsa->start(optimizerInputs(s));
    optimize(*spsa, optimizerInputs(s), split, fitness, 12);
    ga::RunState resumed = resumedThroughText(split);
    ASSERT_EQ(resumed, split);  // theta and the signs read back exactly
    ASSERT_EQ(spsa->checkState(resumed), std::nullopt);
    optimize(*spsa, optimizerInputs(s), resumed, fitness, 30);
    EXPECT_EQ(resumed, straight);
}

TEST(Spsa, RefusesAnOddPopulationAndABrokenState) {
    TuningSettings s = settingsFor("spsa", 5, 10, {ga::Term("a", "A", 40, 8)});
    auto spsa = makeOptimizer("spsa");
    ASSERT_FALSE(spsa->validate(optimizerInputs(s)).empty());
    EXPECT_NE(spsa->validate(optimizerInputs(s)).front().find("even"), std::string::npos);
    s.parameters.populationSize = 2;
    ga::RunState state = spsa->start(optimizerInputs(s));
    setOptimizerValue(state, "theta", "12 x");
    ASSERT_TRUE(spsa->checkState(state));
    EXPECT_NE(spsa->checkState(state)->find("theta"), std::string::npos);
}

// Sphere on three terms of 10 bits (windows 0..1023), its top at (700, 300, 520).
ValuesFitness sphere() {
    return [](const std::vector<int>& v) {
        const int t[] = {700, 300, 520};
        double sum = 0;
        for (std::size_t i = 0; i < 3; ++i) sum += double(v[i] - t[i]) * (v[i] - t[i]);
        return 4e6 - sum;
    };
}

// Rosenbrock's valley on two terms: x = (v - 512) / 256 in -2..2, its minimum at x = (1, 1), i.e.
// the values (768, 768).
ValuesFitness rosenbrock() {
    return [](const std::vector<int>& v) {
        const double x = (v[0] - 512) / 256.0, y = (v[1] - 512) / 256.0;
        const double f = 100 * (y - x * x) * (y - x * x) + (1 - x) * (1 - x);
        return std::max(0.0, 5000.0 - f);
    };
}

TEST(Cmaes, ReachesTheTopOfTheSphere) {
    TuningSettings s = settingsFor("cmaes", 10, 60,
                                   {ga::Term("a", "A", 200, 10), ga::Term("b", "B", 800, 10), ga::Term("c", "C", 100, 10)});
    s.start = ga::StartPopulation::Uniform;
    auto cmaes = makeOptimizer("cmaes");
    ASSERT_TRUE(cmaes->validate(optimizerInputs(s)).empty());
    ga::RunState state = cmaes->start(optimizerInputs(s));
    optimize(*cmaes, optimizerInputs(s), state, sphere(), s.parameters.generations);
    const std::vector<int> best = cmaes->pick(state);
    EXPECT_NEAR(best[0], 700, 3);
    EXPECT_NEAR(best[1], 300, 3);
    EXPECT_NEAR(best[2], 520, 3);
}

TEST(Cmaes, FollowsRosenbrocksValleyToItsMinimum) {
    TuningSettings s = settingsFor("cmaes", 12, 150,
                                   {ga::Term("x", "X", 300, 10), ga::Term("y", "Y", 300, 10)});
    auto cmaes = makeOptimizer("cmaes");
    ga::RunState state = cmaes->start(optimizerInputs(s));
    optimize(*cmaes, optimizerInputs(s), state, rosenbrock(), s.parameters.generations);
    const std::vector<int> best = cmaes->pick(state);
    EXPECT_NEAR(best[0], 768, 12);
    EXPECT_NEAR(best[1], 768, 24);
}

TEST(Cmaes, ResumesExactlyFromTheSavedText) {
    TuningSettings s = settingsFor("cmaes", 8, 25,
                                   {ga::Term("a", "A", 200, 10), ga::Term("b", "B", 800, 10), ga::Term("c", "C", 100, 10)});
    auto cmaes = makeOptimizer("cmaes");
    ga::RunState straight = cmaes->start(optimizerInputs(s));
    optimize(*cmaes, optimizerInputs(s), straight, sphere(), 25);
    for (int k : {1, 2, 9}) {
        ga::RunState split = cmaes->start(optimizerInputs(s));
        optimize(*cmaes, optimizerInputs(s), split, sphere(), k);
        ga::RunState resumed = resumedThroughText(split);
        ASSERT_EQ(resumed, split) << "after " << k << " generations";
        ASSERT_EQ(cmaes->checkState(resumed), std::nullopt);
        optimize(*cmaes, optimizerInputs(s), resumed, sphere(), 25);
        EXPECT_EQ(resumed, straight) << "resumed after " << k << " generations";
    }
}

TEST(Cmaes, RefusesFewerThanFiveSamplesAndAStateThatIsNotPagmos) {
    TuningSettings s = settingsFor("cmaes", 4, 10, {ga::Term("a", "A", 40, 8)});
    auto cmaes = makeOptimizer("cmaes");
    ASSERT_FALSE(cmaes->validate(optimizerInputs(s)).empty());
    s.parameters.populationSize = 6;
    ga::RunState state = cmaes->start(optimizerInputs(s));
    optimize(*cmaes, optimizerInputs(s), state, [](const std::vector<int>& v) { return double(v[0]); }, 3);
    setOptimizerValue(state, "algorithm", "00ff");
    ASSERT_TRUE(cmaes->checkState(state));
    EXPECT_NE(cmaes->checkState(state)->find("algorithm"), std::string::npos);
}

TEST(GaOptimizer, IsTheGenerationStepOfBefore) {
    TuningSettings s = settingsFor("ga", 8, 6, {ga::Term("a", "A", 40, 8), ga::Term("b", "B", 90, 8)});
    auto gaOptimizer = makeOptimizer("ga");
    ga::RunState viaOptimizer = gaOptimizer->start(optimizerInputs(s));
    optimize(*gaOptimizer, optimizerInputs(s), viaOptimizer, [](const std::vector<int>& v) { return double(v[0] + v[1]); }, 6);
    ga::RunState direct = ga::startRun(s.parameters, s.genome, s.start);
    ga::evolve(direct, [&](const ga::Chromosome& c) {
        const auto v = ga::decode(s.genome, c);
        return double(v[0] + v[1]);
    }, 6);
    EXPECT_EQ(viaOptimizer, direct);
    EXPECT_TRUE(viaOptimizer.optimizer.empty());
    // No [optimizer] section in a GA run's file: it is the file of before.
    EXPECT_EQ(ga::populationToText(viaOptimizer).find("[optimizer]"), std::string::npos);
}

// A run's extras as its file keeps them, read back into default settings.
ga::RunState savedState(const TuningSettings& s) {
    ga::RunState state;
    state.parameters = s.parameters;
    state.genome = s.genome;
    state.extras = toExtras(s);
    return state;
}

TEST(OptimizerExtras, OnlyAnotherOptimiserIsWrittenAndItReadsBack) {
    TuningSettings s = settingsFor("ga", 8, 6, {ga::Term("a", "A", 40, 8)});
    s.engine.program = "/bin/true";
    for (const auto& [key, value] : toExtras(s)) EXPECT_NE(key.rfind("optimizer", 0), 0u) << key;
    // The GA's creep shrink: written only when it is not the rule of every earlier file.
    for (const auto& [key, value] : toExtras(s)) EXPECT_NE(key, "ga_creep_shrink");
    s.optimizer.set(kGaCreep, 0.5);
    s.optimizer.set(kGaCreepShrink, 0.6);
    TuningSettings read = defaultSettings();
    ASSERT_EQ(applyExtras(savedState(s), read), std::nullopt);
    EXPECT_EQ(read.optimizer, s.optimizer);

    s.optimizer.numbers.clear();
    s.optimizer.only("spsa");
    s.optimizer.set(kSpsaREnd, 0.0035);
    s.optimizer.set(kSpsaScale, 4);
    ga::RunState state = savedState(s);
    read = defaultSettings();
    ASSERT_EQ(applyExtras(state, read), std::nullopt);
    EXPECT_EQ(read.optimizer, s.optimizer);
    state.extras.emplace_back("optimizer", "annealing");
    EXPECT_NE(applyExtras(state, read).value_or("").find("optimizer"), std::string::npos);
}

}  // namespace
}  // namespace mf::tuning
