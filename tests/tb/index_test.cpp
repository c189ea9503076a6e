#include "engine/bitboard.h"
#include "engine/random.h"
#include "engine/tb/table_index.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace mf;
using namespace mf::tb;

namespace {

TableIndex indexFor(const char* name) {
    const auto spec = makeTableSpec(name);
    EXPECT_TRUE(spec) << name;
    return TableIndex(*spec);
}

// A placement as a comparable value (identical pieces as an unordered pair).
Placement normal(const TableIndex& index, Placement p) {
    if (index.spec().identicalPair && p.slot[0] > p.slot[1]) std::swap(p.slot[0], p.slot[1]);
    return p;
}

bool sameClass(const TableIndex& index, const Placement& a, const Placement& b) {
    for (int g = 0; g < index.symmetryCount(); ++g)
        if (normal(index, transform(Symmetry(g), a, index.slotCount())) == normal(index, b)) return true;
    return false;
}

bool placementOk(const TableIndex& index, const Placement& p) {
    if (!kingsLegal(p.whiteKing, p.blackKing)) return false;
    Bitboard used = squareBb(p.whiteKing) | squareBb(p.blackKing);
    for (int k = 0; k < index.slotCount(); ++k) {
        const Square s = p.slot[k];
        if (used & squareBb(s)) return false;
        if (typeOf(index.spec().slots[k]) == Pawn && (rankOf(s) == 0 || rankOf(s) == 7)) return false;
        used |= squareBb(s);
    }
    return true;
}

// Classes of placements by Burnside: (1/|G|) * sum over g of the placements g fixes, counted
// square by square (3-piece tables only: 64^3 placements per symmetry).
std::uint64_t burnsideClasses(const TableIndex& index) {
    std::uint64_t fixedSum = 0;
    Placement p;
    for (int g = 0; g < index.symmetryCount(); ++g)
        for (int w = 0; w < 64; ++w)
            for (int b = 0; b < 64; ++b)
                for (int s = 0; s < 64; ++s) {
                    p.whiteKing = Square(w);
                    p.blackKing = Square(b);
                    p.slot[0] = Square(s);
                    if (placementOk(index, p) && transform(Symmetry(g), p, 1) == p) ++fixedSum;
                }
    EXPECT_EQ(fixedSum % std::uint64_t(index.symmetryCount()), 0u);
    return fixedSum / std::uint64_t(index.symmetryCount());
}

// Walks every index: decoding then encoding never gives a larger index and stays in the class;
// returns the number of valid indices (those that map back to themselves).
std::uint64_t checkEveryIndex(const TableIndex& index) {
    std::uint64_t valid = 0;
    for (std::uint64_t i = 0; i < index.size(); ++i) {
        Placement p;
        if (!index.placement(i, p)) continue;
        EXPECT_TRUE(placementOk(index, p)) << index.spec().name << " index " << i;
        const std::uint64_t j = index.index(p);
        EXPECT_LE(j, i) << index.spec().name << " index " << i;
        if (j == i) {
            ++valid;
            EXPECT_TRUE(index.isValid(i));
        } else {
            // A hole: the diagonal twin of a smaller index of the same class.
            Placement q;
            EXPECT_TRUE(index.placement(j, q));
            EXPECT_TRUE(sameClass(index, p, q)) << index.spec().name << " index " << i << " -> " << j;
            EXPECT_FALSE(index.isValid(i));
        }
    }
    return valid;
}

} // namespace

TEST(TableSpec, NamesAreParsedAndOrientedStrongSideFirst) {
    auto spec = makeTableSpec("krkq");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->name, "KQKR");
    EXPECT_EQ(spec->size, 462u * 62 * 61);
    spec = makeTableSpec("KPvK");
    ASSERT_TRUE(spec);
    EXPECT_EQ(spec->name, "KPK");
    EXPECT_EQ(spec->size, 1806u * 48); // the "86688" of the source paper: an index size, not a class count
    spec = makeTableSpec("KNNK");
    ASSERT_TRUE(spec);
    EXPECT_TRUE(spec->identicalPair);
    EXPECT_EQ(spec->size, 462u * 1891);
    std::string error;
    EXPECT_FALSE(makeTableSpec("KXK", &error));
    EXPECT_NE(error.find("unknown piece letter 'X' at column 2"), std::string::npos) << error;
    EXPECT_FALSE(makeTableSpec("KQRKR", &error));
    EXPECT_NE(error.find("at most 4"), std::string::npos) << error;
    EXPECT_FALSE(makeTableSpec("QK", &error));
}

TEST(TableIndex, EveryIndexOfTheThreePieceTablesRoundTripsAndClassesMatchBurnside) {
    for (const char* name : {"KQK", "KRK", "KBK", "KNK", "KPK"}) {
        const TableIndex index = indexFor(name);
        const std::uint64_t valid = checkEveryIndex(index);
        EXPECT_EQ(valid, burnsideClasses(index)) << name;
    }
}

// K+R vs K with the lone king to move: every placement with legal kings is a legal position,
// (3612*62 + 2*42*6) / 8 = 28056 classes.
TEST(TableIndex, KrkHas28056Classes) {
    const TableIndex index = indexFor("KRK");
    EXPECT_EQ(checkEveryIndex(index), 28056u);
    EXPECT_EQ((3612u * 62 + 2 * 42 * 6) / 8, 28056u);
}

// K+N+N vs K, the knights interchangeable: (3612*C(62,2) + 2*42*43) / 8 = 854238 classes of
// placements (the source paper's 854210 is wrong). A diagonal mirror fixes the placement when the
// kings are on the diagonal (42) and the knight pair is fixed: both on the 6 free diagonal squares
// (15 pairs) or on a mirrored pair off it (28): 43.
TEST(TableIndex, KnnkHas854238Classes) {
    const TableIndex index = indexFor("KNNK");
    EXPECT_EQ(checkEveryIndex(index), 854238u);
    EXPECT_EQ((3612u * 1891 + 2 * 42 * 43) / 8, 854238u);
}

// K+B+N vs K (distinct pieces): (3612*62*61 + 2*42*6*5) / 8 = 1707888 classes of placements.
TEST(TableIndex, KbnkHas1707888Classes) {
    const TableIndex index = indexFor("KBNK");
    EXPECT_EQ(checkEveryIndex(index), 1707888u);
    EXPECT_EQ((3612u * 62 * 61 + 2 * 42 * 6 * 5) / 8, 1707888u);
}

TEST(TableIndex, EveryIndexOfThePawnTablesRoundTrips) {
    for (const char* name : {"KQKP", "KPKP"}) {
        const TableIndex index = indexFor(name);
        // The mirror fixes nothing with pawns: every legal placement is in a class of 2, and no
        // index is a twin.
        std::uint64_t placements = 0;
        const std::uint64_t valid = checkEveryIndex(index);
        Placement p;
        for (std::uint64_t i = 0; i < index.size(); ++i)
            if (index.placement(i, p)) ++placements;
        EXPECT_EQ(valid, placements) << name;
    }
}

TEST(TableIndex, AllImagesOfRandomPositionsShareOneIndex) {
    Random rng(20240611);
    for (const char* name : {"KQK", "KBNK", "KNNK", "KQKR", "KQKQ", "KPK", "KRKP", "KPKP"}) {
        const TableIndex index = indexFor(name);
        int checked = 0;
        while (checked < 2000) {
            Placement p;
            p.whiteKing = Square(rng.below(64));
            p.blackKing = Square(rng.below(64));
            for (int k = 0; k < index.slotCount(); ++k) p.slot[k] = Square(rng.below(64));
            if (!placementOk(index, p)) continue;
            ++checked;
            const std::uint64_t i = index.index(p);
            ASSERT_TRUE(index.isValid(i)) << name;
            Placement q;
            ASSERT_TRUE(index.placement(i, q));
            EXPECT_TRUE(sameClass(index, p, q)) << name;
            for (int g = 0; g < index.symmetryCount(); ++g)
                EXPECT_EQ(index.index(transform(Symmetry(g), p, index.slotCount())), i) << name << " g=" << g;
        }
    }
}
