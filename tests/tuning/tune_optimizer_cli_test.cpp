// `matefind-cli tune --optimizer spsa|cmaes` and --start-values end to end with the fake engine of
// tests/uci (its Material option is 0..400): tune lines in, the run resumed, SPSA's theta out as
// tune lines; and the usage errors that keep GA options away from the other optimisers.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/registry.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace {

using mf::tuning::test::cli;
using mf::tuning::test::readFile;

class TuneOptimizerCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        mf::tuning::test::writeSuite(dir_ / "one.epd", 1);
        std::ofstream(dir_ / "material.tune") << "Material,100,0,400,20,0.003\n";
    }
    std::string base(const std::string& optimizer, int population, int generations) const {
        return "tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "material.tune").string() + " --suite " +
               (dir_ / "one.epd").string() + " --optimizer " + optimizer + " --population " +
               std::to_string(population) + " --generations " + std::to_string(generations) +
               " --depth 3 --workers 2 --seed 3";
    }
    std::filesystem::path dir_;
};

}  // namespace

TEST_F(TuneOptimizerCli, SpsaRunsResumesAndExportsItsThetaAsTuneLines) {
    std::ofstream(dir_ / "start.txt") << "Material = 180\n";
    const auto run = dir_ / "spsa.mfpop";
    auto tuned = cli(base("spsa", 4, 2) + " --start-values " + (dir_ / "start.txt").string() + " --out " + run.string());
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    EXPECT_NE(tuned.out.find("gen 1 best "), std::string::npos) << tuned.out;
    auto resumed = cli("tune --resume " + run.string() + " --generations 3 --workers 2");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    auto state = mf::ga::loadPopulation(run);
    ASSERT_TRUE(state) << state.error().message;
    EXPECT_EQ(state->generation, 2);
    EXPECT_EQ(state->genome[0].defaultValue, 180);  // the start value, saved with the run
    EXPECT_NE(readFile(run).find("[optimizer]"), std::string::npos);
    EXPECT_NE(readFile(run).find("optimizer = spsa"), std::string::npos);
    const int theta = mf::tuning::makeOptimizer("spsa")->pick(*state).front();
    auto exported = cli("export " + run.string() + " --spsa fishtest");
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    EXPECT_EQ(exported.out, "Material," + std::to_string(theta) + ",0,400,20,0.003\n");
    auto changed = cli("tune --resume " + run.string() + " --optimizer ga");
    EXPECT_EQ(changed.exitCode, 2);
    EXPECT_NE(changed.out.find("--optimizer cannot change a resumed run"), std::string::npos) << changed.out;
}

TEST_F(TuneOptimizerCli, CmaesRunsOnTheSameEvaluator) {
    const auto run = dir_ / "cmaes.mfpop";
    auto tuned = cli(base("cmaes", 5, 3) + " --out " + run.string());
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    EXPECT_NE(tuned.out.find("gen 2 best "), std::string::npos) << tuned.out;
    EXPECT_NE(readFile(run).find("algorithm = "), std::string::npos);
}

TEST_F(TuneOptimizerCli, OptionsOfAnotherOptimiserAreRefusedNamingBoth) {
    auto pm = cli(base("spsa", 4, 2) + " --pm 0.1");
    EXPECT_EQ(pm.exitCode, 2);
    EXPECT_NE(pm.out.find("--pm is a GA option; --optimizer spsa does not use it"), std::string::npos) << pm.out;
    auto odd = cli(base("spsa", 5, 2));
    EXPECT_EQ(odd.exitCode, 2);
    EXPECT_NE(odd.out.find("even population size"), std::string::npos) << odd.out;
    auto few = cli(base("cmaes", 4, 2));
    EXPECT_EQ(few.exitCode, 2);
    EXPECT_NE(few.out.find("at least 5"), std::string::npos) << few.out;
    auto scale = cli(base("ga", 4, 2) + " --spsa-scale 3");
    EXPECT_EQ(scale.exitCode, 2);
    EXPECT_NE(scale.out.find("--spsa-scale needs --optimizer spsa"), std::string::npos) << scale.out;
    auto unknown = cli(base("annealing", 4, 2));
    EXPECT_EQ(unknown.exitCode, 2);
    EXPECT_NE(unknown.out.find("--optimizer: expected ga, spsa, cmaes, local or gradient, got 'annealing'"), std::string::npos)
        << unknown.out;
    std::ofstream(dir_ / "bad.txt") << "Material = 180\nKnightValue = 300\n";
    auto startValues = cli(base("ga", 4, 2) + " --start-values " + (dir_ / "bad.txt").string());
    EXPECT_EQ(startValues.exitCode, 2);
    EXPECT_NE(startValues.out.find((dir_ / "bad.txt").string() + ":2"), std::string::npos) << startValues.out;
    EXPECT_NE(startValues.out.find("KnightValue"), std::string::npos) << startValues.out;
}

TEST_F(TuneOptimizerCli, SpsaAndCmaesPlayTheGamesMeasure) {
    const std::string games = "tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "material.tune").string() +
                              " --measure games --pairs 1 --generations 2 --depth 1 --workers 2 --seed 1";
    auto spsa = cli(games + " --optimizer spsa --population 2 --out " + (dir_ / "games-spsa.mfpop").string());
    ASSERT_EQ(spsa.exitCode, 0) << spsa.out;
    EXPECT_NE(spsa.out.find("gen 1 best "), std::string::npos) << spsa.out;
    EXPECT_NE(readFile(dir_ / "games-spsa.mfpop").find("theta = "), std::string::npos);
    auto cmaes = cli(games + " --optimizer cmaes --population 5 --out " + (dir_ / "games-cmaes.mfpop").string());
    ASSERT_EQ(cmaes.exitCode, 0) << cmaes.out;
    EXPECT_NE(cmaes.out.find("gen 1 best "), std::string::npos) << cmaes.out;
}
