// What `matefind-cli export` writes is the engine the run measured: a run of the recover-hand-set
// preset tunes 30 weights with the other terms fixed at their hand-set values, and the export
// holds both, so the bundled engine with the exported options file has every evaluation term of
// the pick as `match` plays it. Tune lines stay the tuned weights alone, and say so.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_test_support.h"
#include "evolution/tuning/results/match_sides.h"
#include "tests/tuning/export_engine_support.h"

namespace mf::tuning {
namespace {

using test::cli;

class ExportCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = std::filesystem::temp_directory_path() / ("mf-export-engine-" + std::to_string(::getpid()));
        std::filesystem::create_directories(dir_);
        if (!std::filesystem::exists(std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine"))
            GTEST_SKIP() << "matefind-engine is not built";
        run_ = test::savedPresetRun(dir_);
        if (run_.empty()) GTEST_SKIP() << "the recover-hand-set preset's files are not installed";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::filesystem::path dir_, run_;
};

TEST_F(ExportCli, ExportIsTheEngineTheMatchPlayed) {
    const std::filesystem::path exported = dir_ / "pick.txt";
    const auto result = cli("export " + run_.string() + " --engine-options " + exported.string());
    ASSERT_EQ(result.exitCode, 0) << result.out;
    const std::string text = test::fileText(exported);
    const std::vector<std::string> options = test::optionLines(text);
    EXPECT_GE(options.size(), 600U) << "the preset's fixed terms and its 30 weights";
    EXPECT_NE(text.find("# the pick of " + run_.string() + ": generation 1, held-out E 0.117500"), std::string::npos)
        << text.substr(0, 600);
    EXPECT_NE(text.find("fixed options and its 30 tuned weights"), std::string::npos) << text.substr(0, 600);
    // stdout: the same options as setoption lines, nothing else.
    EXPECT_EQ(std::count(result.out.begin(), result.out.end(), '\n'), std::ptrdiff_t(options.size())) << result.out.substr(0, 300);
    EXPECT_EQ(result.out.rfind("setoption name ", 0), 0U);

    // The pick as `match --population FILE` plays it: the engine's start options and the side's.
    auto side = bestOfPopulationFile(run_, {});
    ASSERT_TRUE(side.ok()) << side.error().message;
    uci::OptionValues matched = side->engine.startOptions;
    matched.insert(matched.end(), side->side.options.begin(), side->side.options.end());
    const auto matchedTerms = test::engineTerms(test::writeOptions(matched, dir_ / "matched.txt"));
    ASSERT_GT(matchedTerms.size(), 600U);
    EXPECT_EQ(test::engineTerms(exported), matchedTerms);
    // The tuned weights alone are another engine: the comparison can fail.
    EXPECT_NE(test::engineTerms(test::writeOptions(side->side.options, dir_ / "tuned-only.txt")), matchedTerms);
}

TEST_F(ExportCli, TuneLinesHoldTheTunedWeightsOnlyAndSaySo) {
    const auto lines = test::shell(std::string(MATEFIND_BIN_DIR) + "/matefind-cli export " + run_.string() +
                                   " --spsa openbench 2>/dev/null");
    ASSERT_EQ(lines.exitCode, 0) << lines.out;
    EXPECT_EQ(std::count(lines.out.begin(), lines.out.end(), '\n'), 30);
    EXPECT_EQ(lines.out.find('#'), std::string::npos) << "tune lines paste into the tuner as they are";
    const auto both = cli("export " + run_.string() + " --spsa openbench");
    EXPECT_NE(both.out.find("the 30 tuned weights only; the run's"), std::string::npos) << both.out.substr(0, 300);
}

}  // namespace
}  // namespace mf::tuning
