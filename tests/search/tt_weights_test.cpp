// Transposition-table entries are tied to the evaluation weights they were computed under. The
// tuner changes weights with `setoption` between movetime searches without `ucinewgame`; a hash
// keeping the previous chromosome's scores and static evaluations would make a chromosome's result
// depend on the one evaluated before it.
#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval_params.h"
#include "engine/search.h"
#include "engine/search_controller.h"

namespace mf {
namespace {

// A busy middlegame position (the node-limit test uses it too).
constexpr std::string_view MiddlegameFen = "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14";

Position position() { return *Position::fromFen(MiddlegameFen); }

TEST(EvalWeightsKey, IsZeroForTheDefaultsAndDiffersForEachChange) {
    EXPECT_EQ(evalWeightsKey(EvalParams{}), 0u);
    std::vector<std::uint64_t> keys;
    for (const EvalTerm& term : evalTerms()) {
        for (int delta : {1, 7}) {
            EvalParams p;
            p.at(term.index) = term.defaultValue + delta;
            const std::uint64_t key = evalWeightsKey(p);
            EXPECT_NE(key, 0u) << term.name;
            for (std::uint64_t other : keys) EXPECT_NE(key, other) << term.name << " +" << delta;
            keys.push_back(key);
        }
    }
    // Back to the defaults, back to zero: entries stored at the defaults are found again.
    EvalParams p;
    p.queenValue = 1200;
    p.queenValue = EvalParams{}.queenValue;
    EXPECT_EQ(evalWeightsKey(p), 0u);
}

// The search stores under (position key XOR weights key): what it stored under weights A is found
// with A's key and not with the bare position key, which is what B = defaults would probe.
TEST(TtWeights, SearchStoresUnderTheWeightsKey) {
    TranspositionTable tt;
    tt.resize(4);
    auto history = std::make_unique<MoveHistory>();
    EvalParams a;
    a.knightValue = 400;
    a.passedPawn = 60;
    SearchLimits limits;
    limits.depth = 6;
    const Position pos = position();
    Search s(pos, limits, Search::Clock::now(), 0, tt, *history, a, SearchParams{}, [](std::string_view) {});
    s.run(std::stop_token{});
    TtData data;
    EXPECT_TRUE(tt.probe(pos.key() ^ evalWeightsKey(a), data));
    EXPECT_FALSE(tt.probe(pos.key(), data));
}

// The last `info depth` line and the `bestmove` of a search, without the timing fields (time, nps,
// hashfull), which differ between runs.
std::vector<std::string> searchAnswer(const std::vector<std::string>& lines) {
    std::vector<std::string> out;
    for (const std::string& line : lines) {
        if (line.rfind("bestmove", 0) == 0) out.push_back(line);
        if (line.rfind("info depth", 0) != 0) continue;
        std::istringstream words(line);
        std::string word, kept;
        while (words >> word) {
            if (word == "time" || word == "nps" || word == "hashfull") {
                words >> word;
                continue;
            }
            kept += word + ' ';
        }
        if (out.empty() || out.back().rfind("bestmove", 0) == 0) out.push_back(kept);
        else out.back() = kept;
    }
    return out;
}

// Weights A, search; weights B, search (no ucinewgame, as the tuner does before movetime searches).
// The second answer must be the one given when the hash is cleared in between (history is kept in
// both runs, so only the hash can make a difference).
std::vector<std::string> searchUnderBAfterA(bool clearHashBetween) {
    std::vector<std::string> lines;
    SearchController controller([&](std::string_view line) { lines.emplace_back(line); });
    controller.setOption("name EndgameTables value false");
    controller.setOption("name Hash value 64");
    SearchLimits limits;
    limits.nodes = 30000;
    controller.setOption("name KnightValue value 500");
    controller.setOption("name QueenValue value 1500");
    controller.setOption("name PiecePlacement value 200");
    controller.go(position(), limits, SearchController::Clock::now());
    controller.waitForSearch();
    const EvalParams defaults;  // back to the defaults
    for (const std::string& option : {"name KnightValue value " + std::to_string(defaults.knightValue),
                                      "name QueenValue value " + std::to_string(defaults.queenValue),
                                      "name PiecePlacement value " + std::to_string(defaults.piecePlacement)})
        controller.setOption(option);
    if (clearHashBetween) controller.setOption("name Clear Hash");
    lines.clear();
    controller.go(position(), limits, SearchController::Clock::now());
    controller.waitForSearch();
    return searchAnswer(lines);
}

TEST(TtWeights, EntriesOfOtherWeightsDoNotChangeTheAnswer) {
    const std::vector<std::string> carried = searchUnderBAfterA(false);
    const std::vector<std::string> cleared = searchUnderBAfterA(true);
    ASSERT_EQ(cleared.size(), 2u);
    EXPECT_EQ(carried, cleared);
}

}  // namespace
}  // namespace mf
