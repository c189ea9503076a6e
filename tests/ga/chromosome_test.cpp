#include "evolution/ga/chromosome.h"
#include "evolution/ga/population.h"

#include <gtest/gtest.h>

namespace mf::ga {
namespace {

const Genome kGenome({Term{"knight value", "KnightValue", 250, 9}, Term{"queen value", "QueenValue", 900, 9},
                      Term{"attacked squares", "AttackedSquares", 0, 8}});

TEST(Chromosome, DecodeUsesGrayFieldsInTermOrder) {
    ASSERT_EQ(kGenome.length(), 26U);
    // knight index 250 -> Gray 10000111 with 9 bits: 010000111; queen index 0; attacked index 1 -> 00000001.
    const auto c = Chromosome::fromString("010000111" "000000000" "00000001");
    ASSERT_TRUE(c);
    EXPECT_EQ(decode(kGenome, *c), (std::vector<int>{250, 644, 1}));
    EXPECT_EQ(encode(kGenome, {250, 644, 1}), *c);
    EXPECT_EQ(decode(kGenome, encode(kGenome, kGenome.defaults())), kGenome.defaults());
    // Out-of-window values clamp to the window's ends.
    EXPECT_EQ(decode(kGenome, encode(kGenome, {-5, 5000, 300})), (std::vector<int>{0, 1155, 255}));
}

TEST(Chromosome, StringsAndHamming) {
    EXPECT_FALSE(Chromosome::fromString("0102"));
    const auto a = Chromosome::fromString("1100");
    const auto b = Chromosome::fromString("1010");
    EXPECT_EQ(a->toString(), "1100");
    EXPECT_EQ(hammingDistance(*a, *b), 2U);
}

TEST(Chromosome, RandomInitialisationIsSeededAndBalanced) {
    Rng r1(3);
    Rng r2(3);
    const Population p1 = randomPopulation(50, 100, r1);
    const Population p2 = randomPopulation(50, 100, r2);
    EXPECT_EQ(p1, p2);
    std::size_t ones = 0;
    for (const Member& m : p1) {
        EXPECT_FALSE(m.fitness);
        for (std::size_t i = 0; i < m.chromosome.size(); ++i)
            ones += m.chromosome[i];
    }
    EXPECT_NEAR(static_cast<double>(ones) / 5000.0, 0.5, 0.03);
    EXPECT_EQ(pendingMembers(p1).size(), 50U);
}

TEST(Population, RankOrderBreaksTiesByIndex) {
    Population p(5);
    const double f[] = {3, 5, 3, 5, 1};
    for (int i = 0; i < 5; ++i)
        p[static_cast<std::size_t>(i)].fitness = f[i];
    EXPECT_EQ(rankOrder(p), (std::vector<std::size_t>{1, 3, 0, 2, 4}));
    p[2].fitness.reset();
    EXPECT_THROW(rankOrder(p), std::invalid_argument);
    EXPECT_EQ(pendingMembers(p), (std::vector<std::size_t>{2}));
}

} // namespace
} // namespace mf::ga
