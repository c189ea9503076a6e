#include "engine/attacks.h"

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <vector>

namespace mf::attacks {

std::array<MagicEntry, 64> bishopMagics{};
std::array<MagicEntry, 64> rookMagics{};
#if MATEFIND_HAS_PEXT
std::array<PextEntry, 64> bishopPext{};
std::array<PextEntry, 64> rookPext{};
#endif

namespace {

// Sum over squares of 2^popcount(mask): 5248 entries for bishops, 102400 for rooks.
constexpr std::size_t BishopTableSize = 5248;
constexpr std::size_t RookTableSize = 102400;

std::array<Bitboard, BishopTableSize> bishopMagicTable;
std::array<Bitboard, RookTableSize> rookMagicTable;
#if MATEFIND_HAS_PEXT
std::array<Bitboard, BishopTableSize> bishopPextTable;
std::array<Bitboard, RookTableSize> rookPextTable;
#endif

// Fills one square's block of the magic table (and the pext table) by enumerating every subset
// of the mask with the carry-rippler trick: sub = (sub - mask) & mask visits all of them.
void fillSquare(PieceType slider, Square s, std::size_t offset, MagicEntry& magic, Bitboard* magicTable,
                [[maybe_unused]] PextEntry* pext, [[maybe_unused]] Bitboard* pextTable) {
    const Bitboard mask = relevantMask(slider, s);
    const int bits = popcount(mask);
    magic = MagicEntry{mask, slider == Rook ? RookMagicNumbers[s] : BishopMagicNumbers[s],
                       magicTable + offset, unsigned(64 - bits)};
    std::vector<bool> used(std::size_t(1) << bits, false);
    Bitboard sub = 0;
    do {
        const Bitboard reach = slidingReference(slider, s, sub);
        const unsigned i = magic.index(sub);
        if (used[i] && magicTable[offset + i] != reach) {
            std::fprintf(stderr, "matefind: bad magic number for square %d\n", int(s));
            std::abort();
        }
        used[i] = true;
        magicTable[offset + i] = reach;
#if MATEFIND_HAS_PEXT
        pextTable[offset + _pext_u64(sub, mask)] = reach;
#endif
        sub = (sub - mask) & mask;
    } while (sub);
#if MATEFIND_HAS_PEXT
    *pext = PextEntry{mask, pextTable + offset};
#endif
}

void build() {
    std::size_t bishopOffset = 0, rookOffset = 0;
    for (Square s = A1; s <= H8; ++s) {
#if MATEFIND_HAS_PEXT
        fillSquare(Bishop, s, bishopOffset, bishopMagics[s], bishopMagicTable.data(), &bishopPext[s],
                   bishopPextTable.data());
        fillSquare(Rook, s, rookOffset, rookMagics[s], rookMagicTable.data(), &rookPext[s],
                   rookPextTable.data());
#else
        fillSquare(Bishop, s, bishopOffset, bishopMagics[s], bishopMagicTable.data(), nullptr, nullptr);
        fillSquare(Rook, s, rookOffset, rookMagics[s], rookMagicTable.data(), nullptr, nullptr);
#endif
        bishopOffset += std::size_t(1) << popcount(relevantMask(Bishop, s));
        rookOffset += std::size_t(1) << popcount(relevantMask(Rook, s));
    }
}

std::once_flag initFlag;

// Tables ready before main() so no caller can forget; init() stays callable and cheap.
const bool initialisedAtStartup = (init(), true);

} // namespace

void init() { std::call_once(initFlag, build); }

} // namespace mf::attacks
