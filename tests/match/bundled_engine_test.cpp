// Games with the bundled engine: in nodes mode a match gives the same games for any number of
// workers and when repeated (what the MPI evaluator's tests rely on).
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/position.h"
#include "evolution/match/match_runner.h"
#include "evolution/match/pgn_writer.h"

namespace mf::match {
namespace {

std::vector<std::string> playedMoves(std::size_t workers) {
    MatchConfig config;
    config.a = {"A", {}};
    config.b = {"B", {{"KnightValue", "250"}}};  // not the default (300): the sides differ
    config.engineA.command.program = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    config.engineA.newGame = uci::NewGamePolicy::Never;
    config.engineB = config.engineA;
    config.openings = {Opening{"a", std::string(Position::StartFen), {"e2e4", "c7c5"}},
                       Opening{"b", std::string(Position::StartFen), {"d2d4", "g8f6", "c2c4"}},
                       Opening{"c", std::string(Position::StartFen), {"g1f3"}}};
    config.pairs = 3;
    config.workers = workers;
    config.game.limits = GameLimits::nodes(400);
    config.game.adjudication.maxPlies = 40;
    std::vector<std::string> games(std::size_t(config.pairs * 2));
    MatchSummary summary = runMatch(config, [&](const PairResult& pair, const MatchSummary&) {
        for (int g = 0; g < 2; ++g) {
            std::string moves;
            for (const auto& m : pair.games[std::size_t(g)].moves) moves += m.uci + " ";
            games[pair.index * 2 + std::size_t(g)] = moves + std::string(pgnResult(pair.games[std::size_t(g)].result));
        }
    });
    EXPECT_EQ(summary.pairsDone, 3) << summary.stopReason;
    return games;
}

TEST(BundledEngine, SameGamesForAnyNumberOfWorkers) {
    if (!std::filesystem::exists(std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine"))
        GTEST_SKIP() << "matefind-engine is not built";
    const auto one = playedMoves(1);
    const auto again = playedMoves(1);
    const auto two = playedMoves(2);
    EXPECT_EQ(one, again);
    EXPECT_EQ(one, two);
    // The two games of a pair differ (colours reversed, different option values).
    EXPECT_NE(one[0], one[1]);
}

}  // namespace
}  // namespace mf::match
