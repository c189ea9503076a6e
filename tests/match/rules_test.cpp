// The rules' endings on positions with their history (no engine).
#include <gtest/gtest.h>

#include "engine/notation.h"
#include "evolution/match/rules.h"

namespace mf::match {
namespace {

Position play(std::string_view fen, std::initializer_list<const char*> moves) {
    auto pos = Position::fromFen(fen);
    EXPECT_TRUE(pos.ok()) << fen;
    for (const char* text : moves) {
        auto move = parseUciMove(*pos, text);
        EXPECT_TRUE(move.ok()) << text;
        pos->doMove(*move);
    }
    return *pos;
}

TEST(Rules, CheckmateIsAWinForTheMatingSide) {
    // Fool's mate: Black mates.
    auto verdict = ruleEnding(play(Position::StartFen, {"f2f3", "e7e5", "g2g4", "d8h4"}));
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::Checkmate);
    EXPECT_EQ(verdict->result, GameResult::BlackWins);
    EXPECT_EQ(verdict->reason, "Black mates");
}

TEST(Rules, StalemateIsADraw) {
    // Black king a8, White queen to b6: no legal move, not in check.
    auto verdict = ruleEnding(play("k7/8/8/8/8/8/1Q6/K7 w - - 0 1", {"b2b6"}));
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::Stalemate);
    EXPECT_EQ(verdict->result, GameResult::Draw);
}

TEST(Rules, ThreefoldRepetitionNeedsThreeOccurrences) {
    const auto shuffle = {"g1f3", "g8f6", "f3g1", "f6g8"};
    // The start position twice: play goes on.
    EXPECT_FALSE(ruleEnding(play(Position::StartFen, shuffle)));
    auto third = play(Position::StartFen, {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"});
    auto verdict = ruleEnding(third);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::Repetition);
    EXPECT_EQ(verdict->result, GameResult::Draw);
}

TEST(Rules, FiftyMoveRuleAfterAHundredQuietPlies) {
    const char* fen = "4k3/8/8/8/8/8/R7/4K3 w - - 99 80";
    EXPECT_FALSE(ruleEnding(*Position::fromFen(fen)));
    auto verdict = ruleEnding(play(fen, {"a2b2"}));
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::FiftyMoves);
    // A capture resets the count.
    EXPECT_FALSE(ruleEnding(play("4k3/8/8/8/8/8/Rp6/4K3 w - - 99 80", {"a2b2"})));
}

TEST(Rules, CheckmateOnTheHundredthPlyIsStillMate) {
    // Back-rank mate made by the 100th quiet ply.
    auto verdict = ruleEnding(play("6k1/5ppp/8/8/8/8/8/R5K1 w - - 99 80", {"a1a8"}));
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::Checkmate);
    EXPECT_EQ(verdict->result, GameResult::WhiteWins);
}

TEST(Rules, InsufficientMaterial) {
    // The rook is taken: king and knight against king.
    auto verdict = ruleEnding(play("4k3/8/8/8/8/8/4r3/4KN2 w - - 0 1", {"e1e2"}));
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::InsufficientMaterial);
    EXPECT_EQ(verdict->result, GameResult::Draw);
    // Bishops on the same colour cannot mate; on both colours they can.
    EXPECT_TRUE(ruleEnding(*Position::fromFen("4k3/8/8/8/8/8/1b6/B3K3 w - - 0 1")));
    EXPECT_FALSE(ruleEnding(*Position::fromFen("4k3/8/8/8/8/8/2b5/B3K3 w - - 0 1")));
    EXPECT_FALSE(ruleEnding(*Position::fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")));
}

}  // namespace
}  // namespace mf::match
