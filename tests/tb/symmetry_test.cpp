#include "engine/bitboard.h"
#include "engine/tb/king_pairs.h"
#include "engine/tb/symmetry.h"

#include <gtest/gtest.h>

#include <set>

using namespace mf;
using namespace mf::tb;

TEST(Symmetry, EachIsABijectionAndTheyAreEightDistinctMaps) {
    std::set<std::vector<int>> maps;
    for (int g = 0; g < SymmetryCount; ++g) {
        std::vector<int> image;
        Bitboard seen = 0;
        for (int s = 0; s < 64; ++s) {
            const Square t = transform(Symmetry(g), Square(s));
            seen |= squareBb(t);
            image.push_back(t);
        }
        EXPECT_EQ(seen, ~Bitboard(0)) << name(Symmetry(g));
        maps.insert(image);
    }
    EXPECT_EQ(maps.size(), 8u);
}

TEST(Symmetry, NamedMapsMoveTheCornersAsTheirNamesSay) {
    EXPECT_EQ(transform(Symmetry::MirrorFile, A1), H1);
    EXPECT_EQ(transform(Symmetry::MirrorRank, A1), A8);
    EXPECT_EQ(transform(Symmetry::Rotate180, A1), H8);
    EXPECT_EQ(transform(Symmetry::MirrorDiagonal, B1), A2);
    EXPECT_EQ(transform(Symmetry::MirrorDiagonal, H8), H8);
    EXPECT_EQ(transform(Symmetry::MirrorAntiDiagonal, A8), A8);
    EXPECT_EQ(transform(Symmetry::MirrorAntiDiagonal, A1), H8);
    EXPECT_EQ(transform(Symmetry::Rotate90, A1), A8);
    EXPECT_EQ(transform(Symmetry::Rotate90, A8), H8);
    EXPECT_EQ(transform(Symmetry::Rotate270, A1), H1);
}

TEST(Symmetry, InverseAndCompositionStayInTheGroup) {
    for (int g = 0; g < SymmetryCount; ++g) {
        const Symmetry gs = Symmetry(g);
        for (int s = 0; s < 64; ++s) EXPECT_EQ(transform(inverse(gs), transform(gs, Square(s))), Square(s));
        for (int h = 0; h < SymmetryCount; ++h)
            for (int s = 0; s < 64; ++s)
                EXPECT_EQ(transform(compose(gs, Symmetry(h)), Square(s)), transform(Symmetry(h), transform(gs, Square(s))));
    }
}

TEST(Symmetry, KeepsDistancesSoKingAdjacencyAndLeaperMovesAreKept) {
    for (int g = 0; g < SymmetryCount; ++g)
        for (int a = 0; a < 64; ++a)
            for (int b = 0; b < 64; ++b)
                ASSERT_EQ(distance(Square(a), Square(b)),
                          distance(transform(Symmetry(g), Square(a)), transform(Symmetry(g), Square(b))));
}

// 3612 legal placements of two kings (different squares, not adjacent), counted square by square.
TEST(KingPairs, ThereAre3612LegalPlacements) {
    int legal = 0;
    for (int w = 0; w < 64; ++w)
        for (int b = 0; b < 64; ++b) legal += kingsLegal(Square(w), Square(b));
    EXPECT_EQ(legal, LegalKingPlacements);
    EXPECT_EQ(4 * 60 + 24 * 58 + 36 * 55, LegalKingPlacements);
}

// Burnside: classes = (1/8) * sum over the symmetries of the placements each one fixes. Only the
// identity (3612) and the two diagonal mirrors (42 each) fix a king placement: 462 classes.
TEST(KingPairs, BurnsideGives462ClassesWithoutPawnsAndTheIndexHasExactlyThose) {
    std::array<int, SymmetryCount> fixed{};
    for (int g = 0; g < SymmetryCount; ++g)
        for (int w = 0; w < 64; ++w)
            for (int b = 0; b < 64; ++b)
                if (kingsLegal(Square(w), Square(b)) && transform(Symmetry(g), Square(w)) == Square(w) &&
                    transform(Symmetry(g), Square(b)) == Square(b))
                    ++fixed[g];
    EXPECT_EQ(fixed[int(Symmetry::Identity)], 3612);
    EXPECT_EQ(fixed[int(Symmetry::MirrorDiagonal)], 42);
    EXPECT_EQ(fixed[int(Symmetry::MirrorAntiDiagonal)], 42);
    int sum = 0;
    for (int f : fixed) sum += f;
    EXPECT_EQ(sum % 8, 0);
    EXPECT_EQ(sum / 8, 462);
    EXPECT_EQ(KingPairs::get(false).count(), 462);
}

// With pawns only the left-right mirror is used; it fixes no king placement: 3612 / 2 = 1806.
TEST(KingPairs, WithPawnsThereAre1806) { EXPECT_EQ(KingPairs::get(true).count(), 1806); }

TEST(KingPairs, EveryLegalPlacementAndAllItsImagesMapToOneCanonicalPair) {
    for (bool pawns : {false, true}) {
        const KingPairs& kp = KingPairs::get(pawns);
        const int symmetries = pawns ? 2 : 8;
        for (int w = 0; w < 64; ++w)
            for (int b = 0; b < 64; ++b) {
                const Square ws = Square(w), bs = Square(b);
                if (!kingsLegal(ws, bs)) {
                    EXPECT_EQ(kp.mapping(ws, bs).index, -1);
                    continue;
                }
                const KingPairMapping& m = kp.mapping(ws, bs);
                ASSERT_GE(m.index, 0);
                const KingPair canonical = kp.pair(m.index);
                EXPECT_EQ(transform(m.symmetry, ws), canonical.white);
                EXPECT_EQ(transform(m.symmetry, bs), canonical.black);
                for (int g = 0; g < symmetries; ++g)
                    EXPECT_EQ(kp.mapping(transform(Symmetry(g), ws), transform(Symmetry(g), bs)).index, m.index);
            }
    }
}
