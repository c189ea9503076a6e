#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <string>

#include "engine/eval_params.h"
#include "engine/options.h"
#include "engine/search_limits.h"

namespace mf {
namespace {

TEST(EvalTerms, TheTwelveMateFindTermsComeFirstWithTheirDefaults) {
    const std::pair<const char*, int> expected[] = {
        // The defaults MateFind tuned (docs/evalfit.md); the hand-set ones
        // before them (250, 300, 500, 900, 0, 30, 50, 30, 50, 30, 0, 50) are in
        // resources/engine-options/matefind-hand-set-defaults.txt.
        {"KnightValue", 300}, {"BishopValue", 301}, {"RookValue", 461}, {"QueenValue", 987},
        {"AttackedSquares", 1}, {"PiecePlacement", 23}, {"DoubledPawns", 18}, {"StoppedPawns", 16},
        {"KingRookPlacement", 78}, {"KingEdgePlacement", 37}, {"KingShieldAttacks", 1}, {"CastledBonus", 30}};
    const auto terms = evalTerms();
    ASSERT_GE(terms.size(), 12u);
    const EvalParams defaults;
    for (std::size_t i = 0; i < 12; ++i) {
        EXPECT_EQ(terms[i].name, expected[i].first);
        EXPECT_EQ(terms[i].defaultValue, expected[i].second) << terms[i].name;
        EXPECT_EQ(defaults.at(terms[i].index), expected[i].second) << terms[i].name;
        EXPECT_LE(terms[i].min, 0);
        EXPECT_GE(terms[i].max, i < 4 ? 2047 : 511) << terms[i].name;
    }
    // Every term has its own place and name, default inside its range and a meaning.
    std::map<std::string, std::size_t> names;
    for (std::size_t i = 0; i < terms.size(); ++i) {
        EXPECT_EQ(terms[i].index, i) << terms[i].name;
        std::string lower(terms[i].name);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        EXPECT_TRUE(names.emplace(lower, i).second) << terms[i].name << " twice (UCI names ignore case)";
    }
    for (const EvalTerm& t : terms) {
        EXPECT_GE(t.defaultValue, t.min) << t.name;
        EXPECT_LE(t.defaultValue, t.max) << t.name;
        EXPECT_FALSE(t.meaning.empty()) << t.name;
    }
}

struct Table : ::testing::Test {
    OptionTable table;
    long long hash = 16;
    bool flag = false;
    int presses = 0;
    std::string path;
    void SetUp() override {
        table.addSpin("Hash", 16, 1, 1024, [this](long long v) { hash = v; return std::nullopt; });
        table.addCheck("Flag", false, [this](bool v) { flag = v; return std::nullopt; });
        table.addButton("Clear Hash", [this]() { ++presses; return std::nullopt; });
        table.addString("Path", "", [this](const std::string& v) -> std::optional<std::string> {
            if (v == "/missing") return "no such folder";
            path = v;
            return std::nullopt;
        });
    }
};

TEST_F(Table, PrintsUciDeclarations) {
    const auto lines = table.uciLines();
    ASSERT_EQ(lines.size(), 4u);
    EXPECT_EQ(lines[0], "option name Hash type spin default 16 min 1 max 1024");
    EXPECT_EQ(lines[1], "option name Flag type check default false");
    EXPECT_EQ(lines[2], "option name Clear Hash type button");
    EXPECT_EQ(lines[3], "option name Path type string default <empty>");
}

TEST_F(Table, SetsValidValuesCaseInsensitively) {
    EXPECT_FALSE(table.set("hash", "64"));
    EXPECT_EQ(hash, 64);
    EXPECT_EQ(table.find("Hash")->value, "64");
    EXPECT_FALSE(table.set("Flag", "true"));
    EXPECT_TRUE(flag);
    EXPECT_FALSE(table.set("clear hash", ""));
    EXPECT_EQ(presses, 1);
    EXPECT_FALSE(table.set("Path", "/tmp/tb"));
    EXPECT_EQ(path, "/tmp/tb");
}

TEST_F(Table, RefusesBadValuesAndKeepsTheOldOne) {
    struct Case { const char* name; const char* value; const char* expectedPart; };
    const Case cases[] = {
        {"Hash", "0", "out of range 1..1024"},
        {"Hash", "2048", "out of range 1..1024"},
        {"Hash", "12x", "is not an integer"},
        {"Hash", "", "is not an integer"},
        {"Hash", "99999999999999999999999", "is not an integer"},
        {"Flag", "yes", "is not true or false"},
        {"Nonsense", "1", "unknown option 'Nonsense'"},
        {"Path", "/missing", "no such folder"},
    };
    for (const Case& c : cases) {
        auto error = table.set(c.name, c.value);
        ASSERT_TRUE(error) << c.name << "=" << c.value;
        EXPECT_NE(error->find(c.expectedPart), std::string::npos) << *error;
    }
    EXPECT_EQ(hash, 16);
    EXPECT_EQ(table.find("Hash")->value, "16");
    EXPECT_FALSE(flag);
    EXPECT_EQ(path, "");
}

TEST(SetOptionParse, NamesAndValuesMayHoldSpaces) {
    std::string error;
    auto cmd = parseSetOption("name Clear Hash", &error);
    ASSERT_TRUE(cmd);
    EXPECT_EQ(cmd->name, "Clear Hash");
    EXPECT_EQ(cmd->value, "");
    cmd = parseSetOption("name EndgameTablesPath value /a b/c", &error);
    ASSERT_TRUE(cmd);
    EXPECT_EQ(cmd->name, "EndgameTablesPath");
    EXPECT_EQ(cmd->value, "/a b/c");
    EXPECT_FALSE(parseSetOption("Hash value 3", &error));
    EXPECT_NE(error.find("expected 'name"), std::string::npos);
    EXPECT_FALSE(parseSetOption("name", &error));
}

TEST(GoParse, ReadsEveryLimit) {
    const ParsedGo g = parseGo("wtime 1000 btime 2000 winc 10 binc 20 movestogo 5 depth 7 nodes 123 movetime 50 mate 3 infinite");
    EXPECT_TRUE(g.warnings.empty());
    EXPECT_EQ(*g.limits.time[0], 1000);
    EXPECT_EQ(*g.limits.time[1], 2000);
    EXPECT_EQ(g.limits.increment[0], 10);
    EXPECT_EQ(g.limits.increment[1], 20);
    EXPECT_EQ(*g.limits.movesToGo, 5);
    EXPECT_EQ(*g.limits.depth, 7);
    EXPECT_EQ(*g.limits.nodes, 123u);
    EXPECT_EQ(*g.limits.movetimeMs, 50);
    EXPECT_EQ(*g.limits.mate, 3);
    EXPECT_TRUE(g.limits.infinite);
}

TEST(GoParse, GarbageBecomesWarningsNotFailures) {
    const ParsedGo g = parseGo("depth x nodes -5 banana movetime searchmoves e2e4 d2d4 zz");
    EXPECT_FALSE(g.limits.depth);
    EXPECT_FALSE(g.limits.nodes);
    EXPECT_FALSE(g.limits.movetimeMs);
    EXPECT_EQ(g.limits.searchMoves, (std::vector<std::string>{"e2e4", "d2d4"}));
    EXPECT_GE(g.warnings.size(), 4u);
}

}  // namespace
}  // namespace mf
