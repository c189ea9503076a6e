#include <gtest/gtest.h>

#include <cstdlib>

#include "evolution/ga/start_population.h"

namespace mf::ga {
namespace {

Genome genome() {
    return Genome({Term("knight", "KnightValue", 250, 9), Term("bishop", "BishopValue", 300, 9),
                   Term("tempo", "Tempo", 15, 7), Term("edge", "KingEdge", 3, 6)});
}

TEST(StartPopulation, AroundDefaultsHoldsTheDefaultsAndNearNeighbours) {
    const Genome g = genome();
    Rng rng(11);
    const Population p = startingPopulation(g, 40, StartPopulation::AroundDefaults, rng);
    ASSERT_EQ(p.size(), 40u);
    EXPECT_EQ(decode(g, p[0].chromosome), (std::vector<int>{250, 300, 15, 3}));
    int moved = 0;
    for (const Member& m : p) {
        EXPECT_FALSE(m.fitness.has_value());
        const std::vector<int> v = decode(g, m.chromosome);
        for (std::size_t i = 0; i < v.size(); ++i) {
            const Term& t = g.terms()[i];
            EXPECT_LE(std::abs(v[i] - t.defaultValue), aroundDefaultsStep(t)) << t.name;
            EXPECT_GE(v[i], t.low());
            moved += v[i] != t.defaultValue;
        }
    }
    EXPECT_GT(moved, 40);  // members do differ from the defaults
}

TEST(StartPopulation, LatinHypercubeKeepsTheDefaultsAndPutsOneMemberInEveryStratum) {
    // A far-off start (knight 40 in a 0..400 window): the other members cover the whole window.
    const Genome g({Term("activity", "Activity", 40, 9, 0, 400), Term("knight", "KnightValue", 250, 9),
                    Term("tempo", "Tempo", 15, 7)});
    Rng rng(3);
    const std::size_t size = 11;
    const Population p = startingPopulation(g, size, StartPopulation::LatinHypercube, rng);
    ASSERT_EQ(p.size(), size);
    EXPECT_EQ(decode(g, p[0].chromosome), g.defaults());
    for (std::size_t i = 0; i < g.size(); ++i) {
        const Term& t = g[i];
        const long long w = t.valueCount();
        std::vector<int> hits(size - 1, 0);
        for (std::size_t m = 1; m < size; ++m) {
            const long long offset = decode(g, p[m].chromosome)[i] - t.low();
            ASSERT_GE(offset, 0);
            ASSERT_LT(offset, w);
            // The stratum s holding the offset: s * w / n <= offset < (s + 1) * w / n.
            const long long n = static_cast<long long>(size - 1);
            long long s = 0;
            while ((s + 1) * w / n <= offset) ++s;
            ++hits[static_cast<std::size_t>(s)];
        }
        for (std::size_t s = 0; s < hits.size(); ++s) EXPECT_EQ(hits[s], 1) << t.name << " stratum " << s;
    }
    // Deterministic with the seed; another seed, another hypercube.
    Rng again(3), other(4);
    EXPECT_EQ(startingPopulation(g, size, StartPopulation::LatinHypercube, again), p);
    EXPECT_NE(startingPopulation(g, size, StartPopulation::LatinHypercube, other), p);
    EXPECT_EQ(parseStartPopulation("latin-hypercube"), StartPopulation::LatinHypercube);
    EXPECT_EQ(startPopulationName(StartPopulation::LatinHypercube), "latin-hypercube");
}

TEST(StartPopulation, LatinHypercubeOffsetsWithMoreMembersThanValuesStayInTheWindow) {
    Rng rng(9);
    const std::vector<long long> offsets = latinHypercubeOffsets(3, 7, rng);
    ASSERT_EQ(offsets.size(), 7u);
    for (long long o : offsets) {
        EXPECT_GE(o, 0);
        EXPECT_LT(o, 3);
    }
}

TEST(StartPopulation, SameSeedSameMembersAndUniformSpreadsOverTheWindow) {
    const Genome g = genome();
    Parameters params;
    params.populationSize = 30;
    params.seed = 5;
    const RunState a = startRun(params, g, StartPopulation::AroundDefaults);
    const RunState b = startRun(params, g, StartPopulation::AroundDefaults);
    EXPECT_EQ(a.population, b.population);
    EXPECT_EQ(a.rng, b.rng);
    const RunState u = startRun(params, g, StartPopulation::Uniform);
    // Uniform is the old start, bit for bit.
    EXPECT_EQ(u.population, startRun(params, g).population);
    int far = 0;
    for (const Member& m : u.population)
        far += std::abs(decode(g, m.chromosome)[0] - 250) > aroundDefaultsStep(g.terms()[0]);
    EXPECT_GT(far, 20);
    EXPECT_EQ(parseStartPopulation("uniform"), StartPopulation::Uniform);
    EXPECT_EQ(parseStartPopulation(startPopulationName(StartPopulation::AroundDefaults)), StartPopulation::AroundDefaults);
    EXPECT_FALSE(parseStartPopulation("near").has_value());
}

}  // namespace
}  // namespace mf::ga
