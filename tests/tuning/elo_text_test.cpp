// A games run's Elo in words (measures/elo_text.h): its interval, and a score of all or nothing,
// whose Elo and bound on that side are infinite, said in words rather than as "+inf".
#include <gtest/gtest.h>

#include <limits>

#include "evolution/tuning/common/elo_text.h"

namespace mf::tuning {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(EloText, AFigureWithItsInterval) {
    EXPECT_EQ(eloFigureText({31.4, 9.8, 53.1, 800}), "Elo +31.4 [+9.8, +53.1] (800 games)");
    EXPECT_EQ(eloFigureText({-0.01, -12.0, 12.0, 400}), "Elo +0.0 [-12.0, +12.0] (400 games)");
}

TEST(EloText, AllOrNothingIsSaidInWords) {
    EXPECT_EQ(eloFigureText({kInf, kInf, kInf, 2}), "all 2 games won: no finite Elo");
    EXPECT_EQ(eloFigureText({-kInf, -kInf, -kInf, 4}), "all 4 games lost: no finite Elo");
    EXPECT_EQ(eloFigureText({190.8, 20.0, kInf, 40}), "Elo +190.8 [above +20.0] (40 games)");
    EXPECT_EQ(eloFigureText({-190.8, -kInf, -20.0, 40}), "Elo -190.8 [below -20.0] (40 games)");
}

// One pair's pentanomial interval has zero width ("[+190.8, +190.8]"): below ten pairs the figure
// comes without bounds, and says how many games an interval needs.
TEST(EloText, TooFewPairsGiveNoIntervalOfZeroWidth) {
    EXPECT_EQ(eloFigureText({190.8, 190.8, 190.8, 2}), "Elo +190.8 (2 games: too few for an interval, 20 or more)");
    EXPECT_EQ(eloFigureText({-35.0, -80.0, 10.0, 18}), "Elo -35.0 (18 games: too few for an interval, 20 or more)");
    EXPECT_EQ(eloFigureText({-35.0, -80.0, 10.0, 20}), "Elo -35.0 [-80.0, +10.0] (20 games)");
}

}  // namespace
}  // namespace mf::tuning
