// Match statistics against numbers worked by hand (the arithmetic is in the comments).
#include <gtest/gtest.h>

#include <cmath>

#include "evolution/match/elo.h"

namespace mf::match {
namespace {

TEST(Elo, LogisticConversion) {
    EXPECT_DOUBLE_EQ(eloFromScore(0.5), 0.0);
    // 0.75: 400*log10(3) = 190.8485
    EXPECT_NEAR(eloFromScore(0.75), 190.8485, 1e-4);
    EXPECT_NEAR(scoreFromElo(190.8485), 0.75, 1e-7);
    EXPECT_TRUE(std::isinf(eloFromScore(1.0)));
    EXPECT_LT(eloFromScore(0.0), 0);
}

TEST(Elo, Pentanomial) {
    // Pairs scoring 0, 1/2, 1, 3/2, 2 points: 2, 5, 10, 8, 5 (N = 30 pairs).
    // Mean pair score (fraction): (0*2 + .25*5 + .5*10 + .75*8 + 1*5) / 30 = 17.25/30 = 0.575.
    // Variance: (2*.575^2 + 5*.325^2 + 10*.075^2 + 8*.175^2 + 5*.425^2) / 30
    //         = (0.66125 + 0.528125 + 0.05625 + 0.245 + 0.903125) / 30 = 2.39375/30 = 0.0797917.
    // Standard error: sqrt(0.0797917/30) = 0.0515725.
    // Elo: 400*log10(0.575/0.425) = 52.51.
    // 95%: 0.575 -+ 1.959964*0.0515725 = 0.473920 .. 0.676080 -> -18.14 .. +127.82 Elo.
    // LOS: Phi(0.075/0.0515725) = Phi(1.45426) = 0.92706.
    Pentanomial p{{2, 5, 10, 8, 5}};
    EloEstimate e = pentanomialElo(p);
    EXPECT_EQ(e.samples, 30);
    EXPECT_NEAR(e.score, 0.575, 1e-12);
    EXPECT_NEAR(e.variance, 0.0797917, 1e-7);
    EXPECT_NEAR(e.elo, 52.51, 0.01);
    EXPECT_NEAR(e.low, -18.14, 0.01);
    EXPECT_NEAR(e.high, 127.82, 0.01);
    EXPECT_NEAR(e.los, 0.92706, 1e-5);
    EXPECT_EQ(formatElo(e), "+52.5 +- 73.0");
}

TEST(Elo, Trinomial) {
    // 20 wins, 25 draws, 15 losses (60 games): score (20 + 12.5)/60 = 0.541667.
    // Variance: (20*(1-.541667)^2 + 25*(.5-.541667)^2 + 15*.541667^2)/60 = 0.1440972.
    // Standard error sqrt(0.1440972/60) = 0.0490063; Elo 400*log10(.541667/.458333) = 29.02;
    // 95%: 0.445617 .. 0.637717 -> -37.94 .. +98.23.
    EloEstimate e = trinomialElo({20, 25, 15});
    EXPECT_NEAR(e.score, 0.541667, 1e-6);
    EXPECT_NEAR(e.variance, 0.1440972, 1e-7);
    EXPECT_NEAR(e.elo, 29.02, 0.01);
    EXPECT_NEAR(e.low, -37.94, 0.01);
    EXPECT_NEAR(e.high, 98.23, 0.01);
}

TEST(Elo, EmptyAndDegenerate) {
    EloEstimate none = pentanomialElo({});
    EXPECT_EQ(none.samples, 0);
    EXPECT_EQ(none.elo, 0);
    EloEstimate allWon = pentanomialElo({{0, 0, 0, 0, 4}});
    EXPECT_TRUE(std::isinf(allWon.elo));
    EXPECT_EQ(allWon.los, 1.0);
    EXPECT_EQ(formatElo(allWon), "+inf");
}

TEST(Sprt, BoundsAndLlr) {
    // Bounds for alpha = beta = 0.05: ln(0.05/0.95) = -2.944439, ln(0.95/0.05) = +2.944439.
    // Same 30 pairs as above, elo0 = 0, elo1 = 5: s0 = 0.5, s1 = 1/(1+10^(-5/400)) = 0.5071951.
    // LLR = 30 * (0.5071951 - 0.5) * (2*0.575 - 0.5 - 0.5071951) / (2*0.0797917)
    //     = 30 * 0.0071951 * 0.1428049 / 0.1595833 = 0.193158.
    SprtStatus s = sprt({{2, 5, 10, 8, 5}}, {0, 5, 0.05, 0.05});
    EXPECT_NEAR(s.lower, -2.944439, 1e-6);
    EXPECT_NEAR(s.upper, 2.944439, 1e-6);
    EXPECT_NEAR(s.llr, 0.193158, 1e-6);
    EXPECT_EQ(s.decision, SprtStatus::Decision::Continue);
}

TEST(Sprt, CrossesEachBound) {
    // Pairs 0, 2, 10, 20, 18 (N = 50): mean 0.77, variance 0.0446. elo1 = 10: s1 = 0.5143871.
    // LLR = 50 * 0.0143871 * (1.54 - 1.0143871) / 0.0892 = 4.2388 > 2.944: H1.
    SprtStatus up = sprt({{0, 2, 10, 20, 18}}, {0, 10, 0.05, 0.05});
    EXPECT_NEAR(up.llr, 4.238839, 1e-5);
    EXPECT_EQ(up.decision, SprtStatus::Decision::AcceptH1);
    // The mirror: mean 0.23: LLR = 50 * 0.0143871 * (0.46 - 1.0143871) / 0.0892 = -4.4709: H0.
    SprtStatus down = sprt({{18, 20, 10, 2, 0}}, {0, 10, 0.05, 0.05});
    EXPECT_NEAR(down.llr, -4.470892, 1e-5);
    EXPECT_EQ(down.decision, SprtStatus::Decision::AcceptH0);
    // No variance: no decision.
    EXPECT_EQ(sprt({{0, 0, 7, 0, 0}}, {0, 10, 0.05, 0.05}).llr, 0);
}

}  // namespace
}  // namespace mf::match
