#include "engine/tb/table_index.h"

#include "engine/bitboard.h"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace mf::tb {

namespace {

constexpr Bitboard PawnDomain = ~(Rank1Bb | Rank8Bb);

Bitboard below(Square s) { return squareBb(s) - 1; }

// Rank of s among the squares of domain that are not excluded (s itself must be one of them).
int rankAmong(Square s, Bitboard domain, Bitboard excluded) { return popcount(domain & ~excluded & below(s)); }

// Unordered pairs a < b numbered b*(b-1)/2 + a.
struct PairTable {
    std::array<std::array<std::uint8_t, 2>, 62 * 61 / 2> pairs{};
    PairTable() {
        int i = 0;
        for (int b = 1; b < 62; ++b)
            for (int a = 0; a < b; ++a) pairs[i++] = {std::uint8_t(a), std::uint8_t(b)};
    }
};
const PairTable& pairTable() {
    static const PairTable table;
    return table;
}

} // namespace

Square nthSetBit(Bitboard b, int n) {
#if defined(__BMI2__)
    return lsb(_pdep_u64(Bitboard(1) << n, b));
#else
    for (int i = 0; i < n; ++i) b &= b - 1;
    return lsb(b);
#endif
}

Placement transform(Symmetry g, const Placement& p, int slots) {
    Placement out;
    out.whiteKing = transform(g, p.whiteKing);
    out.blackKing = transform(g, p.blackKing);
    for (int i = 0; i < slots; ++i) out.slot[i] = transform(g, p.slot[i]);
    return out;
}

TableIndex::TableIndex(const TableSpec& spec)
    : spec_(spec), kings_(KingPairs::get(spec.hasPawns)), slots_(int(spec.slots.size())) {
    for (int i = 0; i < slots_; ++i) pawnSlot_[i] = typeOf(spec_.slots[i]) == Pawn;
    if (slots_ == 2 && !spec_.identicalPair) radix1_ = std::uint64_t(spec_.slotRadix(1));
}

std::uint64_t TableIndex::rawIndex(const Placement& p) const {
    const std::uint64_t kk = std::uint64_t(kings_.mapping(p.whiteKing, p.blackKing).index);
    const Bitboard kings = squareBb(p.whiteKing) | squareBb(p.blackKing);
    std::uint64_t pieces = 0;
    if (slots_ == 1) {
        pieces = pawnSlot_[0] ? rankAmong(p.slot[0], PawnDomain, 0) : rankAmong(p.slot[0], ~Bitboard(0), kings);
    } else if (slots_ == 2) {
        if (spec_.identicalPair) {
            int a = rankAmong(p.slot[0], ~Bitboard(0), kings);
            int b = rankAmong(p.slot[1], ~Bitboard(0), kings);
            if (a > b) std::swap(a, b);
            pieces = std::uint64_t(b) * (b - 1) / 2 + a;
        } else {
            const std::uint64_t first =
                pawnSlot_[0] ? rankAmong(p.slot[0], PawnDomain, 0) : rankAmong(p.slot[0], ~Bitboard(0), kings);
            const std::uint64_t second = pawnSlot_[1]
                                             ? rankAmong(p.slot[1], PawnDomain, squareBb(p.slot[0]))
                                             : rankAmong(p.slot[1], ~Bitboard(0), kings | squareBb(p.slot[0]));
            pieces = first * radix1_ + second;
        }
    }
    return kk * spec_.pieceRadix + pieces;
}

std::uint64_t TableIndex::index(const Placement& p) const {
    const KingPairMapping& m = kings_.mapping(p.whiteKing, p.blackKing);
    const std::uint64_t first = rawIndex(transform(m.symmetry, p, slots_));
    if (!m.onDiagonal) return first;
    // Both kings on the diagonal: the diagonal mirror keeps them, so let the other pieces decide.
    const std::uint64_t second = rawIndex(transform(compose(m.symmetry, Symmetry::MirrorDiagonal), p, slots_));
    return std::min(first, second);
}

bool TableIndex::placement(std::uint64_t index, Placement& out) const {
    if (index >= spec_.size) return false;
    const KingPair kk = kings_.pair(int(index / spec_.pieceRadix));
    std::uint64_t pieces = index % spec_.pieceRadix;
    out = Placement{};
    out.whiteKing = kk.white;
    out.blackKing = kk.black;
    const Bitboard kings = squareBb(kk.white) | squareBb(kk.black);
    auto pawnOk = [&](Square s) { return (kings & squareBb(s)) == 0; };
    if (slots_ == 1) {
        out.slot[0] = pawnSlot_[0] ? nthSetBit(PawnDomain, int(pieces)) : nthSetBit(~kings, int(pieces));
        return !pawnSlot_[0] || pawnOk(out.slot[0]);
    }
    if (slots_ == 2) {
        if (spec_.identicalPair) {
            const auto& ab = pairTable().pairs[pieces];
            out.slot[0] = nthSetBit(~kings, ab[0]);
            out.slot[1] = nthSetBit(~kings, ab[1]);
            return true;
        }
        const int first = int(pieces / radix1_), second = int(pieces % radix1_);
        out.slot[0] = pawnSlot_[0] ? nthSetBit(PawnDomain, first) : nthSetBit(~kings, first);
        out.slot[1] = pawnSlot_[1] ? nthSetBit(PawnDomain & ~squareBb(out.slot[0]), second)
                                   : nthSetBit(~(kings | squareBb(out.slot[0])), second);
        return (!pawnSlot_[0] || pawnOk(out.slot[0])) && (!pawnSlot_[1] || pawnOk(out.slot[1]));
    }
    return true;
}

bool TableIndex::isValid(std::uint64_t i) const {
    Placement p;
    return placement(i, p) && index(p) == i;
}

} // namespace mf::tb
