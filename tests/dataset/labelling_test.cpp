#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "engine/attacks.h"
#include "engine/notation.h"
#include "app/cli/make_options/make_dataset_options.h"
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
    // Stalemate: nothing to tune on (and engines give no score there).
    auto stalemate = Position::fromFen("8/8/8/8/5kbK/8/8/8 w - - 0 1");
    ASSERT_TRUE(stalemate.ok());
    EXPECT_EQ(judgeQuietness(*stalemate, params), Quietness::NoMove);
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

// --per-game N: a game gives at most N of its usable positions, drawn by the seed, in game order;
// the others are counted, not marked seen (a later game may still give them).
TEST_F(Labelling, PerGameKeepsAtMostNPositionsDrawnBySeedInGameOrder) {
    const std::vector<std::string> moves = {"g1f3", "g8f6", "b1c3", "b8c6", "e2e3", "e7e6", "f1e2", "f8e7",
                                            "e1g1", "e8g8", "d2d3", "d7d6", "c1d2", "c8d7", "a2a3", "a7a6"};
    auto label = [&](int perGame, std::uint64_t seed, DatasetTally& tally) {
        std::vector<LabelledPosition> out;
        suite::PositionKeySet seen;
        labelGames({game(moves, "1/2-1/2"), game(moves, "1/2-1/2")}, 0, out, seen, tally, perGame, seed);
        std::vector<std::string> fens;
        for (const auto& p : out) fens.push_back(p.position.fen());
        return fens;
    };
    DatasetTally all;
    const auto every = label(0, 1, all);
    ASSERT_EQ(every.size(), moves.size() + 1);  // every position of the first game; the second repeats it
    DatasetTally some;
    const auto four = label(4, 7, some);
    // Four of the first game, then four of the second among those the first did not give.
    ASSERT_EQ(four.size(), 8u);
    // Game 1: 17 usable, 4 taken. Game 2: its 4 positions taken by game 1 are duplicates, 4 of 13 taken.
    EXPECT_EQ(some.beyondPerGame, (moves.size() + 1 - 4) + (moves.size() + 1 - 4 - 4));
    EXPECT_EQ(some.duplicates, 4u);
    EXPECT_EQ(some.kept, 8u);
    std::set<std::string> distinct(four.begin(), four.end());
    EXPECT_EQ(distinct.size(), 8u);
    // In game order: each game's four are in the order of `every`.
    auto order = [&](std::size_t i) { return std::find(every.begin(), every.end(), four[i]) - every.begin(); };
    for (std::size_t i = 1; i < 4; ++i) EXPECT_LT(order(i - 1), order(i));
    for (std::size_t i = 5; i < 8; ++i) EXPECT_LT(order(i - 1), order(i));
    DatasetTally again;
    EXPECT_EQ(label(4, 7, again), four);  // the seed decides
    DatasetTally other;
    EXPECT_NE(label(4, 8, other), four);
}

TEST_F(Labelling, ArgumentsAreCheckedWithNamedOptions) {
    auto ok = cli::parseMakeDatasetArguments({"--self-play", "--games", "10", "--nodes", "500", "--output", "x.epd", "--seed", "4"});
    ASSERT_TRUE(ok.ok()) << ok.error().message;
    EXPECT_EQ(ok->selfPlay.games, 10);
    EXPECT_EQ(ok->selfPlay.limit.value, 500);
    EXPECT_EQ(ok->selfPlay.seed, 4u);
    auto noSource = cli::parseMakeDatasetArguments({"--output", "x.epd"});
    ASSERT_FALSE(noSource.ok());
    EXPECT_NE(noSource.error().message.find("source"), std::string::npos);
    auto bad = cli::parseMakeDatasetArguments({"--self-play", "--games", "ten", "--output", "x"});
    ASSERT_FALSE(bad.ok());
    EXPECT_NE(bad.error().message.find("--games"), std::string::npos);
    auto pgnWithEngine = cli::parseMakeDatasetArguments({"--pgn", "g.pgn", "--nodes", "10", "--output", "x"});
    EXPECT_FALSE(pgnWithEngine.ok());
}

}  // namespace
}  // namespace mf::dataset
