// `matefind-cli score --options FILE`: the fitness of one weight set. On the bundled engine with
// measure evalfit, the exported best of a run scores the E the run gave it (K and E0 fitted as the
// run fitted them); with a suite it reports the positions solved, with games the points; a bad
// options file is refused naming its line.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <sstream>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"
#include "evolution/ga/population_file.h"
#include "evolution/ga/statistics.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

const std::filesystem::path kBin = MATEFIND_BIN_DIR;

// The number after `label` in `text` ("E 0.1035 (" -> 0.1035); NaN when absent.
double numberAfter(const std::string& output, const std::string& label) {
    const std::string text = "\n" + output;  // a label "\nE " finds the first line too
    const auto at = text.find(label);
    if (at == std::string::npos) return std::numeric_limits<double>::quiet_NaN();
    std::istringstream in(text.substr(at + label.size()));
    double value = std::numeric_limits<double>::quiet_NaN();
    in >> value;
    return value;
}

class ScoreCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::ofstream(dir_ / "genome.json")
            << R"({"format": "matefind-genome", "version": 1, "terms": [)"
            << R"({"name": "knight value", "option": "KnightValue", "default": 300, "bits": 7},)"
            << R"({"name": "rook value", "option": "RookValue", "default": 461, "bits": 7}]})";
        writeData(dir_ / "train.epd", 0, 8);
        writeData(dir_ / "held.epd", 8, 2);
    }
    std::string evalfitFlags() const {
        return " --measure evalfit --genome " + (dir_ / "genome.json").string() + " --data " +
               (dir_ / "train.epd").string() + " --heldout-data " + (dir_ / "held.epd").string() + " --workers 2";
    }
    std::filesystem::path dir_;
};

TEST_F(ScoreCli, TheExportedBestScoresTheERunGaveIt) {
    if (!std::filesystem::exists(kBin / "matefind-engine")) GTEST_SKIP() << "no bundled engine in " << kBin;
    const auto file = dir_ / "run.mfpop";
    const auto run = cli("tune" + evalfitFlags() + " --population 6 --generations 2 --pm 0.1 --seed 3 --out " + file.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    // The last generation's best, whatever the run's pick.
    const auto exported =
        cli("export " + file.string() + " --generation 1 --engine-options " + (dir_ / "best.txt").string());
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state) << state.error().message;
    TuningSettings settings;
    ASSERT_EQ(applyExtras(*state, settings), std::nullopt);
    const ga::GenerationStats stats = ga::computeStats(*state);
    const double runE = dataset::errorFromFitness(stats.best, *settings.of<tuning::EvalfitSettings>().startError);

    const auto scored = cli("score --options " + (dir_ / "best.txt").string() + evalfitFlags());
    ASSERT_EQ(scored.exitCode, 0) << scored.out;
    // Printed to 10 significant digits.
    EXPECT_NEAR(numberAfter(scored.out, "\nE "), runE, 1e-9 * runE) << scored.out;
    EXPECT_NEAR(numberAfter(scored.out, ", K "), *settings.of<tuning::EvalfitSettings>().k, 1e-9 * *settings.of<tuning::EvalfitSettings>().k) << scored.out;
    EXPECT_NEAR(numberAfter(scored.out, ", E0 "), *settings.of<tuning::EvalfitSettings>().startError, 1e-9 * *settings.of<tuning::EvalfitSettings>().startError)
        << scored.out;
    EXPECT_NEAR(numberAfter(scored.out, "(fitness "), stats.best, 1e-9) << scored.out;
    EXPECT_NE(scored.out.find("held-out E "), std::string::npos) << scored.out;

    // The defaults score E0 itself: an empty options file keeps every term's default.
    std::ofstream(dir_ / "empty.txt") << "# nothing set\n";
    const auto defaults = cli("score --options " + (dir_ / "empty.txt").string() + evalfitFlags());
    ASSERT_EQ(defaults.exitCode, 0) << defaults.out;
    EXPECT_NE(defaults.out.find("sets no value for KnightValue, RookValue"), std::string::npos) << defaults.out;
    EXPECT_NEAR(numberAfter(defaults.out, "\nE "), *settings.of<tuning::EvalfitSettings>().startError, 1e-9 * *settings.of<tuning::EvalfitSettings>().startError)
        << defaults.out;
}

TEST_F(ScoreCli, ASuiteGivesThePositionsSolvedAndGamesThePoints) {
    // The fake engine answers e2e4, which solves the first record of writeSuite.
    writeSuite(dir_ / "one.epd", 1);
    std::ofstream(dir_ / "material.json") << R"({"format": "matefind-genome", "version": 1, "terms": [)"
                                          << R"({"name": "material", "option": "Material", "default": 100, "bits": 7}]})";
    std::ofstream(dir_ / "weights.txt") << "Material = 120\n";
    const auto suite = cli("score --options " + (dir_ / "weights.txt").string() + " --engine " MATEFIND_FAKE_ENGINE
                           " --genome " + (dir_ / "material.json").string() + " --suite " + (dir_ / "one.epd").string() +
                           " --depth 2 --workers 1");
    ASSERT_EQ(suite.exitCode, 0) << suite.out;
    EXPECT_NE(suite.out.find("solved 1/1 (fitness 1)"), std::string::npos) << suite.out;

    if (!std::filesystem::exists(kBin / "matefind-engine")) GTEST_SKIP() << "no bundled engine in " << kBin;
    std::ofstream(dir_ / "knight.txt") << "KnightValue = 310\n";
    const auto games = cli("score --options " + (dir_ / "knight.txt").string() + " --measure games --genome " +
                           (dir_ / "genome.json").string() + " --pairs 1 --nodes 300 --workers 2");
    ASSERT_EQ(games.exitCode, 0) << games.out;
    EXPECT_NE(games.out.find(" of 2 games ("), std::string::npos) << games.out;
    const double points = numberAfter(games.out, "points ");
    EXPECT_GE(points, 0.0) << games.out;
    EXPECT_LE(points, 2.0) << games.out;
}

TEST_F(ScoreCli, ABadOptionsFileIsRefusedNamingItsLine) {
    std::ofstream(dir_ / "bad.txt") << "# weights\nKnightValue = 3x0\n";
    const auto bad = cli("score --options " + (dir_ / "bad.txt").string() + evalfitFlags());
    EXPECT_EQ(bad.exitCode, 1) << bad.out;
    EXPECT_NE(bad.out.find("bad.txt:2: KnightValue: expected a whole number"), std::string::npos) << bad.out;
    const auto missing = cli("score" + evalfitFlags());
    EXPECT_EQ(missing.exitCode, 2) << missing.out;
    EXPECT_NE(missing.out.find("--options FILE is required"), std::string::npos) << missing.out;
    const auto gaOption = cli("score --options " + (dir_ / "bad.txt").string() + " --population 4");
    EXPECT_EQ(gaOption.exitCode, 2) << gaOption.out;  // no GA in a score: the option does not exist
}

}  // namespace
}  // namespace mf::tuning::test
