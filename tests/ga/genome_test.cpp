#include "evolution/ga/genome.h"

#include <gtest/gtest.h>

#include <map>

#include <filesystem>
#include <fstream>

namespace mf::ga {
namespace {

const std::filesystem::path kPreset = std::filesystem::path(MATEFIND_SOURCE_DIR) / "resources/genomes/matefind.json";

TEST(Genome, WindowRuleMatchesTheSpecExamples) {
    EXPECT_EQ(windowLow(250, 9), 0);     // knight: 0..511
    EXPECT_EQ(windowLow(900, 9), 644);   // queen: 644..1155
    const Term knight{"knight value", "KnightValue", 250, 9};
    EXPECT_EQ(knight.low(), 0);
    EXPECT_EQ(knight.high(), 511);
    const Term queen{"queen value", "QueenValue", 900, 9};
    EXPECT_EQ(queen.low(), 644);
    EXPECT_EQ(queen.high(), 1155);
    EXPECT_EQ(queen.valueAt(256), 900);
    EXPECT_EQ(queen.indexOf(900), 256U);
    EXPECT_EQ(queen.indexOf(0), 0U);        // clamped into the window
    EXPECT_EQ(queen.indexOf(5000), 511U);
}

TEST(Genome, CeilingShiftsAndClampsTheWindow) {
    // Window of 16 around 95 would be 87..102; a ceiling of 100 shifts it to 85..100.
    const Term t{"x", "X", 95, 4, 0, 100};
    EXPECT_EQ(t.low(), 85);
    EXPECT_EQ(t.high(), 100);
    // A range narrower than the window: the 8 codes are spread over the 6 values 0..5.
    const Term narrow{"y", "Y", 2, 3, 0, 5};
    EXPECT_EQ(narrow.low(), 0);
    EXPECT_EQ(narrow.valueCount(), 6);
    std::vector<int> values;
    for (std::uint64_t i = 0; i < 8; ++i)
        values.push_back(narrow.valueAt(i));
    EXPECT_EQ(values, (std::vector<int>{0, 0, 1, 2, 3, 3, 4, 5}));
    EXPECT_EQ(narrow.high(), 5);
}

// Issue 12, item 2: a range that is not a power of two no longer sends every surplus code to the
// ceiling (0..400 with 9 bits: 112 of 512 codes gave 400). Every value is reachable, by
// floor(2^b/w) or ceil(2^b/w) codes; codes and values rise together (Gray neighbours stay close);
// indexOf gives back each value exactly.
TEST(Genome, SpreadMappingReachesEveryValueAboutEquallyOften) {
    for (const Term& t : {Term{"material", "Material", 100, 9, 0, 400}, Term{"contempt", "Contempt", 0, 8, -100, 100},
                          Term{"y", "Y", 2, 3, 0, 5}, Term{"one", "One", 7, 4, 0, 7}, Term{"full", "Full", 8, 4, 0, 15}}) {
        const std::uint64_t codes = std::uint64_t{1} << t.bits;
        const long long w = t.valueCount();
        std::map<int, int> hits;
        int previous = t.low();
        for (std::uint64_t i = 0; i < codes; ++i) {
            const int v = t.valueAt(i);
            ASSERT_GE(v, previous) << t.name << " code " << i;
            ASSERT_LE(v - previous, 1) << t.name << " code " << i;
            previous = v;
            ++hits[v];
        }
        ASSERT_EQ(static_cast<long long>(hits.size()), w) << t.name << ": every value reachable";
        EXPECT_EQ(hits.begin()->first, t.low());
        EXPECT_EQ(hits.rbegin()->first, t.high());
        for (const auto& [value, count] : hits) {
            EXPECT_GE(count, static_cast<long long>(codes) / w) << t.name << " value " << value;
            EXPECT_LE(count, (static_cast<long long>(codes) + w - 1) / w) << t.name << " value " << value;
            EXPECT_EQ(t.valueAt(t.indexOf(value)), value) << t.name;
        }
    }
    const Term material{"material", "Material", 100, 9, 0, 400};
    int ceilingCodes = 0;
    for (std::uint64_t i = 0; i < 512; ++i)
        ceilingCodes += material.valueAt(i) == 400;
    EXPECT_EQ(ceilingCodes, 1);  // 112 with the clamped mapping
    EXPECT_EQ(material.valueAtClampedMapping(511), 400);
    EXPECT_EQ(material.valueAtClampedMapping(300), 300);
}

// The bundled preset tunes the original engine's twelve evaluation terms, in their order, with the 2006 bit
// widths; its defaults are the bundled engine's (tests/tuning/bundled_presets_test.cpp compares them
// with the engine's option table), the 2006 defaults live in matefind-2006.json (the 2006 import).
TEST(Genome, PresetHasTheTwelveSpecTerms) {
    const Result<Genome> g = loadGenome(kPreset);
    ASSERT_TRUE(g.ok()) << g.error().message;
    struct Expected { const char* option; int bits; };
    const Expected expected[] = {
        {"KnightValue", 9}, {"BishopValue", 9}, {"RookValue", 9}, {"QueenValue", 9},
        {"AttackedSquares", 8}, {"PiecePlacement", 8}, {"DoubledPawns", 9}, {"StoppedPawns", 9},
        {"KingRookPlacement", 9}, {"KingEdgePlacement", 9}, {"KingShieldAttacks", 9},
        {"CastledBonus", 9}};
    ASSERT_EQ(g->size(), 12U);
    for (std::size_t i = 0; i < 12; ++i) {
        EXPECT_EQ((*g)[i].option, expected[i].option);
        EXPECT_EQ((*g)[i].bits, expected[i].bits);
        EXPECT_GE((*g)[i].low(), 0);
        // The default sits inside its window, so "around the defaults" starts at the default.
        EXPECT_LE((*g)[i].low(), (*g)[i].defaultValue);
        EXPECT_GE((*g)[i].high(), (*g)[i].defaultValue);
    }
    EXPECT_EQ(g->length(), 106U);
    EXPECT_EQ(g->offset(4), 36U);
}

TEST(Genome, JsonRoundTrip) {
    const Genome g({Term{"a", "A", 10, 4}, Term{"b b", "B B", -3, 5, -20, 7}});
    const Result<Genome> back = genomeFromJson(genomeToJson(g));
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, g);
}

// The group: the option name before its first dot, kept through JSON; files without it (all
// files before groups) read with an empty group, and a term without a group writes none.
TEST(Genome, GroupIsTheNameBeforeTheFirstDotAndOptionalInFiles) {
    EXPECT_EQ(optionGroup("Psqt.Knight.Mg.d4"), "Psqt");
    EXPECT_EQ(optionGroup("Material.Pawn.Eg"), "Material");
    EXPECT_EQ(optionGroup("KnightValue"), "");
    EXPECT_EQ(optionGroup(".hidden"), "");
    const Genome made = fromSpinOptions({{"Psqt.Knight.Mg.d4", -100, 100, 5}, {"KnightValue", 0, 2047, 300}});
    EXPECT_EQ(made[0].group, "Psqt");
    EXPECT_EQ(made[1].group, "");
    const std::string json = genomeToJson(made);
    EXPECT_NE(json.find("\"group\": \"Psqt\""), std::string::npos) << json;
    EXPECT_EQ(json.find("\"group\": \"\""), std::string::npos) << json;
    const Result<Genome> back = genomeFromJson(json);
    ASSERT_TRUE(back.ok()) << back.error().message;
    EXPECT_EQ(*back, made);
    const Result<Genome> old = loadGenome(kPreset);
    ASSERT_TRUE(old.ok()) << old.error().message;
    for (const Term& t : old->terms()) EXPECT_EQ(t.group, "") << t.option;
}

std::string errorOf(const std::string& json) {
    const Result<Genome> g = genomeFromJson(json, "x.json");
    return g.ok() ? std::string("(loaded)") : g.error().message;
}

// A number too large for a double is valid JSON syntax that the JSON library refuses with another
// exception than a parse error; found by fuzz_genome (it escaped and ended the program).
TEST(Genome, NumberTooLargeIsAnErrorNotACrash) {
    const std::string huge(400, '7');
    const std::string text = R"({"format": "matefind-genome", "version": 1, "terms": [{"name": "a", "option": "A", "default": )" +
                             huge + R"(e999999, "bits": 4}]})";
    std::string message;
    EXPECT_NO_THROW(message = errorOf(text));
    EXPECT_EQ(message.rfind("x.json: invalid JSON: number overflow", 0), 0U) << message;
}

TEST(Genome, LoadErrorsNameFileAndField) {
    const std::string head = R"({"format": "matefind-genome", "version": 1, "terms": [)";
    EXPECT_EQ(errorOf(head + R"({"name": "a", "option": "A", "default": 1, "bits": 17}]})"),
              "x.json: terms[0].bits: must be an integer from 1 to 16, got 17");
    EXPECT_EQ(errorOf(head + R"({"name": "a", "option": "A", "default": 1, "bits": 4}, {"name": "b", "option": "B", "bits": 4}]})"),
              "x.json: terms[1].default: missing");
    EXPECT_EQ(errorOf(head + R"({"name": "a", "option": "A", "default": "1", "bits": 4}]})"),
              "x.json: terms[0].default: must be an integer");
    EXPECT_EQ(errorOf(head + R"({"name": "a", "option": "A", "default": 1, "bits": 4, "bitz": 2}]})"),
              "x.json: terms[0].bitz: unknown field (known: name, option, default, bits, floor, ceiling, c_end, r_end, group)");
    EXPECT_EQ(errorOf(head + R"({"name": "a", "option": "A", "default": 1, "bits": 4, "group": 3}]})"),
              "x.json: terms[0].group: must be a string");
    EXPECT_EQ(errorOf(head + R"({"name": "a", "option": "A", "default": 1, "bits": 4}, {"name": "b", "option": "A", "default": 1, "bits": 4}]})"),
              "x.json: terms[1].option: duplicate option 'A'");
    EXPECT_EQ(errorOf(head + R"(]})"), "x.json: terms: must list at least one term");
    EXPECT_EQ(errorOf(R"({"format": "other", "version": 1, "terms": []})"), "x.json: format: must be \"matefind-genome\"");
    EXPECT_EQ(errorOf(R"({"format": "matefind-genome", "version": 2, "terms": []})"),
              "x.json: version: must be 1 (the only version this program reads)");
    const std::string broken = errorOf("{\n\"format\": \"matefind-genome\",\n\"version\": 1,\n\"terms\": [ oops ]\n}");
    EXPECT_EQ(broken.rfind("x.json:4: invalid JSON", 0), 0U) << broken;
    const Result<Genome> missing = loadGenome("/nonexistent/dir/g.json");
    ASSERT_FALSE(missing.ok());
    EXPECT_EQ(missing.error().message, "/nonexistent/dir/g.json: cannot open for reading");
}

TEST(Genome, FromSpinOptionsCoversTheRange) {
    // Toga II-like options: 0..400 default 100 needs 9 bits (512 >= 401).
    const Genome g = fromSpinOptions({{"Material", 0, 400, 100}, {"Contempt", -100, 100, 0}, {"Flag", 0, 1, 1},
                                      {"Hash", 1, 33554432, 16}});
    ASSERT_FALSE(validateGenome(g).has_value()) << validateGenome(g)->message;
    EXPECT_EQ(g[0].bits, 9);
    EXPECT_EQ(g[0].low(), 0);
    EXPECT_EQ(g[0].high(), 400);
    EXPECT_EQ(g[1].bits, 8);
    EXPECT_EQ(g[1].low(), -100);
    EXPECT_EQ(g[1].high(), 100);
    EXPECT_EQ(g[2].bits, 1);
    EXPECT_EQ(g[2].low(), 0);
    EXPECT_EQ(g[2].high(), 1);
    // Too wide for 16 bits: a 65536-value window around the default, kept inside [min, max].
    EXPECT_EQ(g[3].bits, kMaxBits);
    EXPECT_EQ(g[3].low(), 1);
    EXPECT_EQ(g[3].high(), 65536);
    for (std::size_t i = 0; i < g.size(); ++i) {
        EXPECT_EQ(g[i].option, g[i].name);
        EXPECT_LE(g[i].low(), g[i].defaultValue);
        EXPECT_GE(g[i].high(), g[i].defaultValue);
    }
}

} // namespace
} // namespace mf::ga
