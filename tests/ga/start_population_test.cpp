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
