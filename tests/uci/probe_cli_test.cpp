// matefind-cli probe on the evalfit extension: it says whether the engine has it, passes a
// correct one, and names a broken answer with its position (exit code 1).
#include <gtest/gtest.h>

#include "solve_cli_support.h"

using namespace mf::uci::testing;

namespace {

const std::string probe = "probe --engine " MATEFIND_FAKE_ENGINE " --movetime 50 --depth 3 --nodes 3000";

TEST(ProbeCli, SaysWhenAnEngineHasNoEvalfitExtension) {
    const auto r = run(probe, true);
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("evalfit  no evalfit extension (readyok came first)"), std::string::npos) << r.out;
}

TEST(ProbeCli, PassesACorrectExtension) {
    const auto r = run(probe + " --engine-arg=--evalfit=correct", true);
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("evalfit  has the evalfit extension and conforms: 20 positions"), std::string::npos) << r.out;
}

TEST(ProbeCli, NamesABrokenAnswerWithItsPosition) {
    const auto r = run(probe + " --engine-arg=--evalfit=not-a-number", true);
    EXPECT_EQ(r.exitCode, 1) << r.out;
    EXPECT_NE(r.out.find("  fault: evalfit scores quiescence: score 5 '12x' is not a whole number (position 5); position 5 ("),
              std::string::npos)
        << r.out;
}

// probe --genome on the bundled engine (the default engine): it carries nothing across weight
// changes, so the line says a run may keep the process.
TEST(ProbeCli, GenomeChecksWhetherWeightChangesCarryOver) {
    const std::string genome = std::string(MATEFIND_SOURCE_DIR) + "/resources/genomes/matefind.json";
    const auto r = run("probe --movetime 50 --depth 3 --nodes 3000 --carried-positions 40 --genome " + genome, true);
    EXPECT_EQ(r.exitCode, 0) << r.out;
    EXPECT_NE(r.out.find("carried  carries nothing across weight changes (40 positions at depth 1, the other weights moved "),
              std::string::npos)
        << r.out;
    EXPECT_NE(r.out.find("a run may keep its process (--keep-process)"), std::string::npos) << r.out;
}

}  // namespace
