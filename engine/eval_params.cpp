#include "engine/eval_params.h"

namespace mf {

namespace {

constexpr EvalParams Defaults{};

// Ranges are wide enough for any genetic-algorithm window: 0..2047 covers 11 Gray-coded bits for the
// piece values (the original used 9), 0..1023 the other terms.
constexpr EvalTerm Terms[] = {
    {"KnightValue", &EvalParams::knightValue, Defaults.knightValue, 0, 2047, "centipawns per knight"},
    {"BishopValue", &EvalParams::bishopValue, Defaults.bishopValue, 0, 2047, "centipawns per bishop"},
    {"RookValue", &EvalParams::rookValue, Defaults.rookValue, 0, 2047, "centipawns per rook"},
    {"QueenValue", &EvalParams::queenValue, Defaults.queenValue, 0, 2047, "centipawns per queen"},
    {"AttackedSquares", &EvalParams::attackedSquares, Defaults.attackedSquares, 0, 1023,
     "eighths of a centipawn per square attacked by the side (union of all its attacks)"},
    {"PiecePlacement", &EvalParams::piecePlacement, Defaults.piecePlacement, 0, 1023,
     "scale of the piece-square tables: table value x weight / 30, tapered by phase"},
    {"DoubledPawns", &EvalParams::doubledPawns, Defaults.doubledPawns, 0, 1023,
     "centipawns per pawn standing behind another of its colour on its file (half in the middlegame)"},
    {"StoppedPawns", &EvalParams::stoppedPawns, Defaults.stoppedPawns, 0, 1023,
     "penalty per pawn whose square ahead is occupied: weight / 2 centipawns"},
    {"KingRookPlacement", &EvalParams::kingRookPlacement, Defaults.kingRookPlacement, 0, 1023,
     "middlegame centipawns per rook shut in a back-rank corner by its own uncastled-looking king"},
    {"KingEdgePlacement", &EvalParams::kingEdgePlacement, Defaults.kingEdgePlacement, 0, 1023,
     "endgame penalty for a king away from the centre: weight x ring (0 centre..3 edge) / 3"},
    {"KingShieldAttacks", &EvalParams::kingShieldAttacks, Defaults.kingShieldAttacks, 0, 1023,
     "middlegame quarter-centipawns per enemy attack on the king's shield zone"},
    {"CastledBonus", &EvalParams::castledBonus, Defaults.castledBonus, 0, 1023,
     "middlegame centipawns for a king on a castled square (g/h or a/b/c file of its back rank)"},
    {"KnightMobility", &EvalParams::knightMobility, Defaults.knightMobility, 0, 1023,
     "tenths of a centipawn per safe knight move beyond 4"},
    {"BishopMobility", &EvalParams::bishopMobility, Defaults.bishopMobility, 0, 1023,
     "tenths of a centipawn per safe bishop move beyond 6"},
    {"RookMobility", &EvalParams::rookMobility, Defaults.rookMobility, 0, 1023,
     "tenths of a centipawn per safe rook move beyond 7 (double in the endgame)"},
    {"QueenMobility", &EvalParams::queenMobility, Defaults.queenMobility, 0, 1023,
     "tenths of a centipawn per safe queen move beyond 13"},
    {"PassedPawn", &EvalParams::passedPawn, Defaults.passedPawn, 0, 1023,
     "passed pawn bonus: weight x rank factor (1,2,4,8,14,22 for ranks 2..7) / 8 in the endgame, half in the middlegame"},
    {"IsolatedPawn", &EvalParams::isolatedPawn, Defaults.isolatedPawn, 0, 1023,
     "centipawns per pawn with no pawn of its colour on the neighbouring files"},
    {"BishopPair", &EvalParams::bishopPair, Defaults.bishopPair, 0, 1023, "centipawns for two or more bishops"},
    {"RookOpenFile", &EvalParams::rookOpenFile, Defaults.rookOpenFile, 0, 1023,
     "centipawns per rook on a file without pawns"},
    {"RookSemiOpenFile", &EvalParams::rookSemiOpenFile, Defaults.rookSemiOpenFile, 0, 1023,
     "centipawns per rook on a file with enemy pawns only"},
    {"KingSafety", &EvalParams::kingSafety, Defaults.kingSafety, 0, 1023,
     "middlegame penalty weight x units^2 / 64, units from enemy pieces attacking the king ring (two attackers at least)"},
    {"PawnShield", &EvalParams::pawnShield, Defaults.pawnShield, 0, 1023,
     "middlegame centipawns per own pawn one rank ahead of the king on its or a neighbouring file, half two ranks ahead"},
    {"ThreatByPawn", &EvalParams::threatByPawn, Defaults.threatByPawn, 0, 1023,
     "centipawns per enemy piece (not pawn) attacked by a pawn"},
    {"Tempo", &EvalParams::tempo, Defaults.tempo, 0, 1023, "centipawns for the side to move"},
    // Endgame material (signed: a piece may be worth less in the endgame than in the middlegame).
    {"PawnEndgame", &EvalParams::pawnEndgame, Defaults.pawnEndgame, -100, 1023,
     "centipawns added to a pawn's 100 in the endgame (tapered by phase; 0: material untapered)"},
    {"KnightEndgame", &EvalParams::knightEndgame, Defaults.knightEndgame, -1023, 1023,
     "centipawns added to KnightValue in the endgame (tapered by phase; negative: worth less)"},
    {"BishopEndgame", &EvalParams::bishopEndgame, Defaults.bishopEndgame, -1023, 1023,
     "centipawns added to BishopValue in the endgame (tapered by phase; negative: worth less)"},
    {"RookEndgame", &EvalParams::rookEndgame, Defaults.rookEndgame, -1023, 1023,
     "centipawns added to RookValue in the endgame (tapered by phase; negative: worth less)"},
    {"QueenEndgame", &EvalParams::queenEndgame, Defaults.queenEndgame, -1023, 1023,
     "centipawns added to QueenValue in the endgame (tapered by phase; negative: worth less)"},
};

}  // namespace

std::span<const EvalTerm> evalTerms() { return Terms; }

std::uint64_t evalWeightsKey(const EvalParams& params) {
    // Each weight that differs from its default contributes a mixed (term, value) word; XOR makes
    // the key independent of order and 0 when every weight is at its default.
    std::uint64_t key = 0;
    std::uint64_t term = 0;
    for (const EvalTerm& t : Terms) {
        ++term;
        const int value = params.*t.field;
        if (value == t.defaultValue) continue;
        std::uint64_t x = (term << 32) ^ static_cast<std::uint32_t>(value);
        // splitmix64's finaliser: every input bit affects every output bit.
        x += 0x9E3779B97F4A7C15ULL;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
        key ^= x ^ (x >> 31);
    }
    return key;
}

}  // namespace mf
