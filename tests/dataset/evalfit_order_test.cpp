// evalfit's uci path gives every position the same q whatever was scored before it: on the fake
// engine whose score carries over from one search to the next until "ucinewgame" (as real
// engines' hash and histories do), and on the bundled engine's real depth 1 search. The control
// shows the fake does depend on the order when no new game comes between searches, so the test
// can fail.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <random>

#include "engine/attacks.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_conformance.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "tests/uci/scaled_timeouts.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_uci_path.h"

namespace mf::dataset {
namespace {

// White to move with e2-e4 legal in each (the fake engine always answers e2e4), all different.
std::vector<std::string> fakeFriendlyFens() {
    return {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR w KQkq - 0 1",
            "rnbqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1",
            "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"};
}

std::vector<LabelledPosition> labelled(const std::vector<std::string>& fens) {
    attacks::init();
    std::vector<LabelledPosition> positions;
    for (const std::string& fen : fens) {
        auto position = Position::fromFen(fen);
        EXPECT_TRUE(position.ok()) << fen;
        if (position.ok()) positions.push_back({*position, 0.5});
    }
    return positions;
}

std::vector<int> uciScores(const std::filesystem::path& engine, std::vector<std::string> arguments,
                           const std::vector<LabelledPosition>& positions, std::size_t workers) {
    EvalfitEngineConfig config;
    config.program = engine;
    config.arguments = std::move(arguments);
    config.path = EvalfitPath::Uci;
    config.timeouts = uci::testing::scaledDefaultTimeouts();
    config.workers = workers;
    auto scorer = EvalfitScorer::create(config, positions);
    EXPECT_TRUE(scorer.ok()) << scorer.error().message;
    if (!scorer.ok()) return {};
    auto scores = (*scorer)->score({{}}, {});
    EXPECT_EQ(scores.size(), 1u);
    EXPECT_TRUE(scores[0].failure.empty()) << scores[0].failure;
    return scores[0].q;
}

// q of `positions` scored in file order and in a seeded shuffle, the second mapped back to file order.
std::pair<std::vector<int>, std::vector<int>> bothOrders(const std::filesystem::path& engine,
                                                         const std::vector<std::string>& arguments,
                                                         const std::vector<LabelledPosition>& positions,
                                                         std::size_t workers) {
    std::vector<std::size_t> order(positions.size());
    std::iota(order.begin(), order.end(), 0);
    std::mt19937_64 random(7);
    std::shuffle(order.begin(), order.end(), random);
    std::vector<LabelledPosition> shuffled;
    for (std::size_t i : order) shuffled.push_back(positions[i]);
    const std::vector<int> fileOrder = uciScores(engine, arguments, positions, workers);
    const std::vector<int> shuffledQ = uciScores(engine, arguments, shuffled, workers);
    std::vector<int> mapped(positions.size());
    for (std::size_t k = 0; k < order.size() && k < shuffledQ.size(); ++k) mapped[order[k]] = shuffledQ[k];
    return {fileOrder, mapped};
}

TEST(EvalfitOrder, FakeEngineWithCarriedOverStateGetsTheSameQInAnyOrder) {
    if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built";
    const auto positions = labelled(fakeFriendlyFens());
    const auto [fileOrder, shuffled] = bothOrders(MATEFIND_FAKE_ENGINE, {"--history"}, positions, 1);
    ASSERT_EQ(fileOrder.size(), positions.size());
    EXPECT_EQ(fileOrder, shuffled);
    // One process or two: the same q.
    EXPECT_EQ(uciScores(MATEFIND_FAKE_ENGINE, {"--history"}, positions, 2), fileOrder);
}

// The control: without a new game between searches the fake's q depends on what came before.
TEST(EvalfitOrder, WithoutNewGamesTheFakesScoresDependOnTheOrder) {
    if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built";
    uci::EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    config.command.arguments = {"--history"};
    config.newGame = uci::NewGamePolicy::Never;
    const std::vector<std::string> fens = fakeFriendlyFens();
    uci::EngineSession session(config);
    const auto forward = scoreThroughUci(session, fens, 0, fens.size(), {}, uci::SearchLimit::depth(1));
    const auto again = scoreThroughUci(session, fens, 0, fens.size(), {}, uci::SearchLimit::depth(1));
    ASSERT_TRUE(forward.failure.empty() && again.failure.empty()) << forward.failure << again.failure;
    EXPECT_NE(forward.q, again.q);
}

TEST(EvalfitOrder, BundledEngineGetsTheSameQInAnyOrder) {
    const std::filesystem::path engine = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
    if (!std::filesystem::exists(engine)) GTEST_SKIP() << "matefind-engine not built at " << engine;
    const auto positions = labelled(conformanceSample());
    const auto [fileOrder, shuffled] = bothOrders(engine, {}, positions, 1);
    ASSERT_EQ(fileOrder.size(), positions.size());
    EXPECT_EQ(fileOrder, shuffled);
}

}  // namespace
}  // namespace mf::dataset
