// What a candidate's nodes cost, on real processes (the fake engine of tests/uci: a node limit of
// N searches N / 1000 iterations of DepthStepMs each, so DepthStepMs is what 1000 nodes cost). A
// scripted game (Fool's mate) gives every side two moves a game, whose nodes the record keeps.
#include <gtest/gtest.h>

#include <future>

#include "evolution/tuning/measures/games/game_players.h"
#include "evolution/tuning/measures/games/speed_probe.h"

using namespace mf;
using namespace mf::tuning;

namespace {

constexpr const char* kFoolsMate = "f2f3 e7e5 g2g4 d8h4";
constexpr std::int64_t kNodes = 8000;

uci::EngineConfig scriptedFake() {
    uci::EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    config.startOptions = {{"Script", kFoolsMate}};
    return config;
}

match::PairResult playOnePair(const match::Side& a, const match::Side& b, SpeedProbe speed) {
    auto players = GamePlayers::create(scriptedFake(), scriptedFake(), 1);
    EXPECT_TRUE(static_cast<bool>(players)) << (players ? std::string() : players.error().message);
    if (!players) return {};
    match::Opening opening{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", {}};
    std::promise<match::PairResult> played;
    (*players)->playPair(a, b, opening, match::GameLimits::nodes(kNodes), match::AdjudicationRules{}, 0, {},
                         [&played](match::PairResult pair) { played.set_value(std::move(pair)); }, std::move(speed));
    return played.get_future().get();
}

// The nodes the side that played White (g 0: side A) or Black searched, move by move.
std::vector<std::int64_t> nodesOf(const match::PairResult& pair, bool sideA) {
    std::vector<std::int64_t> nodes;
    for (int g = 0; g < 2; ++g) {
        const match::GameRecord& game = pair.games[std::size_t(g)];
        const bool aIsWhite = g == 0;
        for (std::size_t ply = 0; ply < game.moves.size(); ++ply) {
            const bool whiteMoved = ply % 2 == 0;
            if (whiteMoved == (aIsWhite == sideA)) nodes.push_back(game.moves[ply].nodes);
        }
    }
    return nodes;
}

const uci::OptionValues kStart = {{"DepthStepMs", "4"}};
const uci::OptionValues kTwiceAsSlow = {{"DepthStepMs", "8"}};

}  // namespace

// The candidate's 1000 nodes cost 8 ms where the start's cost 4: its ratio is about 1/2, and under
// the charge it searches about half the node limit while the start searches all of it. (The fake
// counts nodes in whole thousands: half of 8000, measured a little either way, is 3000 to 5000.)
TEST(ChargeSpeed, ACandidateTwiceAsSlowANodeGetsHalfTheNodes) {
    SpeedProbe speed{true, true, true, kStart};
    const match::PairResult pair = playOnePair({"candidate", kTwiceAsSlow}, {"start", kStart}, speed);
    ASSERT_TRUE(pair.complete()) << pair.games[0].reason << " / " << pair.games[1].reason;
    ASSERT_TRUE(pair.speedRatio[0].has_value());
    EXPECT_GT(*pair.speedRatio[0], 0.35);
    EXPECT_LT(*pair.speedRatio[0], 0.70);
    ASSERT_TRUE(pair.speedRatio[1].has_value());
    EXPECT_DOUBLE_EQ(*pair.speedRatio[1], 1.0);  // side B plays the start values themselves
    for (std::int64_t n : nodesOf(pair, true)) {
        EXPECT_GE(n, 3000);
        EXPECT_LE(n, 5000);
    }
    for (std::int64_t n : nodesOf(pair, false)) EXPECT_EQ(n, kNodes);
}

// Measured without the charge: the ratio is there, the node limit is everyone's.
TEST(ChargeSpeed, WithoutTheChargeTheRatioIsMeasuredAndEverySideSearchesTheLimit) {
    SpeedProbe speed{true, false, true, kStart};
    const match::PairResult pair = playOnePair({"candidate", kTwiceAsSlow}, {"start", kStart}, speed);
    ASSERT_TRUE(pair.complete());
    ASSERT_TRUE(pair.speedRatio[0].has_value());
    EXPECT_LT(*pair.speedRatio[0], 0.70);
    for (bool sideA : {true, false})
        for (std::int64_t n : nodesOf(pair, sideA)) EXPECT_EQ(n, kNodes);
}

TEST(ChargeSpeed, ChargedNodesAreTheLimitTimesTheRatioAndAtLeastOne) {
    EXPECT_EQ(chargedNodes(2000, 0.5), 1000);
    EXPECT_EQ(chargedNodes(2000, 1.25), 2500);
    EXPECT_EQ(chargedNodes(2000, 1e-9), 1);
    EXPECT_EQ(chargedNodes(2000, 0.0), 2000);  // no ratio: no charge
    EXPECT_EQ(probeLimit(match::GameLimits::nodes(2000)), uci::SearchLimit::nodes(2000));
    EXPECT_EQ(probeLimit(match::GameLimits::clock(10'000, 100)), uci::SearchLimit::depth(6));
    EXPECT_EQ(probeLimit(match::GameLimits::moveTime(40)), uci::SearchLimit::depth(6));
}
