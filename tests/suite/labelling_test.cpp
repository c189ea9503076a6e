// The labelling rules, each checked on fixed MultiPV lines: no engine runs here.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "evolution/suite/labelling.h"

namespace mf::suite {
namespace {

using uci::Score;
using uci::ScoreBound;
using uci::ScoreKind;

Score cp(int v, ScoreBound bound = ScoreBound::Exact) { return {ScoreKind::Centipawns, v, bound}; }
Score mate(int v) { return {ScoreKind::Mate, v, ScoreBound::Exact}; }

// After 1.e4 e5 2.Nf3 Nc6: quiet, White to move, no capture just made.
constexpr const char* Quiet = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3";
// Black king in check from the rook on e1, several replies.
constexpr const char* Checked = "4k3/8/8/8/8/8/8/4R1K1 b - - 0 1";
// Black's only legal move is h6-h5.
constexpr const char* OneMove = "k7/8/1Q5p/8/8/8/8/7K b - - 0 1";

struct Case {
    const char* name;
    const char* fen;
    std::vector<PvLine> lines;
    Verdict expected;
    int margin = 0;  // checked when expected is Kept or SmallMargin
    LabelRules rules = {};
};

class LabellingTable : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
};

TEST_F(LabellingTable, RulesOnFixedLines) {
    LabelRules lenient;
    lenient.rejectInCheck = false;
    LabelRules wide;
    wide.minMargin = 50;
    wide.scoreWindow = 500;
    const std::vector<Case> cases = {
        {"clear best, quiet", Quiet, {{"f1b5", cp(40)}, {"d2d4", cp(-70)}}, Verdict::Kept, 110},
        {"margin exactly the minimum", Quiet, {{"f1b5", cp(40)}, {"d2d4", cp(-60)}}, Verdict::Kept, 100},
        {"margin one short", Quiet, {{"f1b5", cp(40)}, {"d2d4", cp(-59)}}, Verdict::SmallMargin, 99},
        {"looser margin rule", Quiet, {{"f1b5", cp(40)}, {"d2d4", cp(-20)}}, Verdict::Kept, 60, wide},
        {"best at the window's edge", Quiet, {{"f1b5", cp(300)}, {"d2d4", cp(100)}}, Verdict::Kept, 200},
        {"best beyond the window", Quiet, {{"f1b5", cp(301)}, {"d2d4", cp(100)}}, Verdict::Decided},
        {"losing side beyond the window", Quiet, {{"f1b5", cp(-301)}, {"d2d4", cp(-900)}}, Verdict::Decided},
        {"wider window admits it", Quiet, {{"f1b5", cp(450)}, {"d2d4", cp(100)}}, Verdict::Kept, 350, wide},
        {"mate found is decided", Quiet, {{"f1b5", mate(3)}, {"d2d4", cp(10)}}, Verdict::Decided},
        {"only move against mate", Quiet, {{"f1b5", cp(20)}, {"d2d4", mate(-4)}}, Verdict::Kept, 20 - (-MateCp + 4)},
        {"lower bound score", Quiet, {{"f1b5", cp(40, ScoreBound::Lower)}, {"d2d4", cp(-90)}}, Verdict::InexactScore},
        {"upper bound second", Quiet, {{"f1b5", cp(40)}, {"d2d4", cp(-90, ScoreBound::Upper)}}, Verdict::InexactScore},
        {"one line only", Quiet, {{"f1b5", cp(40)}}, Verdict::MissingLine},
        {"same move twice", Quiet, {{"f1b5", cp(40)}, {"f1b5", cp(-90)}}, Verdict::MissingLine},
        {"unreadable line", Quiet, {{"f1b5", cp(40)}, {"e1e8", cp(-90)}}, Verdict::MissingLine},
        {"in check", Checked, {{"e8d7", cp(0)}, {"e8f8", cp(-200)}}, Verdict::InCheck},
        {"in check allowed", Checked, {{"e8d7", cp(0)}, {"e8f8", cp(-200)}}, Verdict::Kept, 200, lenient},
        {"only one legal move", OneMove, {{"h6h5", cp(0)}}, Verdict::OnlyMove},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.name);
        auto pos = Position::fromFen(c.fen);
        ASSERT_TRUE(pos.ok());
        const std::string bestMove = c.lines.empty() ? "" : c.lines.front().move;
        const Labelling label = judge(*pos, Move::none(), bestMove, c.lines, c.rules);
        EXPECT_EQ(toString(label.verdict), toString(c.expected));
        if (c.expected == Verdict::Kept || c.expected == Verdict::SmallMargin) {
            EXPECT_EQ(label.margin, c.margin);
        }
        if (c.expected == Verdict::Kept) {
            EXPECT_EQ(toUci(label.best), bestMove);
        }
    }
}

TEST_F(LabellingTable, OnlyMovePositionReallyHasOneMove) {
    auto pos = Position::fromFen(OneMove);
    ASSERT_TRUE(pos.ok());
    EXPECT_EQ(MoveList(*pos).size(), 1);
}

TEST_F(LabellingTable, BestMoveMustBeTheFirstLine) {
    auto pos = Position::fromFen(Quiet);
    ASSERT_TRUE(pos.ok());
    const Labelling label = judge(*pos, Move::none(), "d2d4", {{"f1b5", cp(40)}, {"d2d4", cp(-90)}}, {});
    EXPECT_EQ(label.verdict, Verdict::MissingLine);
}

// 1.e4 d5 2.exd5: Black to move; Qxd5 takes back on the square of the last capture.
class Recapture : public LabellingTable {
protected:
    void SetUp() override {
        auto start = Position::fromFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
        ASSERT_TRUE(start.ok());
        pos_.emplace(*start);
        auto capture = parseSan(*pos_, "exd5");
        ASSERT_TRUE(capture.ok());
        last_ = *capture;
        pos_->doMove(last_);
    }
    std::optional<Position> pos_;
    Move last_ = Move::none();
};

TEST_F(Recapture, TakingBackIsRejected) {
    const std::vector<PvLine> lines = {{"d8d5", cp(0)}, {"g8f6", cp(-150)}};
    EXPECT_EQ(judge(*pos_, last_, "d8d5", lines, {}).verdict, Verdict::Recapture);
}

TEST_F(Recapture, FilterCanBeSwitchedOff) {
    LabelRules rules;
    rules.rejectRecaptures = false;
    const std::vector<PvLine> lines = {{"d8d5", cp(0)}, {"g8f6", cp(-150)}};
    EXPECT_EQ(judge(*pos_, last_, "d8d5", lines, rules).verdict, Verdict::Kept);
}

TEST_F(Recapture, UnknownLastMoveCannotBeJudged) {
    const std::vector<PvLine> lines = {{"d8d5", cp(0)}, {"g8f6", cp(-150)}};
    EXPECT_EQ(judge(*pos_, Move::none(), "d8d5", lines, {}).verdict, Verdict::Kept);
}

TEST_F(Recapture, AnotherMoveAfterACaptureIsNoRecapture) {
    const std::vector<PvLine> lines = {{"g8f6", cp(0)}, {"d8d5", cp(-150)}};
    EXPECT_EQ(judge(*pos_, last_, "g8f6", lines, {}).verdict, Verdict::Kept);
}

TEST_F(LabellingTable, CaptureOnTheSquareOfAQuietMoveIsNoRecapture) {
    // 1.e4 d5 2.Nf3 e5: Nxe5 lands where the last move went, but that move captured nothing.
    auto pos = Position::fromFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    ASSERT_TRUE(pos.ok());
    auto e5 = parseSan(*pos, "e5");
    ASSERT_TRUE(e5.ok());
    pos->doMove(*e5);
    EXPECT_EQ(judge(*pos, *e5, "f3e5", {{"f3e5", cp(20)}, {"e4d5", cp(-150)}}, {}).verdict, Verdict::Kept);
}

TEST(ScoreText, Formats) {
    EXPECT_EQ(formatScore(cp(35)), "+35");
    EXPECT_EQ(formatScore(cp(-120)), "-120");
    EXPECT_EQ(formatScore(cp(0)), "0");
    EXPECT_EQ(formatScore(mate(3)), "#3");
    EXPECT_EQ(formatScore(mate(-2)), "#-2");
    EXPECT_GT(toCentipawns(mate(2)), toCentipawns(mate(5)));
    EXPECT_LT(toCentipawns(mate(-2)), toCentipawns(mate(-5)));
}

}  // namespace
}  // namespace mf::suite
