// Exact perft counts at shallow depths (default run) for the six standard positions and every
// line of the shared perft suites.
#include "engine/perft.h"
#include "perft_cases.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>

namespace mf {
namespace {

// Depth limit per position for the default run: enough to cover castling, en passant, promotions
// and checks several plies deep, small enough to keep the whole run a few seconds long.
constexpr std::uint64_t ShallowNodeLimit = 5'000'000;

TEST(Perft, StandardPositionsShallow) {
    for (const auto& c : test::standardPerftCases()) {
        auto pos = Position::fromFen(c.fen);
        ASSERT_TRUE(pos) << c.name << ": " << pos.error().message;
        for (int depth = 1; depth <= int(c.counts.size()) && c.counts[depth - 1] <= ShallowNodeLimit; ++depth)
            EXPECT_EQ(perft(*pos, depth), c.counts[depth - 1]) << c.name << " depth " << depth;
        EXPECT_EQ(pos->fen(), Position::fromFen(c.fen)->fen()) << "perft must leave the position unchanged";
    }
}

TEST(Perft, DivideSumsToPerft) {
    auto pos = Position::fromFen(test::standardPerftCases()[1].fen);
    std::uint64_t sum = 0;
    const auto parts = divide(*pos, 3);
    for (const auto& [move, nodes] : parts) sum += nodes;
    EXPECT_EQ(parts.size(), 48u);
    EXPECT_EQ(sum, 97862u);
}

TEST(Perft, DepthZeroIsOneNode) {
    Position pos = Position::startPosition();
    EXPECT_EQ(perft(pos, 0), 1u);
}

void runSuite(const char* file, int maxDepth) {
    const std::string path = std::string(MATEFIND_SHARED_DIR) + "/epd/" + file;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not found (the shared EPD folder is absent)";
    const auto lines = test::readPerftSuite(path);
    ASSERT_GT(lines.size(), 100u);
    int checked = 0;
    for (const auto& line : lines) {
        auto pos = Position::fromFen(line.fen);
        ASSERT_TRUE(pos) << file << ":" << line.line << ": " << pos.error().message;
        for (const auto& [depth, count] : line.depthCounts) {
            if (depth > maxDepth) continue;
            EXPECT_EQ(perft(*pos, depth), count) << file << ":" << line.line << " depth " << depth << " " << line.fen;
            ++checked;
        }
    }
    EXPECT_GT(checked, 0);
}

TEST(PerftSuite, PerftsuiteUpToDepth4) { runSuite("perftsuite.epd", 4); }
TEST(PerftSuite, StandardUpToDepth4) { runSuite("standard.epd", 4); }

} // namespace
} // namespace mf
