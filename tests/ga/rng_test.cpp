#include "evolution/ga/rng.h"

#include <gtest/gtest.h>

#include <random>
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

TEST(Rng, OwnMt19937_64MatchesTheStandardEngine) {
    for (std::uint64_t seed : {0ULL, 1ULL, 42ULL, 0xFFFFFFFFFFFFFFFFULL}) {
        std::mt19937_64 reference(seed);
        Mt19937_64 ours(seed);
        for (int i = 0; i < 2000; ++i)
            ASSERT_EQ(ours(), reference()) << "seed " << seed << " draw " << i;
        reference.discard(1000);
        ours.discard(1000);
        EXPECT_EQ(ours(), reference());
    }
}

// Issue 12, defect 3: "seed S draws D" replayed D draws, so a huge D hung the loader. Past
// kMaxReplayDraws the state itself is written, and restoring it replays nothing.
TEST(Rng, LargeDrawCountsCarryTheStateAndLoadWithoutReplay) {
    Rng a(9);
    a.next();
    const std::uint64_t far = Rng::kMaxReplayDraws + 5;
    // Move the generator far ahead without 10^8 calls: same state as `far` draws of Rng(9).
    Rng b = *Rng::fromState("seed 9 draws " + std::to_string(Rng::kMaxReplayDraws));
    for (int i = 0; i < 5; ++i)
        b.next();
    EXPECT_EQ(b.draws(), far);
    const std::string state = b.state();
    EXPECT_NE(state.find(" state "), std::string::npos);
    std::string why;
    auto c = Rng::fromState(state, &why);
    ASSERT_TRUE(c) << why;
    EXPECT_EQ(*c, b);
    for (int i = 0; i < 1000; ++i)
        ASSERT_EQ(c->next(), b.next());
    // Without the state such a count is refused, with the reason.
    EXPECT_FALSE(Rng::fromState("seed 9 draws " + std::to_string(far), &why));
    EXPECT_NE(why.find("state is missing"), std::string::npos) << why;
    EXPECT_FALSE(Rng::fromState("seed 9 draws 18446744073709551615"));
    // A damaged state is refused too.
    EXPECT_FALSE(Rng::fromState(state.substr(0, state.size() - 17)));
    const std::string words = state.substr(state.find(' ', state.find(" state ") + 7));
    EXPECT_TRUE(Rng::fromState("seed 9 draws " + std::to_string(far) + " state 312" + words));
    EXPECT_FALSE(Rng::fromState("seed 9 draws " + std::to_string(far) + " state 313" + words));
    // Small counts keep the short form (and files stay as they were).
    EXPECT_EQ(a.state(), "seed 9 draws 1");
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
