#include <gtest/gtest.h>

#include "engine/attacks.h"
#include "engine/notation.h"
#include "evolution/dataset/make_dataset.h"
#include "evolution/dataset/quiet_filter.h"

namespace mf::dataset {
namespace {

class Labelling : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }

    static suite::GameRecord game(const std::vector<std::string>& uciMoves, const std::string& result) {
        suite::GameRecord g;
        g.name = "test";
        Position pos = g.start;
        for (const std::string& text : uciMoves) {
            auto m = parseUciMove(pos, text);
            EXPECT_TRUE(m.ok()) << text;
            g.moves.push_back(*m);
            pos.doMove(*m);
        }
        g.result = result;
        return g;
    }
};

TEST_F(Labelling, QuietRuleRejectsChecksAndPendingCaptures) {
    const EvalParams params;
    // Black queen attacked by a pawn, Black to move... White to move with a free queen on d5 (capture pending).
    auto tactical = Position::fromFen("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(tactical.ok());
    EXPECT_EQ(judgeQuietness(*tactical, params), Quietness::Tactical);
    auto check = Position::fromFen("4k3/8/8/8/8/8/4q3/4K3 w - - 0 1");
    ASSERT_TRUE(check.ok());
    EXPECT_EQ(judgeQuietness(*check, params), Quietness::InCheck);
    EXPECT_EQ(judgeQuietness(Position::startPosition(), params), Quietness::Quiet);
}

TEST_F(Labelling, SkipsEarlyPliesAdjudicatedTailsUnknownResultsAndDuplicates) {
    // 1.Nf3 Nf6 2.Ng1 Ng8 3.Nf3 Nf6: positions after plies 0..6; plies 4 and 6 repeat 0 and 2.
    const std::vector<std::string> moves = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6"};
    std::vector<LabelledPosition> out;
    suite::PositionKeySet seen;
    DatasetTally tally;
    labelGames({game(moves, "1-0")}, 1, out, seen, tally);
    // Plies 1..6 looked at; ply 0 early; ply 5 repeats ply 1 and ply 6 repeats ply 2 (ply 4 = ply 0 was never taken).
    EXPECT_EQ(tally.earlyPlies, 1u);
    EXPECT_EQ(tally.positionsSeen, 6u);
    EXPECT_EQ(tally.duplicates, 2u);
    ASSERT_EQ(out.size(), 4u);
    for (const LabelledPosition& p : out) EXPECT_EQ(p.result, 1.0);
    EXPECT_EQ(tally.wins, 4u);

    // The same game adjudicated from ply 3 on: plies 3..6 are its tail.
    suite::GameRecord adjudicated = game(moves, "0-1");
    adjudicated.adjudicatedFromPly = 3;
    std::vector<LabelledPosition> out2;
    suite::PositionKeySet seen2;
    DatasetTally tally2;
    labelGames({adjudicated, game(moves, "*")}, 0, out2, seen2, tally2);
    EXPECT_EQ(tally2.adjudicatedTail, 4u);
    EXPECT_EQ(tally2.gamesWithoutResult, 1u);
    ASSERT_EQ(out2.size(), 3u);  // plies 0, 1, 2
    EXPECT_EQ(out2[0].result, 0.0);
    EXPECT_EQ(tally2.losses, 3u);
}

TEST_F(Labelling, ArgumentsAreCheckedWithNamedOptions) {
    auto ok = parseMakeDatasetArguments({"--self-play", "--games", "10", "--nodes", "500", "--output", "x.epd", "--seed", "4"});
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_EQ(ok->selfPlay.games, 10);
    EXPECT_EQ(ok->selfPlay.limit.value, 500);
    EXPECT_EQ(ok->selfPlay.seed, 4u);
    auto noSource = parseMakeDatasetArguments({"--output", "x.epd"});
    ASSERT_FALSE(noSource.ok());
    EXPECT_NE(noSource.error().message.find("source"), std::string::npos);
    auto bad = parseMakeDatasetArguments({"--self-play", "--games", "ten", "--output", "x"});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("--games"), std::string::npos);
    auto pgnWithEngine = parseMakeDatasetArguments({"--pgn", "g.pgn", "--nodes", "10", "--output", "x"});
    EXPECT_FALSE(pgnWithEngine.ok());
}

}  // namespace
}  // namespace mf::dataset
