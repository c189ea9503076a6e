#include "evolution/ga/operators.h"

#include <gtest/gtest.h>

namespace mf::ga {
namespace {

TEST(Mutation, ReportsChangeAndFlipsAtRatePm) {
    Rng rng(11);
    Chromosome c(64);
    EXPECT_FALSE(mutate(c, 0.0, rng));
    EXPECT_EQ(c, Chromosome(64));
    EXPECT_TRUE(mutate(c, 1.0, rng));
    EXPECT_EQ(c.toString(), std::string(64, '1'));
    std::size_t flips = 0;
    for (int trial = 0; trial < 1000; ++trial) {
        Chromosome before(64);
        Chromosome after = before;
        const bool changed = mutate(after, 0.05, rng);
        const std::size_t d = hammingDistance(before, after);
        ASSERT_EQ(changed, d > 0);
        flips += d;
    }
    EXPECT_NEAR(static_cast<double>(flips) / 64000.0, 0.05, 0.005);
}

TEST(Crossover, SwapsTailsAtOneCut) {
    Rng rng(5);
    for (int trial = 0; trial < 200; ++trial) {
        Chromosome a = *Chromosome::fromString("00000000");
        Chromosome b = *Chromosome::fromString("11111111");
        const CrossoverResult r = crossover(a, b, 1.0, rng);
        ASSERT_TRUE(r.happened);
        ASSERT_GE(r.cut, 1U);
        ASSERT_LE(r.cut, 7U);
        ASSERT_EQ(a.toString(), std::string(r.cut, '0') + std::string(8 - r.cut, '1'));
        ASSERT_EQ(b.toString(), std::string(r.cut, '1') + std::string(8 - r.cut, '0'));
        ASSERT_TRUE(r.firstChanged && r.secondChanged);
    }
}

TEST(Crossover, UnchangedWhenNotCrossedOrTailsEqual) {
    Rng rng(5);
    Chromosome a = *Chromosome::fromString("0101");
    Chromosome b = *Chromosome::fromString("1010");
    const CrossoverResult none = crossover(a, b, 0.0, rng);
    EXPECT_FALSE(none.happened || none.firstChanged || none.secondChanged);
    EXPECT_EQ(a.toString(), "0101");
    Chromosome c = a;
    Chromosome d = a;
    const CrossoverResult same = crossover(c, d, 1.0, rng);
    EXPECT_TRUE(same.happened);
    EXPECT_FALSE(same.firstChanged || same.secondChanged);
    // Parents differing only before the cut: children equal their parents.
    Chromosome e = *Chromosome::fromString("10000000");
    Chromosome f = *Chromosome::fromString("00000000");
    const CrossoverResult head = crossover(e, f, 1.0, rng);
    EXPECT_FALSE(head.firstChanged);
    EXPECT_EQ(e.toString(), "10000000");
}

TEST(Crossover, HappensAtRatePkAndCutIsUniform) {
    Rng rng(9);
    int crossed = 0;
    std::vector<int> cuts(10, 0);
    for (int i = 0; i < 20000; ++i) {
        Chromosome a(10);
        Chromosome b(10);
        const CrossoverResult r = crossover(a, b, 0.6, rng);
        if (r.happened) {
            ++crossed;
            ++cuts[r.cut];
        }
    }
    EXPECT_NEAR(crossed / 20000.0, 0.6, 0.015);
    EXPECT_EQ(cuts[0], 0);
    for (std::size_t c = 1; c < 10; ++c)
        EXPECT_NEAR(cuts[c], crossed / 9.0, 150) << "cut " << c;
}

} // namespace
} // namespace mf::ga
