// The pawn-structure cache (engine/pawn_cache.h) changes speed, never values: evaluating through a
// cache shared by many positions and weight sets gives exactly the uncached evaluation.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "engine/bench.h"
#include "engine/eval.h"
#include "engine/movegen.h"

namespace mf {
namespace {

// Positions along seeded random games from the bench positions: many pawn structures, repeated ones
// (hits) and slots reused by other structures (misses that overwrite).
std::vector<Position> samplePositions() {
    std::vector<Position> out;
    std::mt19937 rng(20240611);
    for (std::string_view fen : benchPositions()) {
        auto start = Position::fromFen(fen);
        if (!start) continue;
        for (int game = 0; game < 4; ++game) {
            Position pos = *start;
            for (int ply = 0; ply < 40; ++ply) {
                MoveList moves(pos);
                std::vector<Move> legal(moves.begin(), moves.end());
                if (legal.empty()) break;
                out.push_back(pos);
                pos.doMove(legal[rng() % legal.size()]);
            }
        }
    }
    return out;
}

TEST(PawnCache, CachedEvaluationEqualsTheUncachedOneForEveryWeightSet) {
    const std::vector<Position> positions = samplePositions();
    ASSERT_GT(positions.size(), 500u);
    EvalParams pawnHeavy;
    pawnHeavy.doubledPawns = 300;
    pawnHeavy.isolatedPawn = 200;
    pawnHeavy.passedPawn = 400;
    pawnHeavy.stoppedPawns = 250;
    pawnHeavy.piecePlacement = 97;
    EvalParams noPawnTerms;
    noPawnTerms.doubledPawns = noPawnTerms.isolatedPawn = noPawnTerms.passedPawn = noPawnTerms.stoppedPawns = 0;
    PawnCache cache;  // one cache across every weight set: entries hold no weights
    int checked = 0;
    for (int pass = 0; pass < 2; ++pass)  // the second pass hits what the first stored
        for (const EvalParams& params : {EvalParams{}, pawnHeavy, noPawnTerms})
            for (const Position& pos : positions) {
                ASSERT_EQ(evaluate(pos, params, &cache), evaluate(pos, params)) << pos.fen();
                ++checked;
            }
    EXPECT_EQ(checked, 6 * static_cast<int>(positions.size()));
}

TEST(PawnCache, AnEntryDescribesExactlyThePawnsOfThePositionProbed) {
    PawnCache cache;
    auto a = Position::fromFen("4k3/p4p2/8/2P5/8/8/P4PP1/4K3 w - - 0 1");
    auto b = Position::fromFen("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
    ASSERT_TRUE(a && b);
    const PawnEntry& ea = cache.probe(*a);
    EXPECT_EQ(ea.pawns[White], a->pieces(White, Pawn));
    EXPECT_EQ(ea.doubled[White], 0);
    EXPECT_EQ(ea.isolated[White], 2);  // a2 and c5
    EXPECT_EQ(ea.passed[White], Bitboard{1} << 34);  // c5 only
    EXPECT_EQ(ea.isolated[Black], 2);  // a7 and f7
    const PawnEntry& eb = cache.probe(*b);
    EXPECT_EQ(eb.pawns[White] | eb.pawns[Black] | eb.passed[White] | eb.passed[Black], 0u);
}

}  // namespace
}  // namespace mf
