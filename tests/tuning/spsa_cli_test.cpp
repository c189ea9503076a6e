// OpenBench and fishtest tune lines through matefind-cli: `export --spsa` from a small population
// file made here (nothing tuned), its usage errors, and `tune --genome` reading a tune-line file
// (the fake engine of tests/uci, whose Material option is 0..400).
#include <gtest/gtest.h>

#include <fstream>
#include <regex>

#include "evolution/ga/chromosome.h"
#include "evolution/ga/evolution.h"
#include "evolution/ga/genome.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/run/run_history.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace {

using mf::tuning::test::cli;
using mf::tuning::test::readFile;

const std::string kFishtestLines = "KnightValue,320,200,450,12.5,0.002\n"
                                   "Contempt,-10,-100,100,10,0.0025\n";

class SpsaCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
    }
    // A population of four read from `lines`: member 2 is best and holds `best`, the others
    // score lower with other values.
    std::filesystem::path population(const std::string& lines, const std::vector<int>& best) {
        std::ofstream(dir_ / "tune.txt") << lines;
        auto genome = mf::ga::loadGenome(dir_ / "tune.txt");
        EXPECT_TRUE(genome.ok()) << genome.error().message;
        mf::ga::Parameters p;
        p.populationSize = 4;
        p.elite = 1;
        mf::ga::RunState state = mf::ga::startRun(p, *genome);
        for (std::size_t i = 0; i < state.population.size(); ++i) {
            state.population[i].fitness = static_cast<double>(i);
            if (i != 2) continue;
            state.population[i].chromosome = mf::ga::encode(*genome, best);
            state.population[i].fitness = 10;
        }
        const auto file = dir_ / "run.mfpop";
        EXPECT_FALSE(mf::ga::savePopulation(state, file).has_value());
        return file;
    }
    std::filesystem::path dir_;
};

}  // namespace

TEST_F(SpsaCli, ExportGivesBackTheLinesTheGenomeWasReadFrom) {
    // The best member holds the start values: file -> genome -> export -> the same lines.
    const auto run = population(kFishtestLines, {320, -10});
    auto fishtest = cli("export " + run.string() + " --spsa fishtest");
    ASSERT_EQ(fishtest.exitCode, 0) << fishtest.out;
    EXPECT_EQ(fishtest.out, kFishtestLines);
    auto openBench = cli("export " + run.string() + " --spsa openbench");
    ASSERT_EQ(openBench.exitCode, 0) << openBench.out;
    EXPECT_EQ(openBench.out, "KnightValue, int, 320, 200, 450, 12.5, 0.002\nContempt, int, -10, -100, 100, 10, 0.0025\n");
}

TEST_F(SpsaCli, ExportWritesTheBestToAFileAndKeepsTheSetoptionLines) {
    const auto run = population("KnightValue, int, 320, 200, 450, 12.5, 0.002\nContempt, int, -10, -100, 100, 10, 0.0025\n",
                                {333, 7});
    const auto out = dir_ / "best.txt";
    auto exported = cli("export " + run.string() + " --spsa openbench --out " + out.string());
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    EXPECT_EQ(readFile(out), "KnightValue, int, 333, 200, 450, 12.5, 0.002\nContempt, int, 7, -100, 100, 10, 0.0025\n");
    EXPECT_NE(exported.out.find("setoption name KnightValue value 333\nsetoption name Contempt value 7\n"), std::string::npos)
        << exported.out;
    EXPECT_NE(exported.out.find("wrote " + out.string() + ": 2 openbench tune lines"), std::string::npos) << exported.out;
    // Without --spsa, export is what it was: setoption lines only.
    auto plain = cli("export " + run.string());
    ASSERT_EQ(plain.exitCode, 0) << plain.out;
    EXPECT_EQ(plain.out, "setoption name KnightValue value 333\nsetoption name Contempt value 7\n");
}

TEST_F(SpsaCli, ExportUsageErrorsNameTheFlag) {
    const auto run = population(kFishtestLines, {320, -10});
    auto format = cli("export " + run.string() + " --spsa stockfish");
    EXPECT_EQ(format.exitCode, 2) << format.out;
    EXPECT_NE(format.out.find("--spsa: expected openbench or fishtest, got 'stockfish'"), std::string::npos) << format.out;
    auto out = cli("export " + run.string() + " --out " + (dir_ / "x.txt").string());
    EXPECT_EQ(out.exitCode, 2) << out.out;
    EXPECT_NE(out.out.find("--out needs --spsa openbench|fishtest"), std::string::npos) << out.out;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "x.txt"));
    auto unwritable = cli("export " + run.string() + " --spsa fishtest --out " + (dir_ / "no/such/dir.txt").string());
    EXPECT_EQ(unwritable.exitCode, 1) << unwritable.out;
    EXPECT_NE(unwritable.out.find("cannot write " + (dir_ / "no/such/dir.txt").string()), std::string::npos) << unwritable.out;
}

TEST_F(SpsaCli, TuneReadsATuneLineGenomeAndExportKeepsItsSteps) {
    mf::tuning::test::writeSuite(dir_ / "one.epd", 1);
    std::ofstream(dir_ / "material.tune") << "# OpenBench input for the fake engine\nMaterial, int, 100, 0, 400, 20, 0.003\n";
    const auto run = dir_ / "run.mfpop";
    auto tuned = cli("tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "material.tune").string() + " --suite " +
                     (dir_ / "one.epd").string() + " --population 4 --generations 2 --depth 3 --workers 2 --seed 1 --out " +
                     run.string());
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    // The last generation's best (the run's pick may be its start: one position scores every member alike).
    auto exported = cli("export " + run.string() + " --generation 1 --spsa fishtest");
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    EXPECT_TRUE(std::regex_match(exported.out, std::regex("Material,[0-9]+,0,400,20,0.003\n"))) << exported.out;

    // A bad line stops the run before any engine starts, naming file, line and field.
    std::ofstream(dir_ / "bad.tune") << "Material, int, 100, 0, 400, 20, 0.003\nMaterial, int, 500, 0, 400, 20, 0.003\n";
    auto refused = cli("tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "bad.tune").string() + " --suite " +
                       (dir_ / "one.epd").string() + " --population 4 --generations 1 --depth 3 --out " +
                       (dir_ / "never.mfpop").string());
    EXPECT_EQ(refused.exitCode, 2) << refused.out;
    EXPECT_NE(refused.out.find("--genome: " + (dir_ / "bad.tune").string() +
                               ":2: start: must lie in [min, max] = [0, 400], got 500"),
              std::string::npos)
        << refused.out;
    EXPECT_FALSE(std::filesystem::exists(dir_ / "never.mfpop"));
}

// The generation the held-out E picks is often not the last: export --generation G gives the
// best of G as the run recorded it (history.G), in every output form, and names what is recorded
// when G is not.
TEST_F(SpsaCli, ExportGenerationGivesThatGenerationsRecordedBest) {
    const auto run = population(kFishtestLines, {333, 7});  // the last generation's best
    auto loaded = mf::ga::loadPopulation(run);
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    mf::ga::RunState state = *loaded;
    for (int g = 0; g < 2; ++g) {
        mf::tuning::GenerationReport report;
        report.stats.generation = g;
        report.stats.best = 5.0 + g;
        report.stats.bestValues = g == 0 ? std::vector<int>{250, -50} : std::vector<int>{400, 50};
        mf::tuning::recordGeneration(state, report, false);
    }
    state.generation = 1;
    ASSERT_FALSE(mf::ga::savePopulation(state, run).has_value());

    auto first = cli("export " + run.string() + " --generation 0 --engine-options " + (dir_ / "g0.txt").string());
    ASSERT_EQ(first.exitCode, 0) << first.out;
    EXPECT_EQ(first.out, "setoption name KnightValue value 250\nsetoption name Contempt value -50\n");
    const std::string options = readFile(dir_ / "g0.txt");
    EXPECT_NE(options.find("# best of generation 0 of " + run.string() + "\n"), std::string::npos) << options;
    EXPECT_NE(options.find("# fitness 5.00000\n"), std::string::npos) << options;
    EXPECT_NE(options.find("KnightValue = 250\nContempt = -50\n"), std::string::npos) << options;
    auto tuneLines = cli("export " + run.string() + " --generation 1 --spsa fishtest");
    ASSERT_EQ(tuneLines.exitCode, 0) << tuneLines.out;
    EXPECT_EQ(tuneLines.out, "KnightValue,400,200,450,12.5,0.002\nContempt,50,-100,100,10,0.0025\n");
    auto last = cli("export " + run.string());
    EXPECT_EQ(last.out, "setoption name KnightValue value 333\nsetoption name Contempt value 7\n");

    auto missing = cli("export " + run.string() + " --generation 3");
    EXPECT_EQ(missing.exitCode, 1) << missing.out;
    EXPECT_NE(missing.out.find(run.string() + ": generation 3 is not recorded (recorded: 0 to 1)"), std::string::npos)
        << missing.out;
}
