// Long matches (label "long"): Stockfish against Toga II, and the bundled engine's defaults
// against a deliberately weakened copy (KnightValue=100), which must lose with a 95% interval
// that excludes 0.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>

#include "evolution/match/match_runner.h"
#include "evolution/match/openings.h"

namespace mf::match {
namespace {

std::vector<Opening> bundledOpenings() {
    auto file = readOpenings(std::string(MATEFIND_SOURCE_DIR) + "/resources/openings/matefind-openings.epd");
    EXPECT_TRUE(file.errors.empty());
    return file.openings;
}

TEST(LongMatch, StockfishAgainstTogaII) {
    const std::filesystem::path stockfish = "/usr/games/stockfish", toga = "/usr/games/toga2";
    if (!std::filesystem::exists(stockfish) || !std::filesystem::exists(toga))
        GTEST_SKIP() << "needs " << stockfish << " and " << toga;
    MatchConfig config;
    config.a = {"Stockfish", {}};
    config.b = {"Toga II", {}};
    config.engineA.command.program = stockfish;
    config.engineA.startOptions = {{"Threads", "1"}, {"Hash", "16"}};
    config.engineB.command.program = toga;
    // Toga ignores "go nodes" (ENGINES.md), so the limit is a movetime; its book is off.
    config.engineB.startOptions = {{"OwnBook", "false"}, {"Hash", "16"}};
    config.engineA.newGame = config.engineB.newGame = uci::NewGamePolicy::Never;
    config.openings = shuffledOpenings(bundledOpenings(), 5);
    config.pairs = 3;
    config.workers = 2;
    config.game.limits = GameLimits::moveTime(50);
    config.game.adjudication.winMoves = 4;
    config.game.adjudication.winScoreCp = 1000;
    config.game.adjudication.drawFromMove = 40;
    config.game.adjudication.drawMoves = 8;
    config.game.adjudication.maxPlies = 300;
    MatchSummary s = runMatch(config);
    std::cout << "Stockfish vs Toga II: +" << s.games.wins << " =" << s.games.draws << " -" << s.games.losses
              << ", Elo " << formatElo(s.elo) << "\n";
    EXPECT_EQ(s.pairsDone, 3) << s.stopReason;
    EXPECT_EQ(s.forfeitsA + s.forfeitsB, 0);
    EXPECT_EQ(s.restarts, 0);
}

TEST(LongMatch, WeakenedKnightsLose) {
    const auto engine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(engine)) GTEST_SKIP() << "matefind-engine is not built";
    MatchConfig config;
    config.a = {"defaults", {}};
    config.b = {"KnightValue=100", {{"KnightValue", "100"}}};
    config.engineA.command.program = engine;
    config.engineA.newGame = uci::NewGamePolicy::Never;
    config.engineB = config.engineA;
    config.openings = bundledOpenings();
    config.pairs = 30;
    config.workers = 2;
    config.game.limits = GameLimits::nodes(3000);
    config.game.adjudication.winMoves = 3;
    config.game.adjudication.winScoreCp = 800;
    config.game.adjudication.drawFromMove = 40;
    config.game.adjudication.drawMoves = 8;
    config.game.adjudication.maxPlies = 300;
    MatchSummary s = runMatch(config);
    std::cout << "defaults vs KnightValue=100: +" << s.games.wins << " =" << s.games.draws << " -" << s.games.losses
              << ", Elo " << formatElo(s.elo) << " [" << s.elo.low << ", " << s.elo.high << "]\n";
    EXPECT_EQ(s.pairsDone, 30);
    EXPECT_GT(s.elo.low, 0) << "the weakened side (B) must lose: A's interval above 0";
}

}  // namespace
}  // namespace mf::match
