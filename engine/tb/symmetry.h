// The eight symmetries of the chess board (the dihedral group of the square) as square maps.
//
// A symmetry is coded in three bits applied in this order: transpose (swap file and rank, the
// mirror in the a1-h8 diagonal), then flip the file (a<->h), then flip the rank (1<->8). The eight
// codes are exactly the eight elements of the group, so composing and inverting stay inside it.
// Without pawns all eight keep the rules of chess (no castling in the tables); with pawns only the
// identity and the left-right mirror do.
#pragma once

#include "engine/types.h"

#include <array>
#include <cstdint>
#include <string_view>

namespace mf::tb {

enum class Symmetry : std::uint8_t {
    Identity = 0,
    MirrorFile = 1,       // a-file <-> h-file (the vertical axis)
    MirrorRank = 2,       // rank 1 <-> rank 8 (the horizontal axis)
    Rotate180 = 3,
    MirrorDiagonal = 4,   // a1-h8 diagonal
    Rotate270 = 5,        // clockwise by 270 degrees: a1 -> h1
    Rotate90 = 6,         // clockwise by 90 degrees: a1 -> a8
    MirrorAntiDiagonal = 7 // a8-h1 diagonal
};
constexpr int SymmetryCount = 8;

namespace detail {
constexpr Square applyBits(int code, Square s) {
    int file = fileOf(s), rank = rankOf(s);
    if (code & 4) {
        const int t = file;
        file = rank;
        rank = t;
    }
    if (code & 1) file = 7 - file;
    if (code & 2) rank = 7 - rank;
    return makeSquare(file, rank);
}
constexpr std::array<std::array<Square, 64>, SymmetryCount> makeSquareMaps() {
    std::array<std::array<Square, 64>, SymmetryCount> maps{};
    for (int code = 0; code < SymmetryCount; ++code)
        for (int s = 0; s < 64; ++s) maps[code][s] = applyBits(code, Square(s));
    return maps;
}
inline constexpr auto squareMaps = makeSquareMaps();
} // namespace detail

constexpr Square transform(Symmetry g, Square s) { return detail::squareMaps[int(g)][s]; }

// Bitboard image of b under g.
Bitboard transform(Symmetry g, Bitboard b);

// h such that transform(h, transform(g, s)) == s for every square.
Symmetry inverse(Symmetry g);
// The symmetry "first apply first, then second".
Symmetry compose(Symmetry first, Symmetry second);

std::string_view name(Symmetry g);

} // namespace mf::tb
