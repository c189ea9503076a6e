// Adjudication by scores and by MateFind's endgame tables (no engine).
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/notation.h"
#include "engine/tb/tablebases.h"
#include "evolution/match/adjudicator.h"

namespace mf::match {
namespace {

uci::Score cp(int value) { return uci::Score{uci::ScoreKind::Centipawns, value, uci::ScoreBound::Exact}; }

// Feeds `plies` searched moves of the same shuffle (knights out and back) with the given scores
// (mover's view, alternating White, Black); returns the first verdict.
std::optional<Verdict> feed(Adjudicator& judge, std::vector<std::optional<uci::Score>> scores, int* at = nullptr) {
    Position pos = *Position::fromFen("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 30");
    const char* shuffle[] = {"a1b1", "a8b8", "b1a1", "b8a8"};
    for (std::size_t i = 0; i < scores.size(); ++i) {
        const Color mover = pos.sideToMove();
        pos.doMove(*parseUciMove(pos, shuffle[i % 4]));
        if (auto verdict = judge.afterMove(scores[i], mover, pos)) {
            if (at) *at = int(i) + 1;
            return verdict;
        }
    }
    return std::nullopt;
}

TEST(Adjudication, DrawAfterQuietScoresForEnoughMoves) {
    AdjudicationRules rules;
    rules.drawFromMove = 30;
    rules.drawMoves = 2;
    rules.drawScoreCp = 10;
    Adjudicator judge(rules, nullptr);
    int at = 0;
    // 4 plies with |score| <= 10 (2 moves of each engine): a draw on the 4th.
    auto verdict = feed(judge, {cp(50), cp(5), cp(-10), cp(0), cp(8)}, &at);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::AdjudicatedDraw);
    EXPECT_EQ(verdict->result, GameResult::Draw);
    EXPECT_EQ(at, 5);
}

TEST(Adjudication, NoDrawBeforeTheMoveNumberOrWithAMissingScore) {
    AdjudicationRules rules;
    rules.drawFromMove = 60;  // the test game is at move 30..32
    rules.drawMoves = 1;
    Adjudicator early(rules, nullptr);
    EXPECT_FALSE(feed(early, {cp(0), cp(0), cp(0), cp(0)}));
    rules.drawFromMove = 0;
    Adjudicator missing(rules, nullptr);
    EXPECT_FALSE(feed(missing, {cp(0), std::nullopt, cp(0)}));
}

TEST(Adjudication, WinWhenBothEnginesAgree) {
    AdjudicationRules rules;
    rules.winMoves = 2;
    rules.winScoreCp = 500;
    // White's engine says +600 (its view), Black's engine says -700 (its view): both see White ahead.
    Adjudicator judge(rules, nullptr);
    int at = 0;
    auto verdict = feed(judge, {cp(600), cp(-700), cp(650), cp(-600)}, &at);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::AdjudicatedWin);
    EXPECT_EQ(verdict->result, GameResult::WhiteWins);
    EXPECT_EQ(at, 4);
    // They disagree (Black's engine thinks it is fine): no verdict.
    Adjudicator disagree(rules, nullptr);
    EXPECT_FALSE(feed(disagree, {cp(600), cp(100), cp(650), cp(-600)}));
    // Black winning, a mate score counting as beyond any threshold.
    Adjudicator black(rules, nullptr);
    auto mate = feed(black, {cp(-900), uci::Score{uci::ScoreKind::Mate, 5, uci::ScoreBound::Exact}, cp(-900), cp(800)});
    ASSERT_TRUE(mate);
    EXPECT_EQ(mate->result, GameResult::BlackWins);
}

TEST(Adjudication, EndgameTables) {
    const auto dir = std::filesystem::temp_directory_path() / ("mf_match_tb_" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    tb::Tablebases tables(dir);
    tables.setThreads(1);
    ASSERT_TRUE(tables.require("KRK"));
    AdjudicationRules rules;
    rules.tablebases = true;

    // White takes Black's last piece: K+R v K is a win for White whoever moves.
    Position pos = *Position::fromFen("4k3/8/8/8/8/8/4n3/R3K3 w - - 0 1");
    Position before = pos;
    pos.doMove(*parseUciMove(pos, "e1e2"));
    Adjudicator judge(rules, &tables);
    auto verdict = judge.afterMove(std::nullopt, White, pos);
    ASSERT_TRUE(verdict);
    EXPECT_EQ(verdict->ending, Ending::Tablebase);
    EXPECT_EQ(verdict->result, GameResult::WhiteWins);

    // Rules off, or no tables: play goes on.
    Adjudicator off(AdjudicationRules{}, &tables);
    EXPECT_FALSE(off.afterMove(std::nullopt, White, pos));
    Adjudicator none(rules, nullptr);
    EXPECT_FALSE(none.afterMove(std::nullopt, White, pos));
    // More than 4 men: not covered.
    Adjudicator judge2(rules, &tables);
    EXPECT_FALSE(judge2.afterMove(std::nullopt, Black, *Position::fromFen(Position::StartFen)));
    std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace mf::match
