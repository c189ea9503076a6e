// The 3-piece tables: generated once into a scratch directory, then counted and checked against
// the engine's own move generator (every class value is the best over its moves).
#include "engine/attacks.h"
#include "engine/movegen.h"
#include "engine/tb/probe.h"
#include "engine/tb/stats.h"
#include "tb_test_util.h"

#include <gtest/gtest.h>

#include <cstdlib>

using namespace mf;
using namespace mf::tb;

namespace {

class ThreePieceTables : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        attacks::init();
        tables_ = new Tablebases(test::scratchDirectory("three"));
        for (const char* name : {"KQK", "KRK", "KBK", "KNK", "KPK"}) ASSERT_TRUE(tables_->require(name));
    }
    static void TearDownTestSuite() {
        std::filesystem::remove_all(tables_->directory());
        delete tables_;
        tables_ = nullptr;
    }
    static Tablebases* tables_;
};
Tablebases* ThreePieceTables::tables_ = nullptr;

// Legal placements of White king, one White piece `piece` ('Q', 'R', 'B', 'N', 'P') and Black
// king with `stm` to move, counted by brute force over all 64^3 placements with geometry written
// here (not the engine's attack tables): distinct squares, kings not adjacent, a pawn on ranks
// 2-7, the side not to move not in check. Black never gives check (a lone king cannot), so with
// White to move only the White piece's attacks on the Black king are excluded; sliders walk
// their rays square by square and stop at the White king.
std::uint64_t bruteForcePlacements(char piece, Color stm) {
    auto attacks = [piece](int from, int to, int blocker) {
        const int ff = from % 8, fr = from / 8, tf = to % 8, tr = to / 8;
        const int df = tf - ff, dr = tr - fr;
        if (piece == 'N') return (std::abs(df) == 1 && std::abs(dr) == 2) || (std::abs(df) == 2 && std::abs(dr) == 1);
        if (piece == 'P') return std::abs(df) == 1 && dr == 1;  // a White pawn takes towards rank 8
        const bool straight = df == 0 || dr == 0;
        const bool diagonal = std::abs(df) == std::abs(dr);
        if (df == 0 && dr == 0) return false;
        if (!((piece == 'Q' && (straight || diagonal)) || (piece == 'R' && straight) || (piece == 'B' && diagonal)))
            return false;
        const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
        for (int f = ff + sf, r = fr + sr; f != tf || r != tr; f += sf, r += sr)
            if (f + 8 * r == blocker) return false;
        return true;
    };
    std::uint64_t count = 0;
    for (int wk = 0; wk < 64; ++wk)
        for (int x = 0; x < 64; ++x)
            for (int bk = 0; bk < 64; ++bk) {
                if (wk == x || wk == bk || x == bk) continue;
                if (std::abs(wk % 8 - bk % 8) <= 1 && std::abs(wk / 8 - bk / 8) <= 1) continue;
                if (piece == 'P' && (x / 8 == 0 || x / 8 == 7)) continue;
                if (stm == Black || !attacks(x, bk, wk)) ++count;
            }
    return count;
}

struct Expected {
    const char* table;
    Color stm;
    // see SideStats for the definitions
    std::uint64_t positions, classes, checkmates, wins, losses, draws;
    int longestWin, longestLoss;
};

} // namespace

// Counts by enumeration. positions: legal placements with that side to move (side not to move
// not in check), from the brute force above (0 in the table: filled in by it); classes: stored entries; checkmates/wins/losses/draws: classes by the value for
// the side to move; longest: plies. Known maxima: KQK mate in 10 moves (19 plies with the winner
// to move), KRK 16 (31), KPK 28 (55, white to move).
TEST_F(ThreePieceTables, CountsByEnumeration) {
    const Expected expected[] = {
        {"KQK", White, 0, 18081, 0, 18081, 0, 0, 19, -1},
        {"KQK", Black, 0, 28056, 46, 0, 25160, 2896, -1, 20},
        {"KRK", White, 0, 21959, 0, 21959, 0, 0, 31, -1},
        {"KRK", Black, 0, 28056, 27, 0, 25260, 2796, -1, 32},
        {"KBK", White, 0, 24178, 0, 0, 0, 24178, -1, -1},
        {"KBK", Black, 0, 28056, 0, 0, 0, 28056, -1, -1},
        {"KNK", White, 0, 25750, 0, 0, 0, 25750, -1, -1},
        {"KNK", Black, 0, 28056, 0, 0, 0, 28056, -1, -1},
        {"KPK", White, 0, 81664, 0, 62480, 0, 19184, 55, -1},
        {"KPK", Black, 0, 84012, 0, 0, 48802, 35210, -1, 56},
    };
    for (Expected e : expected) {
        e.positions = bruteForcePlacements(e.table[1], e.stm);
        const TableStats stats = computeStats(*tables_->require(e.table));
        const SideStats& s = stats.side[e.stm];
        SCOPED_TRACE(std::string(e.table) + (e.stm == White ? " white to move" : " black to move"));
        // Every legal position is in exactly one stored class.
        EXPECT_EQ(s.classMembers, s.positions);
        EXPECT_EQ(s.positions, e.positions);
        // A pawn table folds only left to right, and no placement is its own mirror (no file is):
        // each class holds exactly two positions.
        if (e.table[1] == 'P') EXPECT_EQ(s.positions, 2 * e.classes);
        EXPECT_EQ(s.classes, e.classes);
        EXPECT_EQ(s.checkmates, e.checkmates);
        EXPECT_EQ(s.wins, e.wins);
        EXPECT_EQ(s.losses, e.losses);
        EXPECT_EQ(s.draws, e.draws);
        EXPECT_EQ(s.wins + s.losses + s.draws, s.classes);
        EXPECT_EQ(s.longestWin, e.longestWin);
        EXPECT_EQ(s.longestLoss, e.longestLoss);
    }
}

// Independent of the retrograde code: with the engine's legal move generator, every stored class
// is checkmate/stalemate exactly when the engine finds no move, and otherwise its value is the
// best over the values of its successors.
TEST_F(ThreePieceTables, EveryValueIsTheBestOverTheEnginesMoves) {
    for (const char* name : {"KQK", "KRK", "KBK", "KNK", "KPK"}) {
        const Table& table = *tables_->require(name);
        int checked = 0;
        for (Color c : {White, Black})
            for (std::uint64_t i = 0; i < table.index.size(); ++i) {
                const Value v = table.values[c][i];
                if (v == value::Invalid) continue;
                Placement p;
                ASSERT_TRUE(table.index.placement(i, p));
                const Position pos = test::positionOf(TbBoard::fromPlacement(table.spec(), p, c));
                const MoveList moves(pos);
                Value best = value::Unknown;
                for (Move m : moves) {
                    Position next = pos;
                    next.doMove(m);
                    const auto r = probe(*tables_, next);
                    ASSERT_TRUE(r) << next.fen();
                    const Value child = r->wdl == Wdl::Draw ? value::Draw : value::fromDtm(r->dtm);
                    const Value through = value::throughMove(child);
                    if (best == value::Unknown || value::better(through, best)) best = through;
                }
                if (moves.empty()) best = pos.inCheck() ? value::fromDtm(0) : value::Draw;
                ASSERT_EQ(int(v), int(best)) << name << " " << pos.fen();
                ++checked;
            }
        EXPECT_GT(checked, 0);
    }
}

TEST_F(ThreePieceTables, ProbeReadsPositionsInAnyOrientation) {
    auto at = [&](const char* fen) {
        auto pos = Position::fromFen(fen);
        EXPECT_TRUE(pos.ok()) << fen;
        return probe(*tables_, *pos);
    };
    // Mate in one: Qc8 mates.
    EXPECT_EQ(at("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1"), (ProbeResult{Wdl::Win, 1}));
    // The same with the colours swapped and the board turned around.
    EXPECT_EQ(at("2q5/8/8/8/8/1k6/8/K7 b - - 0 1"), (ProbeResult{Wdl::Win, 1}));
    // Checkmated now.
    EXPECT_EQ(at("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1"), (ProbeResult{Wdl::Loss, 0}));
    // Stalemate and a lone minor piece.
    EXPECT_EQ(at("k7/8/1QK5/8/8/8/8/8 b - - 0 1"), (ProbeResult{Wdl::Draw, 0}));
    EXPECT_EQ(at("8/8/3k4/8/8/3K4/3B4/8 w - - 0 1"), (ProbeResult{Wdl::Draw, 0}));
    // Too many pieces, castling rights: not covered.
    EXPECT_FALSE(at("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"));
    EXPECT_FALSE(at("4k3/8/8/8/8/8/8/RR2K2R w - - 0 1"));
}

TEST_F(ThreePieceTables, RootMovesAreRankedFastestMateFirst) {
    auto pos = Position::fromFen("k7/8/1K6/8/8/8/8/2Q5 w - - 0 1");
    ASSERT_TRUE(pos.ok());
    const auto ranked = rankRootMoves(*tables_, *pos);
    ASSERT_FALSE(ranked.empty());
    EXPECT_EQ(ranked.front().result, (ProbeResult{Wdl::Win, 1}));
    for (std::size_t i = 1; i < ranked.size(); ++i)
        EXPECT_FALSE(value::better(value::fromDtm(ranked[i].result.dtm), value::fromDtm(ranked[0].result.dtm)) &&
                     ranked[i].result.wdl == Wdl::Win);
    // The defender's longest resistance: the lone king's best move loses in the most plies.
    auto defend = Position::fromFen("8/8/8/3k4/8/8/8/KQ6 b - - 0 1");
    ASSERT_TRUE(defend.ok());
    const auto best = bestRootMove(*tables_, *defend);
    ASSERT_TRUE(best);
    EXPECT_EQ(best->result.wdl, Wdl::Loss);
    for (const auto& r : rankRootMoves(*tables_, *defend)) EXPECT_LE(r.result.dtm, best->result.dtm);
}
