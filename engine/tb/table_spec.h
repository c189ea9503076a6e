// What a table holds: its material, the order of its pieces in the index, and the index radices.
//
// A table is named like "KQKR": the first side (always called white inside the table) is the
// stronger or equal one; a position with the colours the other way round is looked up with the
// colours swapped (and, with pawns, the board turned upside down).
//
// Index layout, per side to move: kingPair * pieceRadix + pieceIndex, where pieceIndex numbers the
// non-king pieces ("slots"): pawns first (white then black), then the other pieces. A pawn is
// numbered among the 48 squares of ranks 2-7 not taken by an earlier pawn; any other piece among
// the 64 squares not taken by the kings or an earlier piece. Two identical pieces (KBBK, KNNK)
// share one combined number among the C(62,2) = 1891 unordered pairs of free squares.
#pragma once

#include "engine/types.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::tb {

constexpr int MaxTablePieces = 4;
constexpr int MaxSlots = MaxTablePieces - 2;

// Counts of non-king pieces per colour and type, 3 bits each: equal keys, equal material.
using MaterialKey = std::uint32_t;
constexpr MaterialKey materialBit(Piece p) { return MaterialKey(1) << (3 * (colorOf(p) * 5 + typeOf(p) - 1)); }

struct TableSpec {
    std::string name;                 // canonical name, e.g. "KQKR"
    std::vector<Piece> slots;         // non-king pieces in index order
    bool hasPawns = false;
    bool identicalPair = false;       // the two slots hold the same piece (one combined number)
    int kingPairs = 0;                // 462 or 1806
    std::uint64_t pieceRadix = 1;     // numbers per king pair
    std::uint64_t size = 0;           // entries per side to move
    MaterialKey key = 0;              // material with the table's own colours
    MaterialKey flippedKey = 0;       // the same material with colours swapped

    int slotRadix(int slot) const;    // radix of one slot (identical pair: use pieceRadix)
};

// Parses "KQKR" (case-insensitive, also "KQvKR"); the weaker-side-first spelling "KRKQ" is accepted
// and returns the canonical table "KQKR". Returns nullopt with a reason in *error for anything
// else (unknown letters, more than 4 pieces, two pawns of one colour, no king).
std::optional<TableSpec> makeTableSpec(std::string_view name, std::string* error = nullptr);

// Table name for a material key (white's pieces first), e.g. "KRKQ"; not necessarily canonical.
std::string materialName(MaterialKey key);

// Canonical name of the table holding this material, and whether colours must be swapped.
struct TableRef {
    std::string name;
    bool swapColors = false;
};
TableRef tableFor(MaterialKey key);

// Pieces of one material key in slot order of a canonical table (white's, then black's).
std::vector<Piece> piecesOf(MaterialKey key);

// The tables the issue asks for, in an order where every table comes after those it leads into.
const std::vector<std::string>& standardTables();

} // namespace mf::tb
