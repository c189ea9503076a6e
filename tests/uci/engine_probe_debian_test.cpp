// The limit probe against the Debian engines as they really behave (../shared/ENGINES.md), and
// the bundled engine; each test skips when its engine is not installed. Real searches: "long".
#include <gtest/gtest.h>

#include <filesystem>

#include "evolution/uci/engine_probe.h"

using namespace mf::uci;

namespace {

struct Expected {
    const char* path;
    OptionValues options;
    LimitVerdict nodes;
};

EngineConfig configFor(const Expected& engine) {
    EngineConfig config;
    config.command.program = engine.path;
    config.startOptions = engine.options;
    return config;
}

class DebianEngineProbe : public ::testing::TestWithParam<Expected> {};

}  // namespace

// Nodes as ENGINES.md says (Toga II ignores it, Ethereal 12 stops at depth 1); depth and movetime
// honoured by all.
TEST_P(DebianEngineProbe, VerdictsMatchWhatTheEngineDoes) {
    const Expected& engine = GetParam();
    if (!std::filesystem::exists(engine.path)) GTEST_SKIP() << engine.path << " is not installed";
    ProbeSettings settings;
    settings.limits = {SearchLimit::moveTime(200), SearchLimit::nodes(3000), SearchLimit::depth(6)};
    auto report = probeEngine(configFor(engine), settings);
    ASSERT_FALSE(report.startError) << *report.startError;
    EXPECT_FALSE(report.identity.name.empty());
    EXPECT_TRUE(report.nodesPerSecond);
    const LimitProbe* nodes = report.find(SearchLimit::Kind::Nodes);
    ASSERT_NE(nodes, nullptr);
    EXPECT_EQ(nodes->verdict, engine.nodes) << nodes->detail;
    EXPECT_EQ(report.find(SearchLimit::Kind::Depth)->verdict, LimitVerdict::Honoured) << report.find(SearchLimit::Kind::Depth)->detail;
    EXPECT_EQ(report.find(SearchLimit::Kind::MoveTime)->verdict, LimitVerdict::Honoured)
        << report.find(SearchLimit::Kind::MoveTime)->detail;
}

// The check before a run: refused in the mode the engine breaks, with the modes that work.
TEST_P(DebianEngineProbe, CheckBeforeARunRefusesOnlyTheBrokenMode) {
    const Expected& engine = GetParam();
    if (!std::filesystem::exists(engine.path)) GTEST_SKIP() << engine.path << " is not installed";
    auto nodes = checkLimitHonoured(configFor(engine), SearchLimit::nodes(3000));
    EXPECT_EQ(nodes.honoured, engine.nodes == LimitVerdict::Honoured) << nodes.message;
    if (!nodes.honoured) EXPECT_NE(nodes.message.find(": use --depth or --movetime"), std::string::npos) << nodes.message;
    auto depth = checkLimitHonoured(configFor(engine), SearchLimit::depth(5));
    EXPECT_TRUE(depth.honoured) << depth.message;
}

INSTANTIATE_TEST_SUITE_P(
    Debian, DebianEngineProbe,
    ::testing::Values(Expected{"/usr/games/stockfish", {{"Threads", "1"}, {"Hash", "16"}}, LimitVerdict::Honoured},
                      Expected{"/usr/games/toga2", {{"OwnBook", "false"}, {"Hash", "16"}}, LimitVerdict::Ignored},
                      Expected{"/usr/games/glaurung", {{"OwnBook", "false"}}, LimitVerdict::Honoured},
                      Expected{"/usr/games/ethereal-chess", {{"Threads", "1"}, {"Hash", "16"}}, LimitVerdict::StopsEarly},
                      Expected{MATEFIND_BIN_DIR "/matefind-engine", {}, LimitVerdict::Honoured}),
    [](const auto& testInfo) {
        std::string name = std::filesystem::path(testInfo.param.path).filename().string();
        name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
        return name;
    });
