// Deep perft (label "long"): the six standard positions to the depths the issue asks for, and every
// line of the shared perft suites at every depth they list.
#include "engine/perft.h"
#include "perft_cases.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace mf {
namespace {

class DeepPerft : public ::testing::TestWithParam<test::PerftCase> {};

TEST_P(DeepPerft, ExactCountAtFullDepth) {
    const auto& c = GetParam();
    auto pos = Position::fromFen(c.fen);
    ASSERT_TRUE(pos);
    const int depth = int(c.counts.size());
    EXPECT_EQ(perft(*pos, depth), c.counts[depth - 1]) << c.name << " depth " << depth;
}

INSTANTIATE_TEST_SUITE_P(Standard, DeepPerft, ::testing::ValuesIn(test::standardPerftCases()),
                         [](const auto& param) { return std::string(param.param.name); });

void runSuite(const char* file) {
    const std::string path = std::string(MATEFIND_SHARED_DIR) + "/epd/" + file;
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not found (the shared EPD folder is absent)";
    for (const auto& line : test::readPerftSuite(path)) {
        auto pos = Position::fromFen(line.fen);
        ASSERT_TRUE(pos) << file << ":" << line.line << ": " << pos.error().message;
        for (const auto& [depth, count] : line.depthCounts) {
            if (depth >= 5) {
                EXPECT_EQ(perft(*pos, depth), count) << file << ":" << line.line << " depth " << depth << " " << line.fen;
            }
        }
    }
}

TEST(DeepPerftSuite, PerftsuiteAllDepths) { runSuite("perftsuite.epd"); }
TEST(DeepPerftSuite, StandardAllDepths) { runSuite("standard.epd"); }

} // namespace
} // namespace mf
