// The real matefind-engine over pipes: the UCI behaviour a GUI or the GA relies on.
#include <gtest/gtest.h>

#include <cstdio>
#include <map>
#include <regex>
#include <thread>

#include "engine/eval_defaults.h"
#include "engine/types.h"
#include "engine_pipe.h"

namespace mf::test {
namespace {

using namespace std::chrono_literals;
using Clock = std::chrono::steady_clock;

// Under a loaded machine (parallel builds, ctest -j) time limits stretch; the figures the engine
// really achieves are measured by uci_latency_bench, the assertions here only catch gross failures.
constexpr auto Generous = 10s;

struct Engine : ::testing::Test {
    std::unique_ptr<EnginePipe> engine;
    void SetUp() override {
        engine = std::make_unique<EnginePipe>(engineExecutable());
        engine->send("uci");
        ASSERT_TRUE(engine->waitFor("uciok", Generous));
    }
    void ready() {
        engine->send("isready");
        ASSERT_TRUE(engine->waitFor("readyok", Generous));
    }
    // Runs `go ...` and returns the bestmove line; the info lines land in `infos`.
    std::string go(const std::string& args, std::vector<std::string>* infos = nullptr) {
        engine->send("go " + args);
        auto line = engine->waitFor("bestmove", 60s, infos);
        EXPECT_TRUE(line) << "no bestmove for go " << args;
        return line.value_or("");
    }
};

std::string lastScore(const std::vector<std::string>& lines) {
    static const std::regex score(" score (cp -?[0-9]+|mate -?[0-9]+)");
    std::string found;
    for (const auto& l : lines) {
        std::smatch m;
        if (l.rfind("info depth", 0) == 0 && std::regex_search(l, m, score)) found = m[1];
    }
    return found;
}

TEST_F(Engine, UciListsEveryOptionWithItsDefault) {
    auto pipe = EnginePipe(engineExecutable());
    pipe.send("uci");
    std::vector<std::string> lines;
    ASSERT_TRUE(pipe.waitFor("uciok", Generous, &lines));
    std::map<std::string, std::string> declared;
    static const std::regex option("^option name (.+) type (\\w+)(.*)$");
    for (const auto& l : lines) {
        std::smatch m;
        if (std::regex_match(l, m, option)) declared[m[1]] = m[2].str() + m[3].str();
    }
    const std::map<std::string, std::string> expected = {
        {"KnightValue", "spin default 300 min 0 max 2047"}, {"BishopValue", "spin default 301 min 0 max 2047"},
        {"RookValue", "spin default 461 min 0 max 2047"},   {"QueenValue", "spin default 987 min 0 max 2047"},
        {"AttackedSquares", "spin default 1 min 0 max 1023"}, {"PiecePlacement", "spin default 23 min 0 max 1023"},
        {"DoubledPawns", "spin default 18 min 0 max 1023"},  {"StoppedPawns", "spin default 16 min 0 max 1023"},
        {"KingRookPlacement", "spin default 78 min 0 max 1023"}, {"KingEdgePlacement", "spin default 37 min 0 max 1023"},
        {"KingShieldAttacks", "spin default 1 min 0 max 1023"}, {"CastledBonus", "spin default 30 min 0 max 1023"},
        {"RookEndgame", "spin default 121 min -1023 max 1023"}, {"PawnEndgame", "spin default -13 min -100 max 1023"},
        {"Hash", "spin default 16 min 1 max 65536"}, {"Threads", "spin default 1 min 1 max 1"},
        {"Clear Hash", "button"},
    };
    for (const auto& [name, decl] : expected) {
        ASSERT_TRUE(declared.count(name)) << name;
        EXPECT_EQ(declared[name], decl) << name;
    }
    for (const char* extra : {"KnightMobility", "PassedPawn", "KingSafety", "BishopPair", "RookOpenFile", "Tempo"})
        EXPECT_TRUE(declared.count(extra)) << extra;
}

TEST_F(Engine, IsReadyIsAnsweredWhileSearchingAndStopAnswersAtOnce) {
    engine->send("position startpos");
    engine->send("go infinite");
    std::this_thread::sleep_for(200ms);
    engine->send("isready");
    std::vector<std::string> lines;
    ASSERT_TRUE(engine->waitFor("readyok", Generous, &lines));
    for (const auto& l : lines) EXPECT_NE(l.rfind("bestmove", 0), 0u) << "bestmove before stop: " << l;
    // Infinite: no bestmove by itself.
    EXPECT_FALSE(engine->waitFor("bestmove", 300ms));
    engine->send("stop");
    auto best = engine->waitFor("bestmove", Generous);
    ASSERT_TRUE(best);
    EXPECT_TRUE(std::regex_match(*best, std::regex("bestmove [a-h][1-8][a-h][1-8][qrbn]?( ponder [a-h][1-8][a-h][1-8][qrbn]?)?")))
        << *best;
    ready();
}

TEST_F(Engine, GarbageIsIgnored) {
    engine->send("hello engine");
    // 15 bytes with a NUL inside (the count once said 16 and read a byte past the literal: found
    // by the asan preset).
    engine->sendRaw(std::string("\x01\x02\xff\xfe garbage\0\r\n", 15));
    engine->send("");
    engine->send("   ");
    engine->send("position fen this is not a fen");
    engine->send("position startpos moves e2e4 e7e9");
    engine->send("setoption");
    engine->send("setoption name");
    // No valid limit left: the search runs until stopped.
    engine->send("go depth banana nodes -3 wibble");
    std::vector<std::string> warnings;
    engine->send("isready");
    ASSERT_TRUE(engine->waitFor("readyok", Generous, &warnings));
    int warned = 0;
    for (const auto& w : warnings) warned += w.rfind("info string go:", 0) == 0;
    EXPECT_EQ(warned, 3);
    engine->send("stop");
    ASSERT_TRUE(engine->waitFor("bestmove", Generous));
    engine->send("position startpos moves e2e4");
    std::vector<std::string> infos;
    const std::string best = go("depth 4", &infos);
    EXPECT_NE(best, "bestmove 0000");
    ready();
}

TEST_F(Engine, SetOptionErrorsAreInfoStringsAndKeepTheValue) {
    engine->send("position fen 4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    engine->send("setoption name QueenValue value 5000");
    auto l1 = engine->waitFor("info string", Generous);
    ASSERT_TRUE(l1);
    EXPECT_NE(l1->find("out of range 0..2047"), std::string::npos) << *l1;
    engine->send("setoption name QueenValue value many");
    auto l2 = engine->waitFor("info string", Generous);
    ASSERT_TRUE(l2);
    EXPECT_NE(l2->find("not an integer"), std::string::npos) << *l2;
    engine->send("setoption name NoSuchTerm value 3");
    auto l3 = engine->waitFor("info string", Generous);
    ASSERT_TRUE(l3);
    EXPECT_NE(l3->find("unknown option 'NoSuchTerm'"), std::string::npos) << *l3;
    // The value stayed 987 (the default): the material line of `eval` shows the queen's term at its
    // default, and QueenValue 1000 then adds 1000 - 987 to it.
    const int queen = defaultTermValues()[layout::slot(layout::MaterialPair + Queen - Pawn, layout::Mg)];
    engine->send("eval");
    auto material = engine->waitFor("Material", Generous);
    ASSERT_TRUE(material);
    EXPECT_NE(material->find(" " + std::to_string(queen) + " "), std::string::npos) << *material;
    engine->send("setoption name QueenValue value 1000");
    engine->send("eval");
    material = engine->waitFor("Material", Generous);
    ASSERT_TRUE(material);
    EXPECT_NE(material->find(" " + std::to_string(queen + 13) + " "), std::string::npos) << *material;
}

// The properties, with generous bounds: an engine that ignored movetime would search until
// `stop` (never answering), one that ignored the clock would lose on time. The figures (overshoot,
// clock use) are measured by the uci_latency_bench benchmark, with targets.
TEST_F(Engine, MovetimeIsObeyed) {
    engine->send("position fen r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14");
    ready();
    for (int i = 0; i < 3; ++i) {
        const auto start = Clock::now();
        engine->send("go movetime 100");
        EXPECT_TRUE(engine->waitFor("bestmove", Generous)) << "no bestmove for go movetime 100";
        EXPECT_LT(Clock::now() - start, Generous);
    }
}

TEST_F(Engine, ClockTimeIsObeyed) {
    engine->send("position startpos moves e2e4 e7e5");
    ready();
    const auto start = Clock::now();
    engine->send("go wtime 2000 btime 2000 winc 0 binc 0");
    EXPECT_TRUE(engine->waitFor("bestmove", Generous)) << "no bestmove for go wtime 2000";
    EXPECT_LT(Clock::now() - start, 2000ms) << "used its whole clock";
}

TEST_F(Engine, NodesLimitIsDeterministicAfterUciNewGame) {
    const char* position = "position fen r1b1k2r/ppppnppp/2n2q2/2b5/3NP3/2P1B3/PP3PPP/RN1QKB1R w KQkq - 0 7";
    std::vector<std::pair<std::string, std::string>> results;
    for (int run = 0; run < 3; ++run) {
        // A search in between fills hash and history; ucinewgame must make that irrelevant.
        engine->send("position startpos");
        go("depth 6");
        engine->send("ucinewgame");
        engine->send(position);
        ready();
        std::vector<std::string> infos;
        const std::string best = go("nodes 50000", &infos);
        results.emplace_back(best, lastScore(infos));
        // The last info line's node count does not pass the limit.
        static const std::regex nodes(" nodes ([0-9]+)");
        for (const auto& l : infos) {
            std::smatch m;
            if (std::regex_search(l, m, nodes)) {
                EXPECT_LE(std::stoull(m[1]), 50000u) << l;
            }
        }
    }
    // A fresh process gives the same answer too.
    EnginePipe fresh(engineExecutable());
    fresh.send(position);
    fresh.send("go nodes 50000");
    std::vector<std::string> infos;
    auto best = fresh.waitFor("bestmove", 60s, &infos);
    ASSERT_TRUE(best);
    results.emplace_back(*best, lastScore(infos));
    for (const auto& r : results) {
        EXPECT_EQ(r.first, results[0].first);
        EXPECT_EQ(r.second, results[0].second);
    }
    EXPECT_FALSE(results[0].second.empty());
}

TEST_F(Engine, FindsMates) {
    struct Case { const char* fen; const char* best; const char* score; };
    const Case cases[] = {
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "mate 1"},
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6", "mate 2"},   // WAC.001
        {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", "mate 3"},  // WAC.004
        {"8/8/8/8/8/2k5/8/3K1Q2 w - - 0 1", nullptr, nullptr},  // KQK: a mate is announced
    };
    for (const Case& c : cases) {
        engine->send("ucinewgame");
        engine->send(std::string("position fen ") + c.fen);
        std::vector<std::string> infos;
        const std::string best = go(c.best ? "mate 5" : "depth 30", &infos);
        if (c.best) {
            EXPECT_EQ(best.substr(0, 13), std::string("bestmove ") + c.best) << c.fen;
            EXPECT_EQ(lastScore(infos), c.score) << c.fen;
        } else {
            EXPECT_EQ(lastScore(infos).rfind("mate ", 0), 0u) << c.fen << " " << lastScore(infos);
        }
    }
}

TEST_F(Engine, InfoLinesCarryTheUciFields) {
    engine->send("position startpos");
    std::vector<std::string> infos;
    go("depth 8", &infos);
    int iterations = 0;
    static const std::regex full(
        "^info depth [0-9]+ seldepth [0-9]+ multipv 1 score (cp|mate) -?[0-9]+ nodes [0-9]+ nps [0-9]+ hashfull [0-9]+ time [0-9]+ pv( [a-h][1-8][a-h][1-8][qrbn]?)+$");
    for (const auto& l : infos) {
        if (l.rfind("info depth", 0) != 0) continue;
        EXPECT_TRUE(std::regex_match(l, full)) << l;
        ++iterations;
    }
    EXPECT_GE(iterations, 8);
}

TEST_F(Engine, QuitEndsARunningSearch) {
    engine->send("position startpos");
    engine->send("go infinite");
    std::this_thread::sleep_for(100ms);
    engine->send("quit");
    EXPECT_TRUE(engine->waitFor("bestmove", Generous));
    EXPECT_EQ(engine->finish(Generous), 0);
}

TEST(EngineBench, SignatureIsDeterministic) {
    std::string signature[2];
    for (auto& s : signature) {
        EnginePipe bench(engineExecutable(), {"bench", "7"});
        auto line = bench.waitFor("Nodes searched:", 120s);
        ASSERT_TRUE(line);
        s = *line;
        ASSERT_TRUE(bench.waitFor("Nodes/second:", Generous));
        EXPECT_EQ(bench.finish(Generous), 0);
    }
    EXPECT_EQ(signature[0], signature[1]);
    // The UCI command gives the same signature as the command line.
    EnginePipe uci(engineExecutable());
    uci.send("bench 7");
    auto line = uci.waitFor("Nodes searched:", 120s);
    ASSERT_TRUE(line);
    EXPECT_EQ(*line, signature[0]);
}

}  // namespace
}  // namespace mf::test
