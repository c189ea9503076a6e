// The classes of two-king placements, the first level of every table index.
//
// Without pawns: the white king is brought into the triangle a1-d1-d4 (10 squares) by one of the
// eight symmetries; when it stands on the diagonal a1-d4 the black king is brought on or below the
// a1-h8 diagonal. That leaves 462 placements, one per class of the 3612 legal ones (kings on
// different, non-adjacent squares). A pair with both kings on the diagonal is still fixed by the
// diagonal mirror; the table index settles those with the other pieces (see table_index.h).
//
// With pawns only the left-right mirror is allowed: the white king goes to files a-d, leaving 1806
// placements, and no placement is fixed by the mirror (a king is never on the axis).
#pragma once

#include "engine/tb/symmetry.h"

#include <array>
#include <cstdint>

namespace mf::tb {

constexpr int LegalKingPlacements = 3612;
constexpr int PawnlessKingPairs = 462;
constexpr int PawnKingPairs = 1806;

struct KingPair {
    Square white = NoSquare;
    Square black = NoSquare;
};

// How to bring a king placement to its canonical pair.
struct KingPairMapping {
    std::int16_t index = -1;            // index of the canonical pair; -1: not a legal placement
    Symmetry symmetry = Symmetry::Identity;
    bool onDiagonal = false;            // after the symmetry both kings are on a1-h8
};

class KingPairs {
public:
    // pawns == false: 462 classes under all 8 symmetries; true: 1806 under the left-right mirror.
    static const KingPairs& get(bool pawns);

    int count() const { return count_; }
    KingPair pair(int index) const { return pairs_[index]; }
    const KingPairMapping& mapping(Square white, Square black) const { return mapping_[white][black]; }

private:
    explicit KingPairs(bool pawns);
    int count_ = 0;
    std::array<KingPair, PawnKingPairs> pairs_{};
    std::array<std::array<KingPairMapping, 64>, 64> mapping_{};
};

// Two kings on different, non-adjacent squares.
bool kingsLegal(Square white, Square black);

} // namespace mf::tb
