// The slider tables against the ray-walking reference, for every square and every subset of its
// relevant mask: the magic path always, the pext path where compiled with BMI2.
#include "engine/attacks.h"

#include <gtest/gtest.h>

namespace mf {
namespace {

TEST(Attacks, MasksLeaveOutTheEdgesOfEachRay) {
    EXPECT_EQ(popcount(attacks::relevantMask(Rook, A1)), 12);
    EXPECT_EQ(popcount(attacks::relevantMask(Rook, E4)), 10);
    EXPECT_EQ(popcount(attacks::relevantMask(Bishop, A1)), 6);
    EXPECT_EQ(popcount(attacks::relevantMask(Bishop, D4)), 9);
    EXPECT_FALSE(attacks::relevantMask(Rook, A1) & (squareBb(A8) | squareBb(H1)));
}

void checkEverySubset(PieceType slider) {
    long long checked = 0;
    for (Square s = A1; s <= H8; ++s) {
        const Bitboard mask = attacks::relevantMask(slider, s);
        Bitboard sub = 0;
        do {
            const Bitboard expected = attacks::slidingReference(slider, s, sub);
            // Squares outside the mask must not matter: add noise on the edges and elsewhere.
            const Bitboard noisy = sub | (~mask & 0x8100000000000081ULL & ~squareBb(s));
            const Bitboard magic = slider == Rook ? attacks::magicRook(s, noisy) : attacks::magicBishop(s, noisy);
            ASSERT_EQ(magic, expected) << "magic, square " << int(s) << " occupancy " << sub;
#if MATEFIND_HAS_PEXT
            const Bitboard pext = slider == Rook ? attacks::pextRook(s, noisy) : attacks::pextBishop(s, noisy);
            ASSERT_EQ(pext, expected) << "pext, square " << int(s) << " occupancy " << sub;
#endif
            ++checked;
            sub = (sub - mask) & mask;
        } while (sub);
    }
    EXPECT_EQ(checked, slider == Rook ? 102400 : 5248);
}

TEST(Attacks, RookMagicAndPextAgreeWithReferenceOnEverySubset) { checkEverySubset(Rook); }
TEST(Attacks, BishopMagicAndPextAgreeWithReferenceOnEverySubset) { checkEverySubset(Bishop); }

// The CPU running the tests is the build machine. A native build (MATEFIND_NATIVE, -march=native)
// must have compiled the pext path exactly when this CPU has BMI2; a portable build may not use
// pext on a CPU without it. (Before, the test passed whatever the build and the CPU were.)
TEST(Attacks, PextPathIsCompiledWhereTheCpuHasBmi2) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_cpu_init();
    const bool cpuHasBmi2 = __builtin_cpu_supports("bmi2");
    const bool built = MATEFIND_HAS_PEXT != 0;
#if MATEFIND_BUILT_NATIVE
    EXPECT_EQ(built, cpuHasBmi2) << "native build: pext compiled = " << built << ", CPU has BMI2 = " << cpuHasBmi2;
#else
    if (built)
        EXPECT_TRUE(cpuHasBmi2) << "pext compiled in, but this CPU has no BMI2";
    else
        GTEST_SKIP() << "portable build (MATEFIND_NATIVE off): only the magic path; CPU has BMI2 = " << cpuHasBmi2;
#endif
#else
    EXPECT_EQ(MATEFIND_HAS_PEXT, 0) << "pext is an x86 instruction";
#endif
}

TEST(Attacks, StoredMagicNumbersAreTheOnesTheFinderProduces) {
    // The finder is deterministic for a seed; a few squares are enough to catch a stale table.
    constexpr std::uint64_t Seed = 0x4D617465'46696E64ULL;
    for (Square s : {A1, E4, H8}) {
        EXPECT_EQ(attacks::findMagic(Bishop, s, Seed + std::uint64_t(s) * 7919 + Bishop), attacks::BishopMagicNumbers[s]);
        EXPECT_EQ(attacks::findMagic(Rook, s, Seed + std::uint64_t(s) * 7919 + Rook), attacks::RookMagicNumbers[s]);
    }
}

TEST(Attacks, Leapers) {
    EXPECT_EQ(knightAttacks(A1), squareBb(B3) | squareBb(C2));
    EXPECT_EQ(popcount(knightAttacks(D4)), 8);
    EXPECT_EQ(popcount(kingAttacks(H8)), 3);
    EXPECT_EQ(pawnAttacks(White, E4), squareBb(D5) | squareBb(F5));
    EXPECT_EQ(pawnAttacks(Black, A5), squareBb(B4));
    EXPECT_EQ(queenAttacks(D4, 0), rookAttacks(D4, 0) | bishopAttacks(D4, 0));
    EXPECT_EQ(attacks::attacks(Knight, G1, ~Bitboard(0)), knightAttacks(G1));
}

TEST(Bitboards, BetweenAndLine) {
    EXPECT_EQ(between(A1, D4), squareBb(B2) | squareBb(C3));
    EXPECT_EQ(between(A1, B3), Bitboard(0));
    EXPECT_EQ(between(E1, E2), Bitboard(0));
    EXPECT_EQ(line(A1, C3), 0x8040201008040201ULL);
    EXPECT_EQ(line(B1, B5), fileBb(1));
    EXPECT_EQ(line(A1, B3), Bitboard(0));
    EXPECT_TRUE(aligned(A1, H8, D4));
    EXPECT_FALSE(aligned(A1, H8, D5));
    for (Square a = A1; a <= H8; ++a)
        for (Square b = A1; b <= H8; ++b) {
            ASSERT_EQ(between(a, b), between(b, a));
            if (between(a, b)) {
                ASSERT_EQ(between(a, b) & ~line(a, b), Bitboard(0));
            }
        }
}

TEST(Bitboards, ShiftsDropSquaresThatWouldWrap) {
    EXPECT_EQ(shift<East>(squareBb(H4)), Bitboard(0));
    EXPECT_EQ(shift<West>(squareBb(A4)), Bitboard(0));
    EXPECT_EQ(shift<NorthEast>(squareBb(E4)), squareBb(F5));
    EXPECT_EQ(shift<SouthWest>(squareBb(A4)), Bitboard(0));
}

} // namespace
} // namespace mf
