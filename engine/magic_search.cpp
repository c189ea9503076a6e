// Slider geometry without tables: relevant masks, the ray-walking reference and the magic search.
// Kept apart from attacks.cpp so the magic-finding tool can be built without the tables it feeds.
#include "engine/attacks.h"
#include "engine/random.h"

#include <vector>

namespace mf::attacks {

namespace {

constexpr int RookDirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
constexpr int BishopDirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

const int (*directionsOf(PieceType slider))[2] { return slider == Rook ? RookDirs : BishopDirs; }

} // namespace

Bitboard relevantMask(PieceType slider, Square s) {
    Bitboard mask = 0;
    for (int d = 0; d < 4; ++d) {
        const int df = directionsOf(slider)[d][0], dr = directionsOf(slider)[d][1];
        int f = fileOf(s) + df, r = rankOf(s) + dr;
        // Keep a square only if the ray continues beyond it: the last square is an edge.
        while (f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8) {
            mask |= squareBb(makeSquare(f, r));
            f += df;
            r += dr;
        }
    }
    return mask;
}

Bitboard slidingReference(PieceType slider, Square s, Bitboard occupied) {
    Bitboard reach = 0;
    for (int d = 0; d < 4; ++d) {
        const int df = directionsOf(slider)[d][0], dr = directionsOf(slider)[d][1];
        for (int f = fileOf(s) + df, r = rankOf(s) + dr; f >= 0 && f < 8 && r >= 0 && r < 8; f += df, r += dr) {
            reach |= squareBb(makeSquare(f, r));
            if (occupied & squareBb(makeSquare(f, r))) break;
        }
    }
    return reach;
}

Bitboard findMagic(PieceType slider, Square s, std::uint64_t seed, int maxTries) {
    const Bitboard mask = relevantMask(slider, s);
    const int bits = popcount(mask);
    const std::size_t size = std::size_t(1) << bits;
    std::vector<Bitboard> occupancies, reaches;
    Bitboard sub = 0;
    do {
        occupancies.push_back(sub);
        reaches.push_back(slidingReference(slider, s, sub));
        sub = (sub - mask) & mask;
    } while (sub);

    Random rng(seed);
    std::vector<Bitboard> table(size);
    std::vector<int> stamp(size, -1);
    for (int attempt = 0; attempt < maxTries; ++attempt) {
        const Bitboard magic = rng.sparse();
        // A multiplier that moves too few mask bits into the top byte rarely works: skip it cheaply.
        if (popcount((mask * magic) & 0xFF00000000000000ULL) < 6) continue;
        bool ok = true;
        for (std::size_t i = 0; i < occupancies.size() && ok; ++i) {
            const std::size_t idx = std::size_t((occupancies[i] * magic) >> (64 - bits));
            if (stamp[idx] != attempt) {
                stamp[idx] = attempt;
                table[idx] = reaches[i];
            } else if (table[idx] != reaches[i]) {
                ok = false;
            }
        }
        if (ok) return magic;
    }
    return 0;
}

} // namespace mf::attacks
