// The guarantee the tuner relies on when it reuses engine processes: with Threads=1, after
// `ucinewgame`, `position ... go nodes N` answers the same move and score as a fresh process, no
// matter which positions and option values the process searched before.
#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <tuple>

#include "engine_pipe.h"

namespace mf::test {
namespace {

using namespace std::chrono_literals;

struct Answer {
    std::string bestmove;
    std::string score;
    bool operator==(const Answer&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Answer& a) { return out << a.bestmove << " / " << a.score; }

// Positions with knights and pawn structure, so KnightValue and the pawn terms change the search.
const char* const Positions[] = {
    "r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7",
    "r1bq1rk1/pp2nppp/2n1p3/3pP3/1b1P4/2NB1N2/PP3PPP/R1BQK2R w KQ - 0 9",
    "2r3k1/1p3ppp/p1n1p3/3pP3/P2P1N2/1P3P2/5KPP/2R5 b - - 0 28",
};

struct Setting {
    int knight;
    int passedPawn;
};
const Setting Settings[] = {{300, 24}, {200, 24}, {300, 60}};

constexpr int Nodes = 20000;

std::vector<std::string> setOptions(const Setting& s) {
    return {"setoption name Threads value 1", "setoption name KnightValue value " + std::to_string(s.knight),
            "setoption name PassedPawn value " + std::to_string(s.passedPawn)};
}

Answer search(EnginePipe& engine, const char* fen) {
    engine.send(std::string("position fen ") + fen);
    engine.send("isready");
    EXPECT_TRUE(engine.waitFor("readyok", 10s));
    engine.send("go nodes " + std::to_string(Nodes));
    std::vector<std::string> lines;
    const auto best = engine.waitFor("bestmove", 60s, &lines);
    EXPECT_TRUE(best);
    static const std::regex score(" score (cp -?[0-9]+|mate -?[0-9]+)");
    Answer a{best.value_or("none"), ""};
    for (const auto& l : lines) {
        std::smatch m;
        if (l.rfind("info depth", 0) == 0 && std::regex_search(l, m, score)) a.score = m[1];
        EXPECT_EQ(l.find("info string option"), std::string::npos) << l;  // every setoption taken
    }
    return a;
}

Answer freshAnswer(std::size_t position, std::size_t setting) {
    EnginePipe fresh(engineExecutable());
    for (const auto& line : setOptions(Settings[setting])) fresh.send(line);
    return search(fresh, Positions[position]);
}

TEST(Determinism, ReusedProcessMatchesAFreshOneAcrossPositionsAndOptionValues) {
    std::map<std::pair<std::size_t, std::size_t>, Answer> fresh;
    EnginePipe reused(engineExecutable());
    reused.send("uci");
    ASSERT_TRUE(reused.waitFor("uciok", 10s));
    // Every (position, setting) pair several times, in an order where neighbours differ in both,
    // with searches of other kinds (depth, other position, no ucinewgame) in between.
    int checked = 0;
    for (int round = 0; round < 3; ++round) {
        for (std::size_t i = 0; i < std::size(Positions) * std::size(Settings); ++i) {
            const std::size_t position = (i + round) % std::size(Positions);
            const std::size_t setting = (i / std::size(Positions) + 2 * round) % std::size(Settings);
            if (i % 4 == 1) {
                // A differently configured search that fills hash, history and caches.
                reused.send("setoption name KnightValue value 420");
                reused.send("position startpos moves e2e4 e7e5 g1f3 b8c6");
                reused.send("go depth 7");
                ASSERT_TRUE(reused.waitFor("bestmove", 60s));
            }
            for (const auto& line : setOptions(Settings[setting])) reused.send(line);
            reused.send("ucinewgame");
            const Answer got = search(reused, Positions[position]);
            const auto key = std::make_pair(position, setting);
            if (!fresh.count(key)) fresh[key] = freshAnswer(position, setting);
            EXPECT_EQ(got, fresh[key]) << "round " << round << ", position " << position << ", KnightValue "
                                       << Settings[setting].knight << ", PassedPawn " << Settings[setting].passedPawn;
            EXPECT_FALSE(got.score.empty());
            ++checked;
        }
    }
    EXPECT_EQ(checked, 27);
    // The option values matter at all, or this test would prove nothing about them.
    bool optionsChangeAnAnswer = false;
    for (std::size_t p = 0; p < std::size(Positions); ++p)
        optionsChangeAnAnswer |= !(fresh[{p, 0}] == fresh[{p, 1}]) || !(fresh[{p, 0}] == fresh[{p, 2}]);
    EXPECT_TRUE(optionsChangeAnAnswer);
}

}  // namespace
}  // namespace mf::test
