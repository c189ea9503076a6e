// cutechess's time control text, "[MOVES/]BASE[+INC]" in seconds, read into a game clock and
// written back the same way (the PGN TimeControl tag and the summaries use it).
#include <gtest/gtest.h>

#include "evolution/match/game_types.h"

namespace mf::match {
namespace {

TEST(TimeControl, ReadsCutechessForms) {
    auto period = parseTimeControl("40/10+0.1");
    ASSERT_TRUE(period);
    EXPECT_EQ(period->kind, GameLimits::Kind::Clock);
    EXPECT_EQ(period->movesPerPeriod, 40);
    EXPECT_EQ(period->baseMs, 10'000);
    EXPECT_EQ(period->incMs, 100);
    EXPECT_EQ(period->describe(), "tc 40/10+0.1");
    EXPECT_EQ(period->pgnTimeControl(), "40/10+0.1");

    auto plain = parseTimeControl("10+0.1");
    ASSERT_TRUE(plain);
    EXPECT_EQ(plain->movesPerPeriod, 0);
    EXPECT_EQ(plain->baseMs, 10'000);
    EXPECT_EQ(plain->pgnTimeControl(), "10+0.1");

    auto noIncrement = parseTimeControl("60");
    ASSERT_TRUE(noIncrement);
    EXPECT_EQ(noIncrement->baseMs, 60'000);
    EXPECT_EQ(noIncrement->incMs, 0);

    auto minutes = parseTimeControl("40/1:30+1");
    ASSERT_TRUE(minutes);
    EXPECT_EQ(minutes->baseMs, 90'000);
    EXPECT_EQ(minutes->incMs, 1000);
    EXPECT_EQ(minutes->movesPerPeriod, 40);

    auto fraction = parseTimeControl("0.5+0.05");
    ASSERT_TRUE(fraction);
    EXPECT_EQ(fraction->baseMs, 500);
    EXPECT_EQ(fraction->incMs, 50);
}

TEST(TimeControl, RefusesWhatDoesNotRead) {
    for (const char* bad : {"", "+0.1", "0+0.1", "-10+1", "10+-1", "0/10+0.1", "x/10", "40/", "10+", "10+0.1+2",
                            "40/10/5", "10s", "1:x", "inf", "nan+1"})
        EXPECT_FALSE(parseTimeControl(bad)) << "'" << bad << "'";
}

}  // namespace
}  // namespace mf::match
