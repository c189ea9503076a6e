// `tune --resume FILE --polish N` of a complete evalfit run polishes at once (no "nothing to do"
// first), the polish passes join the run's file, and `export` names the polished weights as such.
// And progress: with stderr a log, a run writes a progress line at least every --progress-every.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/polish_history.h"
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

TEST_F(TunePolishResume, AResumedCompleteRunIsPolishedAtOnceAndThePassesAreKept) {
    const auto file = dir_ / "run.mfpop";
    const auto first = cli(run(file.string()));
    ASSERT_EQ(first.exitCode, 0) << first.out;
    const auto polished = cli("tune --resume " + file.string() + " --polish 3 --progress-every 0");
    ASSERT_EQ(polished.exitCode, 0) << polished.out;
    EXPECT_EQ(polished.out.find("nothing to do"), std::string::npos) << polished.out;
    EXPECT_NE(polished.out.find("polish: the run is complete (generation 1 is the last of 2): polishing its best"),
              std::string::npos)
        << polished.out;
    EXPECT_NE(polished.out.find("polish pass 1: positions "), std::string::npos) << polished.out;  // progress
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state) << state.error().message;
    auto passes = recordedPolish(*state);
    ASSERT_TRUE(passes) << passes.error().message;
    ASSERT_FALSE(passes->empty());
    EXPECT_EQ(passes->front().generation, 1);
    EXPECT_EQ(passes->front().pass.pass, 1);
    EXPECT_NE(polished.out.find("polish 1 E "), std::string::npos) << polished.out;
    const RecordedPolishPass& last = passes->back();
    ASSERT_LT(last.pass.error, last.startError) << "the polish lowered nothing: nothing to name";
    // The exported options file names the polished weights.
    const auto exported = cli("export " + file.string() + " --engine-options " + (dir_ / "best.txt").string());
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    const std::string header = readFile(dir_ / "best.txt");
    EXPECT_NE(header.find("polished best of generation 1 of " + file.string() + " (the polish, pass "),
              std::string::npos)
        << header;
    // A later continued run keeps the polish in its file.
    const auto more = cli("tune --resume " + file.string() + " --generations 3 --workers 2");
    ASSERT_EQ(more.exitCode, 0) << more.out;
    auto continued = ga::loadPopulation(file);
    ASSERT_TRUE(continued);
    auto kept = recordedPolish(*continued);
    ASSERT_TRUE(kept);
    EXPECT_EQ(kept->size(), passes->size());
}

// The exported polished weights carry their own held-out E, not that of the generation's best
// they were polished from (the header of an options file said the latter).
TEST_F(TunePolishResume, TheExportedPolishedWeightsCarryTheirOwnHeldOutError) {
    writeData(dir_ / "held.epd", 10, 10);
    const auto file = dir_ / "held.mfpop";
    const auto tuned = cli(run(file.string()) + " --heldout-data " + (dir_ / "held.epd").string() + " --heldout-every 1" +
                           " --polish 3 --progress-every 0");
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state) << state.error().message;
    auto passes = recordedPolish(*state);
    ASSERT_TRUE(passes) << passes.error().message;
    ASSERT_FALSE(passes->empty()) << tuned.out;
    auto polished = polishOf(*state, passes->back().pass.values);
    ASSERT_TRUE(polished.has_value());
    ASSERT_TRUE(polished->heldOutError.has_value()) << tuned.out;
    const auto exported = cli("export " + file.string() + " --engine-options " + (dir_ / "held.txt").string());
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    const std::string header = readFile(dir_ / "held.txt");
    char expected[64];
    std::snprintf(expected, sizeof expected, "# held-out E %.6f against the defaults' E0 ", *polished->heldOutError);
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
