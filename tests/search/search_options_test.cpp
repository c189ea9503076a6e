// The search's constants as UCI options (Search.*): announced with the values the search was
// written with, each one reaching the search, the late-move-reduction table following its two
// constants, and the hash keyed by them as it is by the evaluation weights.
#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/bench.h"
#include "engine/search.h"
#include "engine/search_controller.h"
#include "engine/search_params.h"

namespace mf {
namespace {

// The shipped defaults: SPSA's theta after 9,700 games at 5000 nodes a move
// (docs/results/2026-11-28-search-by-games.md, which also lists the values the search was
// written with).
const std::map<std::string, int> TodaysValues = {
    {"Search.ReverseFutilityMargin", 68},
    {"Search.ReverseFutilityDepth", 6},
    {"Search.RazoringMargin", 256},
    {"Search.RazoringDepth", 2},
    {"Search.NullMoveDepth", 3},
    {"Search.NullMoveReduction", 3},
    {"Search.NullMoveDepthDivisor", 4},
    {"Search.NullMoveEvalDivisor", 200},
    {"Search.NullMoveEvalCap", 3},
    {"Search.LateMovePruningBase", 5},
    {"Search.LateMovePruningNotImproving", 60},
    {"Search.FutilityBase", 88},
    {"Search.FutilityPerDepth", 78},
    {"Search.FutilityDepth", 6},
    {"Search.SeeQuietMargin", 84},
    {"Search.SeeQuietDepth", 7},
    {"Search.SeeCaptureMargin", 106},
    {"Search.SeeCaptureDepth", 6},
    {"Search.LmrDepth", 3},
    {"Search.LmrBase", 86},
    {"Search.LmrDivisor", 221},
    {"Search.LmrHistoryDivisor", 5963},
    {"Search.AspirationWindow", 18},
    {"Search.AspirationDepth", 5},
    {"Search.AspirationGrowth", 49},
    {"Search.HistoryBonusQuadratic", 15},
    {"Search.HistoryBonusLinear", 31},
    {"Search.HistoryBonusMax", 1611},
    {"Search.CheckExtensionReach", 198},
    {"Search.IirDepth", 3},
    {"Search.DeltaMargin", 174},
};

struct Announced {
    long long defaultValue, min, max;
};

// The Search.* lines of `uci`, read back from their text.
std::map<std::string, Announced> announcedSearchOptions(SearchController& controller) {
    std::map<std::string, Announced> found;
    for (const std::string& line : controller.options().uciLines()) {
        std::istringstream words(line);
        std::string option, nameWord, name, typeWord, type, d, m, x;
        Announced a{};
        words >> option >> nameWord >> name >> typeWord >> type >> d >> a.defaultValue >> m >> a.min >> x >> a.max;
        if (name.rfind("Search.", 0) != 0) continue;
        EXPECT_EQ(type, "spin") << line;
        found[name] = a;
    }
    return found;
}

TEST(SearchOptions, TheEngineAnnouncesTheSearchConstantsWithTheShippedValuesAsDefaults) {
    SearchController controller([](std::string_view) {});
    const auto announced = announcedSearchOptions(controller);
    EXPECT_GE(announced.size(), 20u);
    EXPECT_EQ(announced.size(), TodaysValues.size());
    for (const auto& [name, value] : TodaysValues) {
        const auto it = announced.find(name);
        ASSERT_NE(it, announced.end()) << name;
        EXPECT_EQ(it->second.defaultValue, value) << name;
        EXPECT_LT(it->second.min, it->second.max) << name;
        EXPECT_LE(it->second.min, value) << name;
        EXPECT_GE(it->second.max, value) << name;
    }
    // Every divisor stays at least 1, and a reduction is never applied below the depth it needs.
    for (const char* divisor : {"Search.NullMoveDepthDivisor", "Search.NullMoveEvalDivisor", "Search.LmrDivisor",
                                "Search.LmrHistoryDivisor"})
        EXPECT_GE(announced.at(divisor).min, 1) << divisor;
    EXPECT_GE(announced.at("Search.LmrDepth").min, 2);
}

TEST(SearchOptions, EveryTermIsNamedInItsGroupWithAUnitAndAMeaning) {
    std::map<std::string, int> lowerNames;
    const SearchConstants defaults;
    for (const SearchTerm& term : searchTerms()) {
        EXPECT_EQ(term.name.rfind("Search.", 0), 0u) << term.name;
        std::string lower(term.name);
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        EXPECT_EQ(++lowerNames[lower], 1) << term.name << " twice (UCI names ignore case)";
        EXPECT_EQ(defaults.*term.field, term.defaultValue) << term.name;
        EXPECT_FALSE(term.unit.empty()) << term.name;
        EXPECT_FALSE(term.meaning.empty()) << term.name;
    }
}

TEST(SearchOptions, TheDefaultReductionTableIsTheFormulaTheSearchWasWrittenWith) {
    const ReductionTable table(80, 230);
    for (int d = 1; d < 64; ++d)
        for (int m = 1; m < 64; ++m)
            ASSERT_EQ(table(d, m), static_cast<int>(0.8 + std::log(d) * std::log(m) / 2.3)) << d << " " << m;
    EXPECT_EQ(table(200, 300), table(63, 63));  // beyond the table: its last entry
    EXPECT_EQ(table(0, 5), 0);
}

std::size_t indexOf(std::string_view name) {
    for (std::size_t i = 0; i < searchTerms().size(); ++i)
        if (searchTerms()[i].name == name) return i;
    ADD_FAILURE() << "no search term " << name;
    return 0;
}

TEST(SearchOptions, SettingTheReductionConstantsRebuildsTheTable) {
    SearchParams params;
    const ReductionTable defaults(80, 230);
    params.set(indexOf("Search.LmrBase"), 300);
    EXPECT_EQ(params.constants().lmrBase, 300);
    EXPECT_EQ(params.reductions()(10, 10), ReductionTable(300, 230)(10, 10));
    EXPECT_NE(params.reductions()(10, 10), defaults(10, 10));
    params.set(indexOf("Search.LmrDivisor"), 100);
    EXPECT_EQ(params.reductions()(20, 30), ReductionTable(300, 100)(20, 30));
    params.set(indexOf("Search.LmrBase"), 80);
    params.set(indexOf("Search.LmrDivisor"), 230);
    for (int d = 1; d < 64; ++d)
        for (int m = 1; m < 64; ++m) ASSERT_EQ(params.reductions()(d, m), defaults(d, m)) << d << " " << m;
    // Another constant leaves the table as it is.
    params.set(indexOf("Search.FutilityBase"), 0);
    EXPECT_EQ(params.reductions()(10, 10), defaults(10, 10));
    EXPECT_EQ(params.at(indexOf("Search.FutilityBase")), 0);
}

// A busy middlegame position searched to a fixed depth from an empty hash and history.
std::uint64_t fixedDepthNodes(const SearchParams& params) {
    TranspositionTable tt;
    tt.resize(4);
    auto history = std::make_unique<MoveHistory>();
    SearchLimits limits;
    limits.depth = 9;
    const Position pos = *Position::fromFen("r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14");
    Search search(pos, limits, Search::Clock::now(), 0, tt, *history, EvalParams{}, params, [](std::string_view) {});
    return search.run({}).nodes;
}

TEST(SearchOptions, AFixedDepthSearchFollowsAnExtremeValueAndIsTheSameBackAtTheDefault) {
    const std::uint64_t before = fixedDepthNodes(SearchParams{});
    for (const char* name : {"Search.LmrBase", "Search.NullMoveReduction", "Search.ReverseFutilityMargin"}) {
        const std::size_t index = indexOf(name);
        SearchParams params;
        params.set(index, searchTerms()[index].max);
        EXPECT_NE(fixedDepthNodes(params), before) << name << " at its maximum";
        params.set(index, searchTerms()[index].defaultValue);
        EXPECT_EQ(fixedDepthNodes(params), before) << name << " back at its default";
    }
}

// Every option reaches the search: `bench` at depth 7 (all its positions, so each part of the
// search is met) counts other nodes with the option at its minimum or its maximum, set through
// `setoption` between searches of one engine; back at the defaults it counts what it did before.
TEST(SearchOptions, EveryOptionChangesTheBenchAtAnExtremeValue) {
    constexpr int Depth = 7;
    SearchController controller([](std::string_view) {});
    const auto set = [&controller](std::string_view name, int value) {
        ASSERT_FALSE(controller.options().set(name, std::to_string(value))) << name << " = " << value;
    };
    const std::uint64_t atDefaults = controller.bench(Depth).nodes;
    for (const SearchTerm& term : searchTerms()) {
        set(term.name, term.min);
        const std::uint64_t atMin = controller.bench(Depth).nodes;
        std::uint64_t atMax = atDefaults;
        if (atMin == atDefaults) {
            set(term.name, term.max);
            atMax = controller.bench(Depth).nodes;
        }
        EXPECT_TRUE(atMin != atDefaults || atMax != atDefaults) << term.name << " changes nothing at its min or max";
        set(term.name, term.defaultValue);
    }
    EXPECT_EQ(controller.bench(Depth).nodes, atDefaults);
}

// Two engines in one process: one with a changed constant, the other at the defaults, each
// searching as if alone.
TEST(SearchOptions, TwoEnginesInOneProcessKeepTheirOwnConstants) {
    SearchController tuned([](std::string_view) {}), plain([](std::string_view) {});
    const std::uint64_t plainBefore = plain.bench(6).nodes;
    ASSERT_FALSE(tuned.options().set("Search.LmrDivisor", "100"));
    const std::uint64_t tunedNodes = tuned.bench(6).nodes;
    EXPECT_NE(tunedNodes, plainBefore);
    EXPECT_EQ(plain.bench(6).nodes, plainBefore);
    EXPECT_EQ(plain.searchParams().constants().lmrDivisor, 221);
    EXPECT_EQ(tuned.searchParams().constants().lmrDivisor, 100);
}

TEST(SearchOptions, OutOfRangeValuesAreRefusedWithTheRange) {
    SearchController controller([](std::string_view) {});
    const auto error = controller.options().set("Search.NullMoveDepthDivisor", "0");
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("out of range 1..32"), std::string::npos) << *error;
    EXPECT_EQ(controller.searchParams().constants().nullMoveDepthDivisor, 4);
}

TEST(SearchConstantsKey, IsZeroAtTheDefaultsAndDiffersForEachChange) {
    EXPECT_EQ(searchConstantsKey(SearchConstants{}), 0u);
    std::vector<std::uint64_t> keys;
    for (std::size_t i = 0; i < searchTerms().size(); ++i) {
        for (int delta : {1, 3}) {
            SearchParams p;
            p.set(i, searchTerms()[i].defaultValue + delta);
            const std::uint64_t key = searchConstantsKey(p.constants());
            EXPECT_NE(key, 0u) << searchTerms()[i].name;
            for (std::uint64_t other : keys) EXPECT_NE(key, other) << searchTerms()[i].name << " +" << delta;
            keys.push_back(key);
        }
    }
}

// The hash key is evalWeightsKey ^ searchConstantsKey: a change of one evaluation weight and a
// change of one search constant to the same value must not cancel (their terms' ids differ).
TEST(SearchConstantsKey, NeverCancelsAnEvaluationWeightsKey) {
    for (std::size_t i = 0; i < searchTerms().size(); ++i) {
        const int value = searchTerms()[i].defaultValue + 1;
        SearchParams search;
        search.set(i, value);
        const std::uint64_t searchKey = searchConstantsKey(search.constants());
        for (const EvalTerm& term : evalTerms()) {
            if (term.defaultValue == value) continue;
            EvalParams eval;
            eval.at(term.index) = value;
            ASSERT_NE(evalWeightsKey(eval), searchKey) << searchTerms()[i].name << " and " << term.name << " at " << value;
        }
    }
}

// The search stores under (position key XOR the constants' key), so a search under other
// constants never reads what this one stored.
TEST(SearchConstantsKey, TheSearchStoresUnderIt) {
    TranspositionTable tt;
    tt.resize(4);
    auto history = std::make_unique<MoveHistory>();
    SearchParams params;
    params.set(indexOf("Search.FutilityBase"), 200);
    SearchLimits limits;
    limits.depth = 6;
    const Position pos = Position::startPosition();
    Search s(pos, limits, Search::Clock::now(), 0, tt, *history, EvalParams{}, params, [](std::string_view) {});
    s.run({});
    TtData data;
    EXPECT_TRUE(tt.probe(pos.key() ^ searchConstantsKey(params.constants()), data));
    EXPECT_FALSE(tt.probe(pos.key(), data));
}

}  // namespace
}  // namespace mf
