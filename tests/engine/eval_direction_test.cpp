// Each group of evaluation terms moves the score the way docs/engine.md says: a term's value is
// added to the score of the side it describes (White's view here: up for White's features, down
// for Black's), on a position chosen so that only one side has the feature.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/attacks.h"
#include "engine/eval.h"
#include "engine/position_scoring.h"

namespace mf {
namespace {

struct Case {
    const char* prefix;  // every term whose name starts with it is raised
    int raise;
    const char* fen;
    int sign;            // +1: White's score rises; -1: it falls
    const char* why;
};

// clang-format off
constexpr Case Cases[] = {
    {"Material.Knight.Mg", 50, "r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", +1, "White has a knight more"},
    {"Material.Rook.Eg", 50, "4k3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1", +1, "White has the only rook, an ending"},
    // Rooks and queens on the board, so that the middlegame weight counts (phase 17 of 24).
    {"Psqt.Knight.Mg.d4", 300, "r2qk2r/pppppppp/8/8/4N3/8/PPPPPPPP/R2QK2R w - - 0 1", +1, "a White knight on e4 (the mirror of d4)"},
    {"Psqt.Knight.Mg.d4", 300, "r2qk2r/pppppppp/8/3n4/8/8/PPPPPPPP/R2QK2R w - - 0 1", -1, "a Black knight on d5 (d4 from Black's side)"},
    {"Psqt.Pawn.Eg.a6", 600, "4k3/8/P7/8/8/8/8/4K3 w - - 0 1", +1, "a White pawn on a6"},
    {"Mobility.Bishop.", 40, "4k3/pppppppp/8/8/8/8/PPPPPPPP/2B1K3 w - - 0 1", +1, "White has the only bishop"},
    {"Mobility.Queen.", 40, "3qk3/8/8/8/8/8/8/4K3 w - - 0 1", -1, "Black has the only queen"},
    {"Passed.Eg.", 40, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", +1, "White has a passed pawn"},
    {"Passed.FreeStop.Eg.", 40, "4k3/8/8/3P4/8/8/8/4K3 w - - 0 1", +1, "White's passed pawn has an empty stop square"},
    {"Passed.TheirKing.Eg.", 400, "7k/8/8/3P4/8/8/8/4K3 w - - 0 1", +1, "the Black king is away from White's passer"},
    {"Passed.OwnKing.Eg.", 400, "7k/8/8/3P4/8/8/8/K7 w - - 0 1", +1, "the White king is away from its passer"},
    {"Pawns.Doubled.", 40, "4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1", +1, "White has doubled pawns (a penalty made smaller)"},
    {"Pawns.Isolated.", 20, "4k3/pp6/8/8/8/8/P7/4K3 w - - 0 1", +1, "White has an isolated pawn"},
    {"Pawns.Stopped.", 40, "4k3/4p3/8/8/8/4N3/4P3/4K3 w - - 0 1", +1, "White's pawn is stopped (by its own knight)"},
    {"Pawns.Stopped.", 40, "4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", 0, "both sides' pawns are stopped: no change"},
    {"Pieces.BishopPair.", 40, "2b1k1n1/pppppppp/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1", +1, "White has the bishop pair"},
    {"Pieces.RookOpenFile.", 40, "4k3/ppp4p/8/8/8/8/PPP4P/3RK3 w - - 0 1", +1, "a White rook on the open d file"},
    {"King.Castled.", 40, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w kq - 0 1", +1, "White has castled"},
    {"King.TrappedRook.", 40, "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4K1R w kq - 0 1", +1, "White's king shuts in the h1 rook"},
    {"King.ShieldNear.", 40, "4k3/8/8/8/8/8/5PPP/6K1 w - - 0 1", +1, "White's king has pawns in front"},
    {"King.Edge.Eg.ring3", 40, "8/8/8/3k4/8/8/8/K7 w - - 0 1", +1, "White's king is on the edge"},
    {"KingAttack.Queen.", 40, "6k1/5ppp/8/8/8/8/1Q3PPP/6K1 w - - 0 1", +1, "White's queen attacks Black's shield zone"},
    {"KingSafety.Danger.", 40, "6k1/5p1p/5QpN/8/8/8/5PPP/6K1 b - - 0 1", -1, "Black's king is attacked (its danger made smaller)"},
    {"Threat.PawnOnKnight.", 40, "4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", +1, "a White pawn attacks a Black knight"},
    {"Threat.KnightOnRook.", 40, "4k3/8/3r4/8/4N3/8/8/4K3 w - - 0 1", +1, "a White knight attacks a Black rook"},
    {"Space.", 40, "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", +1, "White's queen attacks many squares"},
    {"Tempo.", 40, "4k3/8/8/8/8/8/8/4K3 w - - 0 1", +1, "White is to move"},
    {"Tempo.", 40, "4k3/8/8/8/8/8/8/4K3 b - - 0 1", -1, "Black is to move"},
};
// clang-format on

TEST(EvalDirection, EachGroupMovesTheScoreTheDocumentedWay) {
    attacks::init();
    for (const Case& c : Cases) {
        const Position pos = *Position::fromFen(c.fen);
        EvalParams raised;
        int changed = 0;
        for (const EvalTerm& t : evalTerms())
            if (std::string_view(t.name).rfind(c.prefix, 0) == 0) {
                raised.at(t.index) += c.raise;
                ++changed;
            }
        ASSERT_GT(changed, 0) << c.prefix;
        const int before = staticScoreWhite(pos, EvalParams{});
        const int after = staticScoreWhite(pos, raised);
        const std::string label = std::string(c.prefix) + " +" + std::to_string(c.raise) + ": " + c.why + " (" + c.fen +
                                  "): " + std::to_string(before) + " -> " + std::to_string(after);
        if (c.sign > 0) EXPECT_GT(after, before) << label;
        else if (c.sign < 0) EXPECT_LT(after, before) << label;
        else EXPECT_EQ(after, before) << label;
    }
}

// A legacy option shifts the terms it used to set, on top of their own values: raising both moves
// the score by both, and a legacy weight at its default adds nothing.
TEST(EvalDirection, LegacyOptionsAddToTheTerms) {
    attacks::init();
    const Position pos = *Position::fromFen("r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EvalParams byTerm, byLegacy, byBoth;
    // KnightValue set the knight's middlegame and endgame value.
    for (const EvalTerm& t : evalTerms())
        if (t.name == "Material.Knight.Mg" || t.name == "Material.Knight.Eg") {
            byTerm.at(t.index) += 40;
            byBoth.at(t.index) += 40;
        }
    byLegacy.knightValue += 40;
    byBoth.knightValue += 40;
    const int base = staticScoreWhite(pos, EvalParams{});
    EXPECT_EQ(staticScoreWhite(pos, byTerm), staticScoreWhite(pos, byLegacy));
    EXPECT_GT(staticScoreWhite(pos, byTerm), base);
    EXPECT_EQ(staticScoreWhite(pos, byBoth) - base, 2 * (staticScoreWhite(pos, byTerm) - base));
}

}  // namespace
}  // namespace mf
