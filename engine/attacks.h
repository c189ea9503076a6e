// Attack sets of every piece. Leapers (pawn, knight, king) come from constexpr tables; sliders from
// tables indexed by the occupancy of their relevant squares, built once by attacks::init().
//
// The relevant mask of a slider on a square is its rays without the last square of each ray (a
// blocker on the board edge never changes the attack set). The masked occupancy is compressed to
// popcount(mask) bits, either with BMI2 pext (when compiled with __BMI2__) or with a magic
// multiply and shift; both tables are always built where the CPU allows, so tests can compare them.
#pragma once

#include "engine/bitboard.h"
#include "engine/types.h"

#include <array>

#if defined(__BMI2__)
#include <immintrin.h>
#define MATEFIND_HAS_PEXT 1
#else
#define MATEFIND_HAS_PEXT 0
#endif

namespace mf::attacks {

// Builds the slider tables. Idempotent and thread-safe; also run once before main().
void init();

struct MagicEntry {
    Bitboard mask;
    Bitboard magic;
    const Bitboard* table;
    unsigned shift;
    unsigned index(Bitboard occupied) const { return unsigned(((occupied & mask) * magic) >> shift); }
};

struct PextEntry {
    Bitboard mask;
    const Bitboard* table;
};

extern std::array<MagicEntry, 64> bishopMagics;
extern std::array<MagicEntry, 64> rookMagics;
#if MATEFIND_HAS_PEXT
extern std::array<PextEntry, 64> bishopPext;
extern std::array<PextEntry, 64> rookPext;
#endif

// The precomputed multipliers (see engine/tools/find_magics.cpp).
extern const std::array<Bitboard, 64> BishopMagicNumbers;
extern const std::array<Bitboard, 64> RookMagicNumbers;

// Relevant occupancy mask of a bishop or rook on s (edges of each ray left out).
Bitboard relevantMask(PieceType slider, Square s);
// Reference implementation walking each ray square by square; slow, used to fill and test tables.
Bitboard slidingReference(PieceType slider, Square s, Bitboard occupied);
// Searches a magic multiplier for s with the caller's seeded generator; returns 0 if none was
// found within maxTries candidates.
Bitboard findMagic(PieceType slider, Square s, std::uint64_t seed, int maxTries = 100000000);

inline Bitboard magicBishop(Square s, Bitboard occupied) {
    const MagicEntry& e = bishopMagics[s];
    return e.table[e.index(occupied)];
}
inline Bitboard magicRook(Square s, Bitboard occupied) {
    const MagicEntry& e = rookMagics[s];
    return e.table[e.index(occupied)];
}
#if MATEFIND_HAS_PEXT
inline Bitboard pextBishop(Square s, Bitboard occupied) {
    const PextEntry& e = bishopPext[s];
    return e.table[_pext_u64(occupied, e.mask)];
}
inline Bitboard pextRook(Square s, Bitboard occupied) {
    const PextEntry& e = rookPext[s];
    return e.table[_pext_u64(occupied, e.mask)];
}
#endif

namespace detail {
constexpr int knightSteps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr int kingSteps[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr int whitePawnSteps[2][2] = {{-1, 1}, {1, 1}};
constexpr int blackPawnSteps[2][2] = {{-1, -1}, {1, -1}};

struct LeaperTables {
    std::array<Bitboard, 64> knight{}, king{};
    std::array<std::array<Bitboard, 64>, 2> pawn{};
};
constexpr LeaperTables makeLeaperTables() {
    LeaperTables t{};
    for (int s = 0; s < 64; ++s) {
        t.knight[s] = mf::detail::leaperAttacks(Square(s), knightSteps, 8);
        t.king[s] = mf::detail::leaperAttacks(Square(s), kingSteps, 8);
        t.pawn[White][s] = mf::detail::leaperAttacks(Square(s), whitePawnSteps, 2);
        t.pawn[Black][s] = mf::detail::leaperAttacks(Square(s), blackPawnSteps, 2);
    }
    return t;
}
inline constexpr LeaperTables leapers = makeLeaperTables();
} // namespace detail

} // namespace mf::attacks

namespace mf {

constexpr Bitboard knightAttacks(Square s) { return attacks::detail::leapers.knight[s]; }
constexpr Bitboard kingAttacks(Square s) { return attacks::detail::leapers.king[s]; }
// Squares a pawn of colour c standing on s attacks.
constexpr Bitboard pawnAttacks(Color c, Square s) { return attacks::detail::leapers.pawn[c][s]; }

inline Bitboard bishopAttacks(Square s, Bitboard occupied) {
#if MATEFIND_HAS_PEXT
    return attacks::pextBishop(s, occupied);
#else
    return attacks::magicBishop(s, occupied);
#endif
}
inline Bitboard rookAttacks(Square s, Bitboard occupied) {
#if MATEFIND_HAS_PEXT
    return attacks::pextRook(s, occupied);
#else
    return attacks::magicRook(s, occupied);
#endif
}
inline Bitboard queenAttacks(Square s, Bitboard occupied) {
    return bishopAttacks(s, occupied) | rookAttacks(s, occupied);
}

// Attacks of a non-pawn piece type from s. (`attacks` itself names the namespace of the tables, so
// the generic function is spelled attacks::attacks(t, s, occ) or pieceAttacks(t, s, occ).)
inline Bitboard pieceAttacks(PieceType t, Square s, Bitboard occupied) {
    switch (t) {
    case Knight: return knightAttacks(s);
    case Bishop: return bishopAttacks(s, occupied);
    case Rook: return rookAttacks(s, occupied);
    case Queen: return queenAttacks(s, occupied);
    case King: return kingAttacks(s);
    default: return 0;
    }
}

} // namespace mf

// Every attack function is also reachable as attacks::name, as the API contract spells it.
namespace mf::attacks {
using mf::bishopAttacks;
using mf::kingAttacks;
using mf::knightAttacks;
using mf::pawnAttacks;
using mf::queenAttacks;
using mf::rookAttacks;
inline Bitboard attacks(PieceType t, Square s, Bitboard occupied) { return pieceAttacks(t, s, occupied); }
} // namespace mf::attacks
