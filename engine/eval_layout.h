#pragma once
// Where each evaluation term lives among the evaluation's weights. Every term is a pair: its
// middlegame weight at slot 2 x pair, its endgame weight at 2 x pair + 1, tapered by the game
// phase. The pairs come in groups (the text before the first dot of an option name, see
// eval_params.cpp for the names and units and docs/engine.md, "Evaluation terms"):
//
//   Material    one pair per piece type, pawn to queen                               centipawns
//   Psqt        piece-square tables, mirrored left-right: a square of the a-d files  1/30 cp
//               stands for itself and its mirror (d4 for d4 and e4), White's view,
//               Black's mirrored vertically; pawns ranks 2-7 (24 squares), pieces 32
//   Mobility    a value per number of safe squares a piece attacks                  centipawns
//   Passed      per passed pawn by relative rank: the base, a free stop square,     cp; kings 1/96 cp
//               and per square of king distance to the stop square (theirs, ours)
//   Pawns       doubled (half cp), isolated (cp), stopped (half cp)
//   Pieces      bishop pair, rook on an open or a half-open file                    centipawns
//   King        castled, rook shut in by the king (cp), pawn shield one and two ranks
//               ahead (half cp), distance from the centre by ring 0..3 (cp)
//   KingAttack  per attack of a piece type on the enemy king's shield zone          1/4 cp
//   KingSafety  the king-danger formula units^2 x weight / 64                       centipawns
//   Threat      per enemy piece attacked, by attacker and victim type               centipawns
//   Space       per square the side attacks                                         1/8 cp
//   Tempo       for the side to move                                                centipawns
//
// A unit finer than the centipawn (Psqt, Passed king distances, ...) is one where the evaluation
// divides a sum once, as the formulas before these terms did; that keeps the old weights, written
// in these terms, exact to the bit (eval_legacy.cpp).
#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/types.h"

namespace mf::layout {

enum Phase { Mg = 0, Eg = 1 };

inline constexpr int PawnSquares = 24;   // ranks 2..7, files a..d
inline constexpr int PieceSquares = 32;  // ranks 1..8, files a..d
// Highest number of safe squares a piece can attack, Knight..Queen.
inline constexpr int MobilityMax[7] = {0, 0, 8, 13, 14, 27, 0};
inline constexpr int PassedRanks = 6;    // relative ranks 2..7
inline constexpr int Rings = 4;          // king ring 0 (centre) .. 3 (edge)
// Victims by attacker, in the order of the Threat pairs.
inline constexpr int ThreatCount = 11;

inline constexpr int MaterialPair = 0;                                   // + piece type - Pawn
inline constexpr int PsqtPawnPair = MaterialPair + 5;                    // + (rank-1) x 4 + file
inline constexpr int PsqtPiecePair = PsqtPawnPair + PawnSquares;         // + (type-Knight) x 32 + rank x 4 + file
inline constexpr int MobilityPair = PsqtPiecePair + 5 * PieceSquares;    // + MobilityOffset[type] + count
inline constexpr int MobilityOffset[7] = {0, 0, 0, 9, 9 + 14, 9 + 14 + 15, 0};
inline constexpr int PassedPair = MobilityPair + 9 + 14 + 15 + 28;       // + rank - 1 (rank 1..6 = ranks 2..7)
inline constexpr int PassedFreePair = PassedPair + PassedRanks;
inline constexpr int PassedTheirKingPair = PassedFreePair + PassedRanks;
inline constexpr int PassedOwnKingPair = PassedTheirKingPair + PassedRanks;
inline constexpr int DoubledPair = PassedOwnKingPair + PassedRanks;
inline constexpr int IsolatedPair = DoubledPair + 1;
inline constexpr int StoppedPair = IsolatedPair + 1;
inline constexpr int BishopPairPair = StoppedPair + 1;
inline constexpr int RookOpenPair = BishopPairPair + 1;
inline constexpr int RookSemiOpenPair = RookOpenPair + 1;
inline constexpr int CastledPair = RookSemiOpenPair + 1;
inline constexpr int TrappedRookPair = CastledPair + 1;
inline constexpr int ShieldNearPair = TrappedRookPair + 1;
inline constexpr int ShieldFarPair = ShieldNearPair + 1;
inline constexpr int KingEdgePair = ShieldFarPair + 1;                    // + ring
inline constexpr int KingAttackPair = KingEdgePair + Rings;              // + attacker type - Pawn
inline constexpr int DangerPair = KingAttackPair + 5;
inline constexpr int ThreatPair = DangerPair + 1;                        // + threat index
inline constexpr int SpacePair = ThreatPair + ThreatCount;
inline constexpr int TempoPair = SpacePair + 1;
inline constexpr int PairCount = TempoPair + 1;
inline constexpr int SlotCount = 2 * PairCount;

struct Threat {
    PieceType attacker;
    PieceType victim;
    const char* name;
};
inline constexpr Threat Threats[ThreatCount] = {
    {Pawn, Knight, "PawnOnKnight"},     {Pawn, Bishop, "PawnOnBishop"},     {Pawn, Rook, "PawnOnRook"},
    {Pawn, Queen, "PawnOnQueen"},       {Knight, Bishop, "KnightOnBishop"}, {Knight, Rook, "KnightOnRook"},
    {Knight, Queen, "KnightOnQueen"},   {Bishop, Knight, "BishopOnKnight"}, {Bishop, Rook, "BishopOnRook"},
    {Bishop, Queen, "BishopOnQueen"},   {Rook, Queen, "RookOnQueen"}};

constexpr int slot(int pair, Phase phase) { return 2 * pair + phase; }

// The Psqt pair of a piece on `sq`, White's view (a1 = 0): files e-h fold onto d-a.
constexpr int psqtPair(PieceType pt, int sq) {
    const int file = sq % 8 < 4 ? sq % 8 : 7 - sq % 8;
    const int rank = sq / 8;
    if (pt == Pawn) return PsqtPawnPair + (rank - 1) * 4 + file;
    return PsqtPiecePair + (pt - Knight) * PieceSquares + rank * 4 + file;
}
// psqtPair for every piece type and square, so the engine's inner loop reads one table.
inline constexpr auto PsqtPairTable = [] {
    std::array<std::array<std::int16_t, 64>, 7> t{};
    for (int pt = Pawn; pt <= King; ++pt)
        for (int sq = 0; sq < 64; ++sq)
            t[pt][sq] = pt == Pawn && (sq < 8 || sq >= 56) ? 0 : static_cast<std::int16_t>(psqtPair(PieceType(pt), sq));
    return t;
}();

}  // namespace mf::layout
