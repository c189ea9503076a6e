// 64-bit sets of squares (bit i = square i, A1 = bit 0) and the geometry tables that do not depend
// on occupancy. Everything here is constexpr: the tables exist before main() and need no init.
#pragma once

#include "engine/types.h"

#include <array>
#include <bit>
#include <cstdlib>

namespace mf {

constexpr Bitboard FileABb = 0x0101010101010101ULL;
constexpr Bitboard FileHBb = FileABb << 7;
constexpr Bitboard Rank1Bb = 0xFFULL;
constexpr Bitboard Rank2Bb = Rank1Bb << 8;
constexpr Bitboard Rank3Bb = Rank1Bb << 16;
constexpr Bitboard Rank4Bb = Rank1Bb << 24;
constexpr Bitboard Rank5Bb = Rank1Bb << 32;
constexpr Bitboard Rank6Bb = Rank1Bb << 40;
constexpr Bitboard Rank7Bb = Rank1Bb << 48;
constexpr Bitboard Rank8Bb = Rank1Bb << 56;
constexpr Bitboard DarkSquaresBb = 0xAA55AA55AA55AA55ULL;

constexpr Bitboard fileBb(int file) { return FileABb << file; }
constexpr Bitboard rankBb(int rank) { return Rank1Bb << (8 * rank); }
constexpr Bitboard fileBb(Square s) { return fileBb(fileOf(s)); }
constexpr Bitboard rankBb(Square s) { return rankBb(rankOf(s)); }
constexpr Bitboard squareBb(Square s) { return Bitboard(1) << s; }

// Set operations between a bitboard and a single square, so `b & sq` means "is sq in b".
constexpr Bitboard operator&(Bitboard b, Square s) { return b & squareBb(s); }
constexpr Bitboard operator|(Bitboard b, Square s) { return b | squareBb(s); }
constexpr Bitboard operator^(Bitboard b, Square s) { return b ^ squareBb(s); }
constexpr Bitboard operator&(Square s, Bitboard b) { return b & squareBb(s); }
constexpr Bitboard& operator|=(Bitboard& b, Square s) { return b |= squareBb(s); }
constexpr Bitboard& operator^=(Bitboard& b, Square s) { return b ^= squareBb(s); }

inline int popcount(Bitboard b) { return std::popcount(b); }
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square popLsb(Bitboard& b) {
    const Square s = lsb(b);
    b &= b - 1;
    return s;
}
constexpr bool moreThanOne(Bitboard b) { return (b & (b - 1)) != 0; }

// Moves every square one step in direction D, dropping squares that would wrap around a side.
template<Direction D>
constexpr Bitboard shift(Bitboard b) {
    if constexpr (D == North) return b << 8;
    else if constexpr (D == South) return b >> 8;
    else if constexpr (D == East) return (b & ~FileHBb) << 1;
    else if constexpr (D == West) return (b & ~FileABb) >> 1;
    else if constexpr (D == NorthEast) return (b & ~FileHBb) << 9;
    else if constexpr (D == NorthWest) return (b & ~FileABb) << 7;
    else if constexpr (D == SouthEast) return (b & ~FileHBb) >> 7;
    else return (b & ~FileABb) >> 9;
}

namespace detail {

constexpr int distance(Square a, Square b) {
    const int df = fileOf(a) > fileOf(b) ? fileOf(a) - fileOf(b) : fileOf(b) - fileOf(a);
    const int dr = rankOf(a) > rankOf(b) ? rankOf(a) - rankOf(b) : rankOf(b) - rankOf(a);
    return df > dr ? df : dr;
}

// Squares reached from s by the given (file, rank) steps, each taken once.
constexpr Bitboard leaperAttacks(Square s, const int (*steps)[2], int count) {
    Bitboard b = 0;
    for (int i = 0; i < count; ++i) {
        const int f = fileOf(s) + steps[i][0];
        const int r = rankOf(s) + steps[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= squareBb(makeSquare(f, r));
    }
    return b;
}

struct LineTables {
    std::array<std::array<Bitboard, 64>, 64> between{};
    std::array<std::array<Bitboard, 64>, 64> line{};
};

constexpr LineTables makeLineTables() {
    LineTables t{};
    constexpr int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    for (int a = 0; a < 64; ++a) {
        for (const auto& d : dirs) {
            // Walk the ray from a; every square met is aligned with a along this direction.
            Bitboard passed = 0;
            int f = fileOf(Square(a)) + d[0], r = rankOf(Square(a)) + d[1];
            for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += d[0], r += d[1]) {
                const Square b = makeSquare(f, r);
                t.between[a][b] = passed;
                passed |= squareBb(b);
            }
        }
    }
    for (int a = 0; a < 64; ++a) {
        for (int b = 0; b < 64; ++b) {
            if (a == b) continue;
            const int df = fileOf(Square(b)) - fileOf(Square(a));
            const int dr = rankOf(Square(b)) - rankOf(Square(a));
            if (!(df == 0 || dr == 0 || df == dr || df == -dr)) continue;
            const int sf = (df > 0) - (df < 0), sr = (dr > 0) - (dr < 0);
            // Extend from a in both directions to the board edge.
            Bitboard full = squareBb(Square(a));
            for (int sign = -1; sign <= 1; sign += 2) {
                int f = fileOf(Square(a)) + sign * sf, r = rankOf(Square(a)) + sign * sr;
                for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += sign * sf, r += sign * sr)
                    full |= squareBb(makeSquare(f, r));
            }
            t.line[a][b] = full;
        }
    }
    return t;
}

inline constexpr LineTables lineTables = makeLineTables();

} // namespace detail

// Squares strictly between a and b when they share a rank, file or diagonal; 0 otherwise.
constexpr Bitboard between(Square a, Square b) { return detail::lineTables.between[a][b]; }
// The whole line (edge to edge) through a and b when aligned; 0 otherwise (and for a == b).
constexpr Bitboard line(Square a, Square b) { return detail::lineTables.line[a][b]; }
constexpr bool aligned(Square a, Square b, Square c) { return (line(a, b) & squareBb(c)) != 0; }
constexpr int distance(Square a, Square b) { return detail::distance(a, b); }

} // namespace mf
