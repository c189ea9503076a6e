// A run never hands out values worse than its start without a word: when every member it checks
// scores below the start on held-out work, its pick is the start values, the run ends saying so,
// and export refuses to write them. The fake engine makes that certain: it plays a2a3 below its
// SwitchDepth and e2e4 from there on (--bestmove-follows-pv), so at depth 3 the start (SwitchDepth 3) solves the held-out
// suite (bm e4) and not the training one (bm a3), and every member that does better on the
// training suite (SwitchDepth 4 and more) fails the held-out one.
#include <gtest/gtest.h>

#include <fstream>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/common/run_pick.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

class HonestWinner : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        std::ofstream(dir_ / "genome.json") << R"({"format": "matefind-genome", "version": 1, "terms": [)"
                                            << R"({"name": "switch", "option": "SwitchDepth", "default": 3, "bits": 4, "floor": 1}]})";
        const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
        std::ofstream(dir_ / "train.epd") << start << " bm a3; id \"t1\";\n" << start << " bm a3; id \"t2\";\n";
        std::ofstream(dir_ / "held.epd") << start << " bm e4; id \"h1\";\n" << start << " bm e4; id \"h2\";\n";
    }
    std::string run(const std::string& out) const {
        return "tune --measure solved --engine " MATEFIND_FAKE_ENGINE " --engine-arg=--bestmove-follows-pv --genome " +
               (dir_ / "genome.json").string() +
               " --suite " + (dir_ / "train.epd").string() + " --heldout " + (dir_ / "held.epd").string() +
               " --heldout-every 1 --depth 3 --population 6 --generations 3 --start uniform --workers 2 --seed 2 --out " + out;
    }
    std::filesystem::path dir_;
};

TEST_F(HonestWinner, EveryMemberWorseOnHeldOutLeavesTheStartAsThePickAndExportRefuses) {
    const auto file = dir_ / "run.mfpop";
    const auto tuned = cli(run(file.string()));
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    // The GA did find members better on the training suite: the trap is real.
    EXPECT_NE(tuned.out.find("best 2 "), std::string::npos) << tuned.out;
    EXPECT_NE(tuned.out.find("the pick is the start values: no better than the start on held-out data"), std::string::npos)
        << tuned.out;
    EXPECT_NE(tuned.out.find("nothing to export"), std::string::npos) << tuned.out;
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state) << state.error().message;
    auto pick = readRunPick(*state);
    ASSERT_TRUE(pick && pick->has_value());
    EXPECT_TRUE((*pick)->isStart());
    EXPECT_EQ((*pick)->values, std::vector<int>{3});
    EXPECT_EQ((*pick)->startScore, 2.0);
    ASSERT_TRUE((*pick)->bestOther.has_value());
    EXPECT_LT(*(*pick)->bestOther, 2.0);

    const auto exported = cli("export " + file.string());
    EXPECT_EQ(exported.exitCode, 1) << exported.out;
    EXPECT_NE(exported.out.find("no better than the start on held-out data"), std::string::npos) << exported.out;
    EXPECT_NE(exported.out.find("nothing to export"), std::string::npos) << exported.out;
    // A generation's best can still be had, by asking for it.
    const auto asked = cli("export " + file.string() + " --generation 2");
    EXPECT_EQ(asked.exitCode, 0) << asked.out;
}

// When a member does beat the start on held-out work, it is the pick, and export writes it.
TEST_F(HonestWinner, AMemberBetterOnHeldOutIsThePickAndExported) {
    // The same trap the other way round: the held-out suite now wants what the training one wants.
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    std::ofstream(dir_ / "held.epd") << start << " bm a3; id \"h1\";\n" << start << " bm a3; id \"h2\";\n";
    const auto file = dir_ / "run.mfpop";
    const auto tuned = cli(run(file.string()));
    ASSERT_EQ(tuned.exitCode, 0) << tuned.out;
    EXPECT_NE(tuned.out.find("; the pick: generation "), std::string::npos) << tuned.out;
    auto state = ga::loadPopulation(file);
    ASSERT_TRUE(state);
    auto pick = readRunPick(*state);
    ASSERT_TRUE(pick && pick->has_value());
    EXPECT_FALSE((*pick)->isStart());
    EXPECT_GE((*pick)->values.front(), 4);
    const auto exported = cli("export " + file.string());
    ASSERT_EQ(exported.exitCode, 0) << exported.out;
    EXPECT_NE(exported.out.find("setoption name SwitchDepth value " + std::to_string((*pick)->values.front())),
              std::string::npos)
        << exported.out;
}

}  // namespace
}  // namespace mf::tuning::test
