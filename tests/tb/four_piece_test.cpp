// All 23 tables generated from scratch (about a minute on two cores), then counted and checked:
// every count by enumeration, every stored class a member count equal to its legal positions, and
// a seeded sample of classes per table against the engine's own move generator.
#include "engine/attacks.h"
#include "engine/movegen.h"
#include "engine/random.h"
#include "engine/tb/probe.h"
#include "engine/tb/stats.h"
#include "tb_test_util.h"

#include <gtest/gtest.h>

using namespace mf;
using namespace mf::tb;

namespace {

class AllTables : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        attacks::init();
        tables_ = new Tablebases(test::scratchDirectory("all"));
        tables_->requireAll();
    }
    static void TearDownTestSuite() {
        std::filesystem::remove_all(tables_->directory());
        delete tables_;
        tables_ = nullptr;
    }
    static Tablebases* tables_;
};
Tablebases* AllTables::tables_ = nullptr;

Value bestOverEngineMoves(const Tablebases& tables, const Position& pos) {
    const MoveList moves(pos);
    if (moves.empty()) return pos.inCheck() ? value::fromDtm(0) : value::Draw;
    Value best = value::Unknown;
    for (Move m : moves) {
        Position next = pos;
        next.doMove(m);
        const auto r = probe(tables, next);
        EXPECT_TRUE(r) << next.fen();
        if (!r) return value::Unknown;
        const Value through = value::throughMove(r->wdl == Wdl::Draw ? value::Draw : value::fromDtm(r->dtm));
        if (best == value::Unknown || value::better(through, best)) best = through;
    }
    return best;
}

} // namespace

TEST_F(AllTables, EveryTableCountsConsistently) {
    for (const std::string& name : standardTables()) {
        SCOPED_TRACE(name);
        const Table* table = tables_->require(name);
        ASSERT_TRUE(table);
        const TableStats stats = computeStats(*table);
        std::cout << formatStats(stats);
        for (const SideStats& s : stats.side) {
            EXPECT_EQ(s.classMembers, s.positions); // each legal position in exactly one class
            EXPECT_EQ(s.wins + s.losses + s.draws, s.classes);
        }
        // Colour-symmetric material: both sides to move count alike.
        const TableSpec& spec = table->spec();
        if (spec.key == spec.flippedKey) {
            EXPECT_EQ(stats.side[White].wins, stats.side[Black].wins);
            EXPECT_EQ(stats.side[White].draws, stats.side[Black].draws);
            EXPECT_EQ(stats.side[White].longestWin, stats.side[Black].longestWin);
        }
    }
}

// Definitions as in SideStats; lengths in plies. K+B+N vs K: mate in 33 moves = 65 plies with the
// winner to move; the lone king to move: (3612*62*61 + 2*42*6*5)/8 = 1707888 classes, as every
// placement is legal then. K+Q vs K+R: longest mate 35 moves (69 plies).
TEST_F(AllTables, KnownNumbers) {
    const TableStats kbnk = computeStats(*tables_->require("KBNK"));
    EXPECT_EQ(kbnk.side[White].longestWin, 65);
    EXPECT_EQ(kbnk.side[Black].classes, 1707888u);
    EXPECT_EQ(kbnk.side[Black].positions, 3612u * 62 * 61);
    EXPECT_EQ(kbnk.side[Black].checkmates, 58u);
    const TableStats knnk = computeStats(*tables_->require("KNNK"));
    EXPECT_EQ(knnk.side[Black].classes, 854238u);
    const TableStats kqkr = computeStats(*tables_->require("KQKR"));
    EXPECT_EQ(kqkr.side[White].longestWin, 69);
    // K+B+B vs K: always a win for the bishops' side to move unless both bishops share a colour
    // or a piece hangs; K+N+N vs K: no forced mate from White's move.
    const TableStats kbbk = computeStats(*tables_->require("KBBK"));
    EXPECT_GT(kbbk.side[White].wins, 0u);
    EXPECT_EQ(knnk.side[White].longestWin, 1); // only "help-mates" that the defender walked into
}

TEST_F(AllTables, SampledClassesAgreeWithTheEnginesMoves) {
    Random rng(0x7B5EED);
    for (const std::string& name : standardTables()) {
        const Table& table = *tables_->require(name);
        for (Color c : {White, Black}) {
            int checked = 0, tries = 0;
            while (checked < 20000 && ++tries < 1000000) {
                const std::uint64_t i = rng.below(table.index.size());
                const Value v = table.values[c][i];
                if (v == value::Invalid) continue;
                Placement p;
                ASSERT_TRUE(table.index.placement(i, p));
                const Position pos = test::positionOf(TbBoard::fromPlacement(table.spec(), p, c));
                ASSERT_EQ(int(v), int(bestOverEngineMoves(*tables_, pos))) << name << " " << pos.fen();
                ++checked;
            }
            EXPECT_EQ(checked, 20000) << name;
        }
    }
}

// Every stored class of every table (about 38 million per side to move), with the tables' own
// bitboard move generator: the value is the best over the values of the moves (en passant
// captures included after a two-square push), mate and stalemate where there is no move.
TEST_F(AllTables, EveryValueIsTheBestOverItsMoves) {
    for (const std::string& name : standardTables()) {
        const Table& table = *tables_->require(name);
        std::uint64_t wrong = 0;
        for (Color c : {White, Black})
            for (std::uint64_t i = 0; i < table.index.size(); ++i) {
                const Value v = table.values[c][i];
                if (v == value::Invalid) continue;
                Placement p;
                table.index.placement(i, p);
                const TbBoard b = TbBoard::fromPlacement(table.spec(), p, c);
                Value best = value::Unknown;
                auto consider = [&](Value child) {
                    const Value through = value::throughMove(child);
                    if (best == value::Unknown || value::better(through, best)) best = through;
                };
                forEachMove(b, [&](const TbBoard& next, MoveKindInfo info) {
                    Value child = tables_->lookup(next);
                    if (info.doublePush != NoSquare) {
                        Value epBest = value::Unknown;
                        forEachEnPassant(next, info.doublePush, [&](const TbBoard& after) {
                            const Value viaCapture = value::throughMove(tables_->lookup(after));
                            if (epBest == value::Unknown || value::better(viaCapture, epBest)) epBest = viaCapture;
                        });
                        if (epBest != value::Unknown) {
                            bool hasOther = false;
                            forEachMove(next, [&](const TbBoard&, MoveKindInfo) { return !(hasOther = true); });
                            if (!hasOther || value::better(epBest, child)) child = epBest;
                        }
                    }
                    consider(child);
                    return true;
                });
                if (best == value::Unknown) best = b.inCheck() ? value::fromDtm(0) : value::Draw;
                if (v != best && ++wrong <= 5)
                    ADD_FAILURE() << name << " " << test::fenOf(b) << ": stored " << int(v) << ", moves give " << int(best);
            }
        EXPECT_EQ(wrong, 0u) << name;
    }
}

// Positions right after a double pawn push with an en passant capture available, and positions
// whose every move leaves the table (black's only moves are promotions: lost, not drawn).
TEST_F(AllTables, EnPassantAndAllMovesLeavingTheTable) {
    for (const char* fen : {"2K5/8/8/8/8/8/2Qp4/k7 b - - 0 1", "2K5/8/8/8/8/8/2Rp4/k7 b - - 0 1","8/8/8/8/4Pp2/8/8/K6k b - e3 0 1", "7k/8/8/3pP3/8/8/8/K7 w - d6 0 1",
                            "8/8/8/8/1Pp5/k7/8/K7 b - b3 0 1"}) {
        auto pos = Position::fromFen(fen);
        ASSERT_TRUE(pos.ok()) << fen;
        const auto r = probe(*tables_, *pos);
        ASSERT_TRUE(r) << fen;
        const Value v = r->wdl == Wdl::Draw ? value::Draw : value::fromDtm(r->dtm);
        EXPECT_EQ(int(v), int(bestOverEngineMoves(*tables_, *pos))) << fen;
    }
}
