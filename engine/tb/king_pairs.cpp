#include "engine/tb/king_pairs.h"

#include "engine/bitboard.h"

namespace mf::tb {

namespace {

bool onMainDiagonal(Square s) { return fileOf(s) == rankOf(s); }

// The canonical region for pawnless tables (see king_pairs.h).
bool canonicalPawnless(Square white, Square black) {
    const int f = fileOf(white), r = rankOf(white);
    if (f > 3 || r > f) return false;
    if (r == f) return rankOf(black) <= fileOf(black);
    return true;
}

bool canonicalWithPawns(Square white) { return fileOf(white) <= 3; }

} // namespace

bool kingsLegal(Square white, Square black) { return white != black && distance(white, black) > 1; }

const KingPairs& KingPairs::get(bool pawns) {
    static const KingPairs pawnless(false);
    static const KingPairs withPawns(true);
    return pawns ? withPawns : pawnless;
}

KingPairs::KingPairs(bool pawns) {
    // Number the canonical pairs in square order of (white, black).
    for (int w = 0; w < 64; ++w)
        for (int b = 0; b < 64; ++b) {
            const Square ws = Square(w), bs = Square(b);
            if (!kingsLegal(ws, bs)) continue;
            if (pawns ? canonicalWithPawns(ws) : canonicalPawnless(ws, bs)) {
                mapping_[w][b].index = std::int16_t(count_);
                pairs_[count_++] = {ws, bs};
            }
        }
    // Every legal placement: the first symmetry (in code order) that lands on a canonical pair.
    const int symmetries = pawns ? 2 : SymmetryCount;
    for (int w = 0; w < 64; ++w)
        for (int b = 0; b < 64; ++b) {
            const Square ws = Square(w), bs = Square(b);
            if (!kingsLegal(ws, bs)) continue;
            for (int code = 0; code < symmetries; ++code) {
                const Symmetry g = Symmetry(code);
                const Square tw = transform(g, ws), tb = transform(g, bs);
                const std::int16_t index = mapping_[tw][tb].index;
                const bool canonical = pawns ? canonicalWithPawns(tw) : canonicalPawnless(tw, tb);
                if (!canonical) continue;
                KingPairMapping& m = mapping_[w][b];
                m.index = index;
                m.symmetry = g;
                m.onDiagonal = !pawns && onMainDiagonal(tw) && onMainDiagonal(tb);
                break;
            }
        }
}

} // namespace mf::tb
