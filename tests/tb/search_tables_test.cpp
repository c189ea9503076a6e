// The engine's endgame tables are looked for again after `ucinewgame` and option changes: a table
// generated while the engine runs (matefind-cli tb generate) is used from the next game on, so what
// a search knows depends on the files present, not on when the process first searched.
#include "engine/search_controller.h"
#include "engine/tb/search_tables.h"
#include "engine/tb/table_file.h"
#include "tb_test_util.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace mf::tb {
namespace {

bool has(const Tablebases& tables, const std::string& name) {
    const auto names = tables.loadedNames();
    return std::find(names.begin(), names.end(), name) != names.end();
}

// KNNK: the cheapest 4-piece table to generate (a fraction of a second).
void generateInto(const std::filesystem::path& dir, const std::string& name) {
    Tablebases maker(dir);
    ASSERT_NE(maker.require(name), nullptr);
}

TEST(SearchTables, LooksAgainForMissingTablesOnNewGame) {
    const auto dir = test::scratchDirectory("rescan");
    SearchTables tables;
    ASSERT_EQ(tables.setPath(dir.string()), std::nullopt);
    std::vector<std::string> reports;
    auto report = [&](const std::string& line) { reports.push_back(line); };

    const Tablebases* first = tables.prepare(report);
    ASSERT_NE(first, nullptr);
    EXPECT_TRUE(has(*first, "KQK"));  // 3-piece tables are made at the first search
    EXPECT_FALSE(has(*first, "KNNK"));
    ASSERT_EQ(reports.size(), 1u);
    EXPECT_NE(reports[0].find("5 of 23"), std::string::npos) << reports[0];

    // A corrupt file is refused, and not read again while it stays the same.
    { std::ofstream(tableFilePath(dir, "KNNK"), std::ios::binary) << "not a table"; }
    tables.newGame();
    EXPECT_FALSE(has(*tables.prepare(report), "KNNK"));
    EXPECT_EQ(reports.size(), 1u);

    generateInto(dir, "KNNK");  // replaces the corrupt file
    // Within a game the set of tables does not change.
    EXPECT_FALSE(has(*tables.prepare(report), "KNNK"));
    tables.newGame();
    const Tablebases* after = tables.prepare(report);
    EXPECT_TRUE(has(*after, "KNNK"));
    ASSERT_EQ(reports.size(), 2u);
    EXPECT_NE(reports[1].find("6 of 23"), std::string::npos) << reports[1];

    // Switching the tables off and on, or setting the same path again, also looks again.
    std::filesystem::remove(tableFilePath(dir, "KNKN"));
    generateInto(dir, "KNKN");
    ASSERT_EQ(tables.setPath(dir.string()), std::nullopt);
    EXPECT_TRUE(has(*tables.prepare(report), "KNKN"));
    std::filesystem::remove_all(dir);
}

// Through the engine's `ucinewgame`: the root of a K+N+N vs K position is answered from the table
// only after the table exists and a new game has begun.
TEST(SearchTables, EngineUsesATableGeneratedBeforeUcinewgame) {
    const auto dir = test::scratchDirectory("engine_rescan");
    std::vector<std::string> lines;
    SearchController engine([&](std::string_view line) { lines.emplace_back(line); });
    engine.setOption("name EndgameTablesPath value " + dir.string());
    const Position pos = *Position::fromFen("8/8/8/4k3/8/8/2NN4/4K3 w - - 0 1");
    SearchLimits limits;
    limits.depth = 3;
    auto tableMove = [&] {
        lines.clear();
        engine.go(pos, limits, SearchController::Clock::now());
        engine.waitForSearch();
        return std::find(lines.begin(), lines.end(), "info string endgame table move") != lines.end();
    };
    EXPECT_FALSE(tableMove());
    generateInto(dir, "KNNK");
    EXPECT_FALSE(tableMove()) << "the same game keeps its tables";
    engine.newGame();
    EXPECT_TRUE(tableMove());
    std::filesystem::remove_all(dir);
}

} // namespace
} // namespace mf::tb
