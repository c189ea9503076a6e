#include "evolution/ga/rng.h"

#include <gtest/gtest.h>

#include <vector>

namespace mf::ga {
namespace {

TEST(Rng, RawSequenceIsTheStandardMt19937_64) {
    // [rand.predef]: the 10000th draw of a default-constructed mt19937_64 is 9981545732273789042.
    Rng rng(5489);
    std::uint64_t x = 0;
    for (int i = 0; i < 10000; ++i)
        x = rng.next();
    EXPECT_EQ(x, 9981545732273789042ULL);
    EXPECT_EQ(rng.draws(), 10000U);
}

TEST(Rng, StateRoundTripContinuesTheSameSequence) {
    Rng a(42);
    for (int i = 0; i < 1234; ++i)
        a.below(7);
    const std::string state = a.state();
    EXPECT_EQ(state.rfind("seed 42 draws ", 0), 0U);
    auto b = Rng::fromState(state);
    ASSERT_TRUE(b);
    EXPECT_EQ(*b, a);
    for (int i = 0; i < 100; ++i)
        ASSERT_EQ(a.next(), b->next());
    EXPECT_FALSE(Rng::fromState("seed x draws 3"));
    EXPECT_FALSE(Rng::fromState("seed 1 draws 3 extra"));
    EXPECT_FALSE(Rng::fromState(""));
}

TEST(Rng, MappedDrawsStayInRangeAndAreRoughlyUniform) {
    Rng rng(7);
    std::vector<int> counts(6, 0);
    for (int i = 0; i < 60000; ++i) {
        const auto v = rng.below(6);
        ASSERT_LT(v, 6U);
        ++counts[v];
    }
    for (int c : counts)
        EXPECT_NEAR(c, 10000, 400);
    double sum = 0;
    for (int i = 0; i < 100000; ++i) {
        const double u = rng.uniform01();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        sum += u;
    }
    EXPECT_NEAR(sum / 100000, 0.5, 0.01);
    EXPECT_EQ(rng.below(1), 0U);
    int heads = 0;
    for (int i = 0; i < 10000; ++i)
        heads += rng.bernoulli(0.25);
    EXPECT_NEAR(heads, 2500, 150);
    EXPECT_FALSE(rng.bernoulli(0.0));
    EXPECT_TRUE(rng.bernoulli(1.0));
}

} // namespace
} // namespace mf::ga
