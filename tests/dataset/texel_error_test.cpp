#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"

namespace mf::dataset {
namespace {

TEST(TexelError, MatchesNumbersWorkedByHand) {
    // K = 1: sigmoid(0) = 1/2; q = +400 gives 1/(1 + 10^-1) = 10/11; q = -400 gives 1/11.
    // E = (0 + (1 - 10/11)^2 + (0 - 1/11)^2) / 3 = (2/121) / 3 = 2/363.
    const std::vector<int> q = {0, 400, -400};
    const std::vector<double> r = {0.5, 1.0, 0.0};
    EXPECT_NEAR(meanSquaredError(q, r, 1.0), 2.0 / 363.0, 1e-12);
    // K = 2, q = 200: again 10/11; a draw there costs (1/2 - 10/11)^2 = (9/22)^2 = 81/484.
    EXPECT_NEAR(meanSquaredError(std::vector<int>{200}, std::vector<double>{0.5}, 2.0), 81.0 / 484.0, 1e-12);
    // A White win predicted at q = -200 with K = 1: 1/(1 + 10^0.5) = 0.240253...; (1 - it)^2.
    const double p = 1.0 / (1.0 + std::sqrt(10.0));
    EXPECT_NEAR(meanSquaredError(std::vector<int>{-200}, std::vector<double>{1.0}, 1.0), (1 - p) * (1 - p), 1e-12);
    EXPECT_EQ(meanSquaredError(std::vector<int>{}, std::vector<double>{}, 1.0), 0.0);
}

TEST(TexelError, FitnessIsStartErrorOverErrorAndOrderPreserving) {
    EXPECT_DOUBLE_EQ(evalfitFitness(0.1, 0.1), 1.0);
    EXPECT_DOUBLE_EQ(evalfitFitness(0.05, 0.1), 2.0);
    EXPECT_GT(evalfitFitness(0.0999, 0.1), evalfitFitness(0.1, 0.1));
    EXPECT_GT(evalfitFitness(0.2, 0.1), 0.0);
    EXPECT_DOUBLE_EQ(errorFromFitness(evalfitFitness(0.0837, 0.09), 0.09), 0.0837);
}

TEST(TexelError, KFitFindsTheKThatMadeNoiselessResults) {
    std::vector<int> q;
    std::vector<double> r;
    for (int v = -800; v <= 800; v += 4) {
        q.push_back(v);
        r.push_back(expectedScore(v, 1.37));
    }
    const KFit fit = fitK(q, r);
    EXPECT_NEAR(fit.k, 1.37, 1e-3);
    EXPECT_NEAR(fit.error, 0.0, 1e-9);
}

TEST(TexelError, KFitRecoversKFromSampledResults) {
    // Results drawn win/loss from the logistic model with K = 0.8 (seeded): the fit lands near.
    std::mt19937_64 rng(7);
    std::uniform_int_distribution<int> score(-700, 700);
    std::uniform_real_distribution<double> u(0.0, 1.0);
    std::vector<int> q;
    std::vector<double> r;
    for (int i = 0; i < 60000; ++i) {
        const int v = score(rng);
        const double p = expectedScore(v, 0.8);
        const double x = u(rng);
        q.push_back(v);
        r.push_back(x < p ? 1.0 : 0.0);
    }
    const KFit fit = fitK(q, r);
    EXPECT_NEAR(fit.k, 0.8, 0.05);
}

}  // namespace
}  // namespace mf::dataset
