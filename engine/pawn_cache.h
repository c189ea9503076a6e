#pragma once
// Pawn-structure cache: the parts of the evaluation that depend on nothing but where the pawns
// stand, found again by the pawn key instead of recomputed at every node (pawn moves are rare in a
// search tree, so most evaluations hit).
//
// Entries hold raw counts and sums, never weighted scores: the weights are UCI options a tuner
// changes between searches, and weighting at probe time means no entry ever goes stale — no
// clearing on `setoption` or `ucinewgame` is needed, and a hit returns exactly what recomputing
// would. Each entry keeps the full pawn placement and a probe compares it, so a key collision
// is a miss, never a wrong answer: results cannot depend on what the cache saw before.
#include <cstdint>
#include <memory>

#include "engine/position.h"

namespace mf {

struct PawnEntry {
    Bitboard pawns[2] = {};        // the placement this entry describes (White, Black)
    Bitboard passed[2] = {};       // passed pawns
    std::uint8_t doubled[2] = {};  // pawns beyond the first on their file
    std::uint8_t isolated[2] = {}; // pawns without own pawns on the neighbouring files
};

// Fills `e` for the pawns of `pos` (defined in eval.cpp).
void computePawnEntry(const Position& pos, PawnEntry& e);

class PawnCache {
public:
    static constexpr std::size_t Entries = 1 << 14;  // 768 KiB: fits the L2 cache of most CPUs

    PawnCache() : entries_(std::make_unique<PawnEntry[]>(Entries)) {}

    // The entry for the pawns of `pos`, computed on a miss. Valid until the next probe.
    const PawnEntry& probe(const Position& pos) {
        PawnEntry& e = entries_[pos.pawnKey() & (Entries - 1)];
        const Bitboard white = pos.pieces(White, Pawn), black = pos.pieces(Black, Pawn);
        // A zeroed slot is also the right entry for a position without pawns.
        if (e.pawns[White] != white || e.pawns[Black] != black) computePawnEntry(pos, e);
        return e;
    }

private:
    std::unique_ptr<PawnEntry[]> entries_;
};

}  // namespace mf
