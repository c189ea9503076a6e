// `tune --resume FILE --polish N` of a complete evalfit run goes on at once with a local-search
// stage (no "nothing to do" first), the stage joins the run's file, and `export` names the run's
// pick with its own held-out E.
// And progress: with stderr a log, a run writes a progress line at least every --progress-every.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

const std::filesystem::path kBin = MATEFIND_BIN_DIR;

class TunePolishResume : public ::testing::Test {
protected:
    void SetUp() override {
        if (!std::filesystem::exists(kBin / "matefind-engine")) GTEST_SKIP() << "no bundled engine in " << kBin;
        dir_ = scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        // A knight far below the engine's value: the polish has somewhere to go.
        std::ofstream(dir_ / "genome.json")
            << R"({"format": "matefind-genome", "version": 1, "terms": [)"
            << R"({"name": "knight value", "option": "KnightValue", "default": 220, "bits": 7},)"
            << R"({"name": "rook value", "option": "RookValue", "default": 461, "bits": 7}]})";
        writeData(dir_ / "train.epd", 0, 10);
    }
    std::string run(const std::string& out) const {
        return "tune --measure evalfit --genome " + (dir_ / "genome.json").string() + " --data " +
               (dir_ / "train.epd").string() + " --population 6 --generations 2 --workers 2 --seed 5 --out " + out;
    }
    std::filesystem::path dir_;
};

TEST_F(TunePolishResume, AResumedCompleteRunGoesOnAtOnceWithTheStagesAdded) {
    const auto file = dir_ / "run.mfpop";
    const auto first = cli(run(file.string()));
    ASSERT_EQ(first.exitCode, 0) << first.out;
    const auto polished = cli("tune --resume " + file.string() + " --polish 3 --progress-every 0");
    ASSERT_EQ(polished.exitCode, 0) << polished.out;
    EXPECT_EQ(polished.out.find("nothing to do"), std::string::npos) << polished.out;
    EXPECT_NE(polished.out.find("gen 2 best "), std::string::npos) << polished.out;  // the local search's first pass
    EXPECT_NE(polished.out.find("gen 2: positions "), std::string::npos) << polished.out;  // progress within a pass
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state) << state.error().message;
    TuningSettings settings;
    ASSERT_EQ(applyExtras(*state, settings), std::nullopt);
    EXPECT_EQ(settings.optimizer.stages, (std::vector<Stage>{{"ga", 2}, {"local", 0}}));
    EXPECT_EQ(state->parameters.generations, 5);
    // A later continued run goes on with the local search, its file's stages kept.
    const auto more = cli("tune --resume " + file.string() + " --generations 6 --workers 2");
    ASSERT_EQ(more.exitCode, 0) << more.out;
    auto continued = ga::loadPopulation(file);
    ASSERT_TRUE(continued);
    TuningSettings after;
    ASSERT_EQ(applyExtras(*continued, after), std::nullopt);
    EXPECT_EQ(after.optimizer.stages, settings.optimizer.stages);
}

// Export writes the run's pick with its own held-out E and names it as the pick.
TEST_F(TunePolishResume, TheExportedPickCarriesItsOwnHeldOutError) {
    writeData(dir_ / "held.epd", 10, 10);
    const auto file = dir_ / "held.mfpop";
    const auto tuned = cli(run(file.string()) + " --heldout-data " + (dir_ / "held.epd").string() + " --heldout-every 1" +
                           " --polish 3 --progress-every 0");
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state) << state.error().message;
    auto pick = readRunPick(*state);
    ASSERT_TRUE(pick) << pick.error().message;
    ASSERT_TRUE(pick->has_value()) << tuned.out;
    const auto exported = cli("export " + file.string() + " --engine-options " + (dir_ / "held.txt").string());
    if ((*pick)->isStart()) {  // then export refuses, saying why
        EXPECT_EQ(exported.exitCode, 1) << exported.out;
        EXPECT_NE(exported.out.find("no better than the start"), std::string::npos) << exported.out;
        return;
    }
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    const std::string header = readFile(dir_ / "held.txt");
    EXPECT_NE(header.find("# the pick of " + file.string() + ": generation " + std::to_string((*pick)->generation)),
              std::string::npos)
        << header;
    char expected[64];
    std::snprintf(expected, sizeof expected, "held-out E %.6f", *(*pick)->error);
    EXPECT_NE(header.find(expected), std::string::npos) << "want '" << expected << "' in\n" << header;
}

TEST_F(TunePolishResume, AProgressLineComesAtLeastEveryIntervalWhenStderrIsALog) {
    const auto out = cli(run((dir_ / "progress.mfpop").string()) + " --progress-every 0");
    ASSERT_EQ(out.exitCode, 0) << out.out;
    EXPECT_NE(out.out.find("fitting K/E0: positions "), std::string::npos) << out.out;
    EXPECT_NE(out.out.find("gen 0: positions "), std::string::npos) << out.out;
    EXPECT_EQ(out.out.find('\r'), std::string::npos) << "no terminal redraws in a log";
    const auto bad = cli(run((dir_ / "bad.mfpop").string()) + " --progress-every -1");
    EXPECT_EQ(bad.exitCode, 2) << bad.out;
}

}  // namespace
}  // namespace mf::tuning::test
