// Texel's local search (the polish after the GA): it reaches the minimum of a separable bowl
// exactly, stops there by itself, stays inside the windows and skips failed candidates. (That the
// polished weights become a run's best is tests/tuning/tune_evalfit_cli_test.cpp.)
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <unistd.h>

#include "evolution/tuning/measures/evalfit/evalfit_polish.h"
#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/ga/statistics.h"

namespace mf::dataset {
namespace {

ga::Genome bowlGenome() {
    // windows: a 0..255 (step 8), b 0..127 (step 4), c 0..63 (step 2)
    return ga::Genome({ga::Term("a", "A", 100, 8), ga::Term("b", "B", 30, 7), ga::Term("c", "C", 20, 6)});
}

// E = sum (v - target)^2 (+ a little coupling so a term's best depends on the others)
BatchError bowl(std::vector<int> target, std::size_t* calls = nullptr) {
    return [target, calls](const std::vector<std::vector<int>>& candidates) {
        if (calls) ++*calls;
        std::vector<std::optional<double>> out;
        for (const auto& v : candidates) {
            double e = 0;
            for (std::size_t i = 0; i < v.size(); ++i) e += std::pow(v[i] - target[i], 2);
            e += 0.5 * (v[0] - target[0]) * (v[1] - target[1]);
            out.push_back(e);
        }
        return out;
    };
}

double bowlAt(const std::vector<int>& v, const std::vector<int>& target) {
    return (*bowl(target)({v})[0]);
}

TEST(EvalfitPolish, StartStepIsTheAroundDefaultsStep) {
    const ga::Genome g = bowlGenome();
    EXPECT_EQ(polishStartStep(g[0]), 8);
    EXPECT_EQ(polishStartStep(g[1]), 4);
    EXPECT_EQ(polishStartStep(g[2]), 2);
    EXPECT_EQ(polishStartStep(ga::Term("d", "D", 1, 3)), 1);
}

TEST(EvalfitPolish, ReachesTheMinimumAndStopsThere) {
    const ga::Genome g = bowlGenome();
    const std::vector<int> target = {173, 5, 41};
    const std::vector<int> start = {100, 30, 20};
    std::size_t calls = 0;
    std::vector<double> passErrors;
    const PolishResult r = polishWeights(g, start, bowlAt(start, target), 200, bowl(target, &calls),
                                         [&](const PolishPass& p) { passErrors.push_back(p.error); });
    EXPECT_EQ(r.values, target);
    EXPECT_DOUBLE_EQ(r.error, 0.0);
    EXPECT_TRUE(r.converged);
    EXPECT_LT(r.passes, 200);                       // stopped by itself, not by the limit
    EXPECT_EQ(passErrors.size(), std::size_t(r.passes));
    for (std::size_t i = 1; i < passErrors.size(); ++i) EXPECT_LE(passErrors[i], passErrors[i - 1]);
    EXPECT_EQ(r.evaluations, 2 * calls);            // both neighbours in one batch, none at the window edge here
    EXPECT_EQ(r.failures, 0u);
}

TEST(EvalfitPolish, LargeFirstStepsNeedFewerEvaluationsThanUnitSteps) {
    // Texel's original +-1 search needs a pass per unit of distance; the halving steps do not.
    const ga::Genome g = bowlGenome();
    const std::vector<int> target = {173, 5, 41};
    const std::vector<int> start = {100, 30, 20};
    const PolishResult r = polishWeights(g, start, bowlAt(start, target), 200, bowl(target));
    EXPECT_LT(r.evaluations, 2u * 3u * 73u);        // 73 passes of 3 terms at step 1
}

TEST(EvalfitPolish, StaysInsideTheWindowsAndHonoursThePassLimit) {
    const ga::Genome g = bowlGenome();
    const std::vector<int> target = {400, -50, 41};  // outside the windows: the best is the edge
    const std::vector<int> start = {250, 3, 41};
    const PolishResult r = polishWeights(g, start, bowlAt(start, target), 1000, bowl(target));
    EXPECT_EQ(r.values[0], g[0].high());
    EXPECT_EQ(r.values[1], g[1].low());
    EXPECT_TRUE(r.converged);
    const PolishResult one = polishWeights(g, {100, 30, 20}, bowlAt({100, 30, 20}, {173, 5, 41}), 1, bowl({173, 5, 41}));
    EXPECT_EQ(one.passes, 1);
    EXPECT_FALSE(one.converged);
}

TEST(EvalfitPolish, AFailedCandidateIsNeverTaken) {
    const ga::Genome g = bowlGenome();
    const std::vector<int> target = {173, 5, 41};
    // Every candidate that raises a is "a crashed engine": a must not move up.
    BatchError failing = [&](const std::vector<std::vector<int>>& candidates) {
        auto out = bowl(target)(candidates);
        for (std::size_t c = 0; c < candidates.size(); ++c)
            if (candidates[c][0] > 100) out[c] = std::nullopt;
        return out;
    };
    const PolishResult r = polishWeights(g, {100, 30, 20}, bowlAt({100, 30, 20}, target), 200, failing);
    EXPECT_EQ(r.values[0], 100);
    EXPECT_GT(r.failures, 0u);
    EXPECT_EQ(r.values[2], 41);
}

}  // namespace
}  // namespace mf::dataset
