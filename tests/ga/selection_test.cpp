#include "evolution/ga/selection.h"

#include <gtest/gtest.h>

#include <numeric>

namespace mf::ga {
namespace {

Population withFitness(const std::vector<double>& f) {
    Population p(f.size());
    for (std::size_t i = 0; i < f.size(); ++i)
        p[i].fitness = f[i];
    return p;
}

void expectProbabilities(const std::vector<double>& actual, const std::vector<double>& expected) {
    ASSERT_EQ(actual.size(), expected.size());
    for (std::size_t i = 0; i < actual.size(); ++i)
        EXPECT_NEAR(actual[i], expected[i], 1e-12) << "i = " << i;
}

SelectionSettings settings(SelectionType type, double max = 1.5, double qNolin = 0.2, int k = 3) {
    return SelectionSettings{type, max, qNolin, k};
}

TEST(SelectionProbabilities, MatchTheSpecFormulas) {
    expectProbabilities(rankProbabilities(settings(SelectionType::Baker), 4), {8 / 20.0, 6 / 20.0, 4 / 20.0, 2 / 20.0});
    // Linear, MAX = 2 (q_lin = 2/N): r = 2(qN - 1)/(N(N - 1)) = 0.1 for N = 5.
    expectProbabilities(rankProbabilities(settings(SelectionType::Linear, 2.0), 5), {0.4, 0.3, 0.2, 0.1, 0.0});
    // MAX = 1 is no pressure at all.
    expectProbabilities(rankProbabilities(settings(SelectionType::Linear, 1.0), 4), {0.25, 0.25, 0.25, 0.25});
    expectProbabilities(rankProbabilities(settings(SelectionType::Nonlinear, 1.5, 0.5), 3),
                        {0.5 / 0.875, 0.25 / 0.875, 0.125 / 0.875});
    expectProbabilities(rankProbabilities(settings(SelectionType::Tournament, 1.5, 0.2, 2), 3), {5 / 9.0, 3 / 9.0, 1 / 9.0});
    expectProbabilities(rankProbabilities(settings(SelectionType::Tournament, 1.5, 0.2, 1), 4), {0.25, 0.25, 0.25, 0.25});
    expectProbabilities(selectionProbabilities(settings(SelectionType::Proportional), withFitness({1, 3, 0, 4})),
                        {1 / 8.0, 3 / 8.0, 0.0, 4 / 8.0});
    // All zero: uniform, not a division by zero.
    expectProbabilities(selectionProbabilities(settings(SelectionType::Proportional), withFitness({0, 0, 0})),
                        {1 / 3.0, 1 / 3.0, 1 / 3.0});
    EXPECT_THROW(selectionProbabilities(settings(SelectionType::Proportional), withFitness({1, -1})),
                 std::invalid_argument);
}

TEST(SelectionProbabilities, SumToOneForEveryScheme) {
    const Population p = withFitness({4, 1, 7, 7, 0, 2, 9, 3, 3, 5, 6, 8});
    for (SelectionType t : kAllSelectionTypes) {
        for (double max : {1.0, 1.3, 2.0}) {
            const std::vector<double> probs = selectionProbabilities(settings(t, max, 0.3, 4), p);
            EXPECT_NEAR(std::accumulate(probs.begin(), probs.end(), 0.0), 1.0, 1e-12) << selectionName(t);
            for (double x : probs)
                EXPECT_GE(x, 0.0);
        }
    }
}

TEST(SelectionProbabilities, TiesShareRanksInIndexOrder) {
    // Fitness 2, 5, 5, 1: index 1 ranks first, index 2 second (the tie goes to the lower index).
    expectProbabilities(selectionProbabilities(settings(SelectionType::Baker), withFitness({2, 5, 5, 1})),
                        {4 / 20.0, 8 / 20.0, 6 / 20.0, 2 / 20.0});
}

TEST(SelectionProbabilities, MaxAndQLinAreOneSetting) {
    EXPECT_DOUBLE_EQ(qLinFromMax(1.5, 30), 0.05);
    EXPECT_DOUBLE_EQ(maxFromQLin(0.05, 30), 1.5);
    EXPECT_DOUBLE_EQ(maxFromQLin(qLinFromMax(1.7, 13), 13), 1.7);
    // The best's probability is q_lin, i.e. MAX / N: MAX expected copies in N draws.
    EXPECT_DOUBLE_EQ(rankProbabilities(settings(SelectionType::Linear, 1.7), 13)[0], qLinFromMax(1.7, 13));
}

// Pearson's chi-square of observed counts against analytic probabilities; cells with p = 0 must
// be empty and are left out of the statistic.
double chiSquare(const std::vector<int>& counts, const std::vector<double>& p, int draws, int& cells) {
    double chi = 0;
    cells = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i] == 0.0) {
            EXPECT_EQ(counts[i], 0) << "member " << i << " has probability 0 but was drawn";
            continue;
        }
        const double expected = p[i] * draws;
        chi += (counts[i] - expected) * (counts[i] - expected) / expected;
        ++cells;
    }
    return chi;
}

// Critical values of the chi-square distribution at significance 0.001, by degrees of freedom.
double critical001(int df) {
    static const double table[] = {0, 10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588, 31.264};
    return table[df];
}

std::vector<int> drawCounts(const SelectionSettings& s, const Population& p, int draws, std::uint64_t seed) {
    const Selector selector(s, p);
    Rng rng(seed);
    std::vector<int> counts(p.size(), 0);
    for (int i = 0; i < draws; ++i)
        ++counts[selector.draw(rng)];
    return counts;
}

TEST(Selector, EmpiricalFrequenciesMatchAnalyticProbabilities) {
    // Ten members with ties (7, 7 and 3, 3) and a zero, shuffled so rank != index.
    const Population p = withFitness({4, 1, 7, 7, 0, 2, 9, 3, 3, 5});
    const int draws = 200000;
    const std::vector<SelectionSettings> cases = {
        settings(SelectionType::Proportional), settings(SelectionType::Baker),
        settings(SelectionType::Linear, 1.4), settings(SelectionType::Linear, 2.0),
        settings(SelectionType::Nonlinear, 1.5, 0.25), settings(SelectionType::Tournament, 1.5, 0.2, 2),
        settings(SelectionType::Tournament, 1.5, 0.2, 5)};
    for (const SelectionSettings& s : cases) {
        const std::vector<double> probs = selectionProbabilities(s, p);
        const std::vector<int> counts = drawCounts(s, p, draws, 2024);
        int cells = 0;
        const double chi = chiSquare(counts, probs, draws, cells);
        EXPECT_LT(chi, critical001(cells - 1)) << selectionName(s.type) << " MAX " << s.linearMax << " k " << s.tournamentSize;
    }
}

TEST(Selector, ChiSquareDetectsAWrongDistribution) {
    // The check above can fail: tournament draws judged against Baker's probabilities.
    const Population p = withFitness({4, 1, 7, 7, 0, 2, 9, 3, 3, 5});
    const int draws = 200000;
    const std::vector<int> counts = drawCounts(settings(SelectionType::Tournament, 1.5, 0.2, 3), p, draws, 2024);
    int cells = 0;
    const double chi = chiSquare(counts, selectionProbabilities(settings(SelectionType::Baker), p), draws, cells);
    EXPECT_GT(chi, critical001(cells - 1) * 10);
}

TEST(Selector, AllZeroFitnessDrawsUniformly) {
    const Population p = withFitness({0, 0, 0, 0});
    const std::vector<int> counts = drawCounts(settings(SelectionType::Proportional), p, 40000, 1);
    for (int c : counts)
        EXPECT_NEAR(c, 10000, 400);
}

TEST(SelectionNames, RoundTrip) {
    for (SelectionType t : kAllSelectionTypes)
        EXPECT_EQ(parseSelectionType(selectionName(t)), t);
    EXPECT_FALSE(parseSelectionType("roulette"));
}

} // namespace
} // namespace mf::ga

namespace mf::ga {
namespace {

// Issue 12, defect 1: k = 0 made Selector::draw read past the end of the ranking and q_nolin = 0
// gave NaN probabilities. The selector refuses settings its own type cannot use.
TEST(Selector, RefusesSettingsItsTypeCannotUse) {
    const Population p = withFitness({4, 1, 7, 2});
    EXPECT_THROW((void)Selector(settings(SelectionType::Tournament, 1.5, 0.1, 0), p), std::invalid_argument);
    EXPECT_THROW((void)Selector(settings(SelectionType::Tournament, 1.5, 0.1, -3), p), std::invalid_argument);
    EXPECT_THROW((void)Selector(settings(SelectionType::Nonlinear, 1.5, 0.0), p), std::invalid_argument);
    EXPECT_THROW((void)Selector(settings(SelectionType::Nonlinear, 1.5, 1.0), p), std::invalid_argument);
    EXPECT_THROW((void)Selector(settings(SelectionType::Linear, 2.5), p), std::invalid_argument);
    EXPECT_THROW(rankProbabilities(settings(SelectionType::Nonlinear, 1.5, 0.0), 4), std::invalid_argument);
    // A bad value of another type's parameter does not matter to this type.
    EXPECT_NO_THROW((void)Selector(settings(SelectionType::Baker, 1.5, 0.0, 0), p));
    EXPECT_FALSE(selectionSettingsProblem(settings(SelectionType::Tournament, 1.5, 0.1, 1)));
}

}  // namespace
}  // namespace mf::ga
