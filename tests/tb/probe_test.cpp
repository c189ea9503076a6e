// Table names and the materials a table leads into.
#include "engine/tb/tablebases.h"

#include <gtest/gtest.h>

#include <algorithm>

using namespace mf;
using namespace mf::tb;

TEST(TableSpec, PawnEndingsLeadIntoTheTablesTheyPromoteTo) {
    const auto spec = makeTableSpec("KPK");
    ASSERT_TRUE(spec);
    std::vector<std::string> names;
    for (MaterialKey k : successorMaterials(*spec)) names.push_back(tableFor(k).name);
    std::sort(names.begin(), names.end());
    EXPECT_EQ(names, (std::vector<std::string>{"KBK", "KNK", "KQK", "KRK"}));
}

TEST(TableSpec, EveryStandardTableComesAfterTheTablesItLeadsInto) {
    const auto& all = standardTables();
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto spec = makeTableSpec(all[i]);
        ASSERT_TRUE(spec) << all[i];
        EXPECT_EQ(spec->name, all[i]);
        for (MaterialKey k : successorMaterials(*spec)) {
            const std::string child = tableFor(k).name;
            const auto at = std::find(all.begin(), all.end(), child);
            ASSERT_NE(at, all.end()) << all[i] << " leads into " << child;
            EXPECT_LT(std::size_t(at - all.begin()), i) << all[i] << " before " << child;
        }
    }
}

TEST(TableSpec, WeakerSideFirstIsLookedUpWithColoursSwapped) {
    const auto spec = makeTableSpec("KQKR");
    ASSERT_TRUE(spec);
    EXPECT_EQ(tableFor(spec->key).name, "KQKR");
    EXPECT_FALSE(tableFor(spec->key).swapColors);
    EXPECT_TRUE(tableFor(spec->flippedKey).swapColors);
    EXPECT_EQ(tableFor(spec->flippedKey).name, "KQKR");
    EXPECT_EQ(materialName(spec->flippedKey), "KRKQ");
}
