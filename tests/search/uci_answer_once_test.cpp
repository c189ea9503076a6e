#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "engine/notation.h"
#include "engine/position.h"
#include "engine_pipe.h"

namespace mf {
namespace {

using namespace std::chrono_literals;

// A tuner sends the next `position` and `go` the moment it reads `bestmove`. Each `go` must be
// answered by exactly one `bestmove`, legal in its own position: an extra line (once caused by
// the input thread flushing std::cout while the search thread wrote) shifts every later answer
// onto the wrong position. The race needs tight timing, so the test repeats many short searches.
TEST(UciAnswers, EveryGoIsAnsweredOnceWithAMoveOfItsPosition) {
    const std::vector<std::string> fens = {
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "8/7p/5k2/5p2/p1p2P2/Pr1pPK2/1P1R3P/8 b - - 0 1",
        "5rk1/1ppb3p/p1pb4/6q1/3P1p1r/2P1R2P/PP1BQ1P1/5RKN w - - 0 1",
        "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1",
    };
    test::EnginePipe engine(test::engineExecutable());
    engine.send("uci");
    ASSERT_TRUE(engine.waitFor("uciok", 10s));
    engine.send("isready");
    ASSERT_TRUE(engine.waitFor("readyok", 10s));
    for (int i = 0; i < 300; ++i) {
        const std::string& fen = fens[static_cast<std::size_t>(i) % fens.size()];
        engine.send("position fen " + fen);
        engine.send("go nodes 200");
        const auto answer = engine.waitFor("bestmove", 10s);
        ASSERT_TRUE(answer) << "search " << i << " never answered";
        const auto position = Position::fromFen(fen);
        ASSERT_TRUE(position);
        const std::string move = answer->substr(9, answer->find(' ', 9) - 9);
        ASSERT_TRUE(parseUciMove(*position, move)) << "search " << i << " answered '" << *answer
                                                   << "', not a legal move of " << fen;
    }
    // Nothing may follow the last answer.
    engine.send("isready");
    const auto next = engine.readLine(5s);
    ASSERT_TRUE(next);
    EXPECT_EQ(*next, "readyok");
    EXPECT_EQ(engine.finish(5s), 0);
}

}  // namespace
}  // namespace mf
