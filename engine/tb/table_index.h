// Position <-> index for one table, with each class of symmetric positions stored once.
//
// index(p) brings p to its class representative: the king pair decides the symmetry (see
// king_pairs.h); when both kings end up on the a1-h8 diagonal the placement and its diagonal
// mirror share the king pair, and the smaller of their two indices is the representative. So
// every class has exactly one index, and placement(index(p)) is a member of p's class.
//
// An index is "valid" when it decodes to a placement (no pawn on a king's square) whose own index
// is itself; the others are holes of the layout (the mirror twin of a diagonal class, overlaps).
#pragma once

#include "engine/tb/king_pairs.h"
#include "engine/tb/table_spec.h"

#include <array>
#include <cstdint>

namespace mf::tb {

// Squares of a table's pieces: the kings, then the slots in the spec's order.
struct Placement {
    Square whiteKing = NoSquare;
    Square blackKing = NoSquare;
    std::array<Square, MaxSlots> slot{NoSquare, NoSquare};

    bool operator==(const Placement&) const = default;
};

Placement transform(Symmetry g, const Placement& p, int slots);

class TableIndex {
public:
    explicit TableIndex(const TableSpec& spec);

    const TableSpec& spec() const { return spec_; }
    std::uint64_t size() const { return spec_.size; }
    int slotCount() const { return slots_; }

    // Canonical index. Precondition: legal kings, distinct squares, pawns on ranks 2-7.
    std::uint64_t index(const Placement& p) const;
    // The placement stored at an index; false for an overlap (a pawn on a king's square).
    bool placement(std::uint64_t index, Placement& out) const;
    // placement(i) succeeds and maps back to i.
    bool isValid(std::uint64_t index) const;

    // The symmetries that keep the rules for this table: 8 without pawns, 2 with.
    int symmetryCount() const { return spec_.hasPawns ? 2 : SymmetryCount; }

private:
    // Index of a placement whose kings already form a canonical pair.
    std::uint64_t rawIndex(const Placement& p) const;

    TableSpec spec_;
    const KingPairs& kings_;
    int slots_ = 0;
    std::array<bool, MaxSlots> pawnSlot_{};
    std::uint64_t radix1_ = 1; // radix of the second slot when the slots are numbered separately
};

// The n-th (from 0) set bit of b; b must have more than n bits.
Square nthSetBit(Bitboard b, int n);

} // namespace mf::tb
