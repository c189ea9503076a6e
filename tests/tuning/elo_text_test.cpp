// A games run's Elo in words (measures/elo_text.h): its interval, and a score of all or nothing,
// whose Elo and bound on that side are infinite, said in words rather than as "+inf".
#include <gtest/gtest.h>

#include <limits>

#include "evolution/tuning/measures/elo_text.h"

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
    EXPECT_EQ(eloFigureText({190.8, 20.0, kInf, 4}), "Elo +190.8 [above +20.0] (4 games)");
    EXPECT_EQ(eloFigureText({-190.8, -kInf, -20.0, 4}), "Elo -190.8 [below -20.0] (4 games)");
}

}  // namespace
}  // namespace mf::tuning
