// `matefind-cli tune` end to end with the fake engine of tests/uci: the flags that reach the
// engine (--option, --engine-arg), the prize and the held-out cadence, and usage errors.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/wait.h>

#include "evolution/ga/population_file.h"
#include "cli_test_support.h"
#include "tuning_test_support.h"

namespace {

using mf::tuning::test::cli;
using mf::tuning::test::readFile;

class TuneCli : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        mf::tuning::test::writeSuite(dir_ / "one.epd", 1);  // the fake engine's e2e4 solves it
        std::ofstream(dir_ / "genome.json")
            << R"({"format": "matefind-genome", "version": 1, "terms": [)"
            << R"({"name": "material", "option": "Material", "default": 100, "bits": 7}]})";
    }
    void TearDown() override { std::filesystem::remove_all(dir_); }
    std::string base() const {
        return "tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "genome.json").string() + " --suite " +
               (dir_ / "one.epd").string() + " --population 4 --generations 2 --depth 3 --workers 2 --seed 1";
    }
    std::filesystem::path dir_;
};

}  // namespace

TEST_F(TuneCli, PrizeOptionEngineArgAndHeldOutEveryReachTheRun) {
    const auto out = dir_ / "run.mfpop";
    auto run = cli(base() + " --prize 0.5 --option Hash=8 --engine-arg=--no-time --heldout " +
                   (dir_ / "one.epd").string() + " --heldout-every 1 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("gen 0 best "), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("gen 1 best "), std::string::npos) << run.out;
    // Held out every generation, not only the last.
    EXPECT_NE(run.out.find("held-out"), run.out.rfind("held-out")) << run.out;
    const std::string file = readFile(out);
    EXPECT_NE(file.find("prize = 0.5"), std::string::npos) << file;
    EXPECT_NE(file.find("Hash=8"), std::string::npos) << file;
    EXPECT_NE(file.find("--no-time"), std::string::npos) << file;
    EXPECT_NE(file.find("heldout_every"), std::string::npos) << file;
}

TEST_F(TuneCli, FixedOptionsAndEngineArgumentsAreReallyPassed) {
    // Out of the option's range: the engine's handshake rejects it before any search.
    auto badOption = cli(base() + " --option Hash=99999999 --out " + (dir_ / "a.mfpop").string());
    EXPECT_EQ(badOption.exitCode, 1) << badOption.out;
    EXPECT_NE(badOption.out.find("start options rejected"), std::string::npos) << badOption.out;
    // The argument makes the fake engine exit at start.
    auto badArg = cli(base() + " --engine-arg=--fault=exit-at-start --out " + (dir_ / "b.mfpop").string());
    EXPECT_EQ(badArg.exitCode, 1) << badArg.out;
    EXPECT_NE(badArg.out.find("exited before 'uciok'"), std::string::npos) << badArg.out;
}

TEST_F(TuneCli, UsageErrorsNameTheFlag) {
    auto zero = cli(base() + " --heldout " + (dir_ / "one.epd").string() + " --heldout-every 0");
    EXPECT_EQ(zero.exitCode, 2);
    EXPECT_NE(zero.out.find("--heldout-every must be at least 1"), std::string::npos) << zero.out;
    auto alone = cli(base() + " --heldout-every 3");
    EXPECT_EQ(alone.exitCode, 2);
    EXPECT_NE(alone.out.find("--heldout-every needs --heldout"), std::string::npos) << alone.out;
    auto badAssignment = cli(base() + " --option Hash");
    EXPECT_EQ(badAssignment.exitCode, 2);
    EXPECT_NE(badAssignment.out.find("expected NAME=VALUE"), std::string::npos) << badAssignment.out;
    auto resumePrize = cli("tune --resume " + (dir_ / "none.mfpop").string() + " --prize 1");
    EXPECT_EQ(resumePrize.exitCode, 2);
    EXPECT_NE(resumePrize.out.find("--prize cannot change a resumed run"), std::string::npos) << resumePrize.out;
}

// --cache-mb bounds the score cache: out of range it is a usage error naming the flag; 0 keeps no
// score, and the run writes the file of a run with the default bound (the bound is not saved).
// Resuming takes a new bound. (Evictions at a small bound: ScoreCacheRun in tuning_tests.)
TEST_F(TuneCli, TheCacheBoundIsAnOptionOfTheMachineNotOfTheRun) {
    auto negative = cli(base() + " --cache-mb -1");
    EXPECT_EQ(negative.exitCode, 2);
    EXPECT_NE(negative.out.find("--cache-mb must be between 0 and"), std::string::npos) << negative.out;
    std::string longer = base() + " --pm 0.2";
    longer.replace(longer.find("--generations 2"), 15, "--generations 6");
    auto cached = cli(longer + " --out " + (dir_ / "cached.mfpop").string());
    ASSERT_EQ(cached.exitCode, 0) << cached.out;
    auto uncached = cli(longer + " --cache-mb 0 --out " + (dir_ / "uncached.mfpop").string());
    ASSERT_EQ(uncached.exitCode, 0) << uncached.out;
    EXPECT_EQ(mf::tuning::test::withoutComments(dir_ / "uncached.mfpop"), mf::tuning::test::withoutComments(dir_ / "cached.mfpop"));
    const auto saved = mf::ga::loadPopulation(dir_ / "uncached.mfpop");
    ASSERT_TRUE(saved) << saved.error().message;
    for (const auto& [key, value] : saved->extras) EXPECT_EQ(key.find("cache"), std::string::npos) << key << " = " << value;
    auto resumed = cli("tune --resume " + (dir_ / "uncached.mfpop").string() + " --generations 8 --cache-mb 1");
    ASSERT_EQ(resumed.exitCode, 0) << resumed.out;
    EXPECT_NE(resumed.out.find("gen 7 best "), std::string::npos) << resumed.out;
}

TEST_F(TuneCli, FightScoresEachLanesBestHeldOutAndSavesEveryLane) {
    const auto out = dir_ / "fight.mfpop";
    std::string arguments = base().replace(0, 4, "fight");
    auto run = cli(arguments + " --heldout " + (dir_ / "one.epd").string() + " --heldout-every 1 --out " + out.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(run.out.find("generation 1"), std::string::npos) << run.out;
    // A held-out row in both generations' tables, and the round's cost line.
    const auto firstHeldOut = run.out.find("held-out");
    ASSERT_NE(firstHeldOut, std::string::npos) << run.out;
    EXPECT_NE(run.out.find("held-out", firstHeldOut + 1), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("searched "), std::string::npos) << run.out;
    for (const char* lane : {"proportional", "baker", "linear", "nonlinear", "tournament"}) {
        const std::string file = readFile(dir_ / ("fight." + std::string(lane) + ".mfpop"));
        EXPECT_NE(file.find("generation = 1"), std::string::npos) << lane << "\n" << file;
    }
}

// Faulty engines during tuning: the fake engine fails every 5th search of each of its
// processes (it crashes, exits, answers an illegal move, or floods its output). The run
// finishes, and in nodes mode it ends with the population, generator and generation of a
// fault-free run: each failed search was retried on a fresh process, and none was scored (a
// failed search scored as anything would change that candidate's fitness, and so the run). The
// genome tunes the fake engine's SwitchDepth: with the answer-speed prize each member's fitness
// depends on it, so members differ.
TEST_F(TuneCli, FaultyEnginesGiveTheRunOfAFaultFreeEngine) {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";
    std::ofstream(dir_ / "three.epd") << start << " bm e4; id \"a\";\n"
                                      << "rnbqkbnr/1ppppppp/p7/8/8/P7/1PPPPPPP/RNBQKBNR w KQkq - bm e4; id \"b\";\n"
                                      << start << " bm d4; id \"c\";\n";
    std::ofstream(dir_ / "switch.json") << R"({"format": "matefind-genome", "version": 1, "terms": [)"
                                        << R"({"name": "switch", "option": "SwitchDepth", "default": 4, "bits": 3, "floor": 1}]})";
    const std::string common = "tune --engine " MATEFIND_FAKE_ENGINE " --genome " + (dir_ / "switch.json").string() +
                               " --suite " + (dir_ / "three.epd").string() +
                               " --population 6 --generations 4 --nodes 8000 --prize 1 --pm 0.1 --workers 2 --seed 5";
    auto clean = cli(common + " --out " + (dir_ / "clean.mfpop").string());
    ASSERT_EQ(clean.exitCode, 0) << clean.out;
    auto reference = mf::ga::loadPopulation(dir_ / "clean.mfpop");
    ASSERT_TRUE(reference) << reference.error().message;
    std::set<double> fitness;
    for (const auto& member : reference->population) fitness.insert(member.fitness.value_or(-1));
    EXPECT_GE(fitness.size(), 2u) << "every member scores the same: the comparison would prove little";
    for (const char* fault : {"crash", "exit", "illegal", "flood"}) {
        SCOPED_TRACE(fault);
        const auto file = dir_ / (std::string(fault) + ".mfpop");
        auto faulty = cli(common + " --engine-arg=--fault=" + fault + " --engine-arg=--fault-every=5 --out " + file.string());
        ASSERT_EQ(faulty.exitCode, 0) << faulty.out;
        EXPECT_EQ(faulty.out.find("failed searches"), std::string::npos) << "a search failed twice:\n" << faulty.out;
        auto state = mf::ga::loadPopulation(file);
        ASSERT_TRUE(state) << state.error().message;
        EXPECT_EQ(state->generation, reference->generation);
        EXPECT_EQ(state->population, reference->population);
        EXPECT_EQ(state->rng, reference->rng);
        EXPECT_EQ(state->evaluations, reference->evaluations);
    }
}

// The limit check before a run: an engine stopping at depth 1 under `go nodes` (Ethereal 12 does)
// is refused; with --override-limit-check the run goes on and every generation counts the
// searches whose reported nodes broke the limit.
TEST_F(TuneCli, AnEngineBreakingTheNodesLimitIsRefusedUnlessOverridden) {
    std::string nodesRun = base();
    nodesRun.replace(nodesRun.find("--depth 3"), 9, "--nodes 3000");
    // A uniform start: four distinct members, so generation 0 searches four times (around the
    // defaults, two members of this one-term genome coincide and one is a cache hit).
    nodesRun += " --start uniform --engine-arg=--nodes=depth-one --out " + (dir_ / "run.mfpop").string();
    auto refused = cli(nodesRun);
    EXPECT_EQ(refused.exitCode, 2) << refused.out;
    EXPECT_NE(refused.out.find("matefind-cli tune: FakeEngine 1.0 stops far too early under `go nodes`"), std::string::npos)
        << refused.out;
    EXPECT_EQ(refused.out.find("gen 0"), std::string::npos) << refused.out;
    auto overridden = cli(nodesRun + " --override-limit-check");
    ASSERT_EQ(overridden.exitCode, 0) << overridden.out;
    EXPECT_NE(overridden.out.find("warning: FakeEngine 1.0 stops far too early"), std::string::npos) << overridden.out;
    EXPECT_NE(overridden.out.find(", limit-breaking searches 4 (run total 4;"), std::string::npos) << overridden.out;
}

// Generation 0 starts around the genome's defaults unless --start uniform (how each start draws is
// tested in tests/ga): the start is saved in the file, and --start cannot change a resumed run.
TEST_F(TuneCli, StartAroundTheDefaultsUnlessUniform) {
    const auto around = dir_ / "around.mfpop";
    auto run = cli(base() + " --out " + around.string());
    ASSERT_EQ(run.exitCode, 0) << run.out;
    EXPECT_NE(readFile(around).find("start = around-defaults"), std::string::npos);
    const auto uniform = dir_ / "uniform.mfpop";
    auto other = cli(base() + " --start uniform --out " + uniform.string());
    ASSERT_EQ(other.exitCode, 0) << other.out;
    EXPECT_NE(readFile(uniform).find("start = uniform"), std::string::npos);
    auto resumed = cli("tune --resume " + around.string() + " --start uniform");
    EXPECT_EQ(resumed.exitCode, 2) << resumed.out;
    EXPECT_NE(resumed.out.find("--start cannot change a resumed run"), std::string::npos) << resumed.out;
    auto bad = cli(base() + " --start near");
    EXPECT_EQ(bad.exitCode, 2) << bad.out;
    EXPECT_NE(bad.out.find("--start: expected around-defaults, uniform or latin-hypercube, got 'near'"), std::string::npos) << bad.out;
}

// The trace path on the fake engine: its own `evalfit trace` (one term, exact) is taken and kept;
// without traces (--evalfit=no-trace) the coefficients come by finite differences over `evalfit
// scores` and are kept where the score is linear in the weight; where it is not (--nonlinear), the
// linearity check sees it, the run says so and scores directly, and finishes all the same.
TEST_F(TuneCli, TheTracePathKeepsALinearEngineAndFallsBackFromANonLinearOne) {
    mf::tuning::test::writeData(dir_ / "data.epd", 0, 40);
    std::ofstream(dir_ / "wide.json") << R"({"format": "matefind-genome", "version": 1, "terms": [)"
                                      << R"({"name": "material", "option": "Material", "default": 100, "bits": 8}]})";
    const std::string run = "tune --measure evalfit --evalfit-path trace --engine " MATEFIND_FAKE_ENGINE
                            " --genome " + (dir_ / "wide.json").string() + " --data " + (dir_ / "data.epd").string() +
                            " --population 4 --generations 2 --workers 2 --seed 3";
    const auto traced = cli(run + " --engine-arg=--evalfit=correct --out " + (dir_ / "traced.mfpop").string());
    ASSERT_EQ(traced.exitCode, 0) << traced.out;
    EXPECT_NE(traced.out.find("writes evaluation traces"), std::string::npos) << traced.out;
    EXPECT_NE(traced.out.find("model E within 0.000 %"), std::string::npos) << traced.out;

    const auto linear = cli(run + " --engine-arg=--evalfit=no-trace --out " + (dir_ / "linear.mfpop").string());
    ASSERT_EQ(linear.exitCode, 0) << linear.out;
    EXPECT_NE(linear.out.find("traces by finite differences over evalfit scores"), std::string::npos) << linear.out;
    EXPECT_NE(linear.out.find("model E within 0.000 %"), std::string::npos) << linear.out;
    EXPECT_EQ(linear.out.find("scoring directly instead"), std::string::npos) << linear.out;

    const auto bent = cli(run + " --engine-arg=--evalfit=no-trace --engine-arg=--nonlinear --out " +
                          (dir_ / "bent.mfpop").string());
    ASSERT_EQ(bent.exitCode, 0) << bent.out;
    EXPECT_NE(bent.out.find("scoring directly instead (fast path)"), std::string::npos) << bent.out;
    EXPECT_NE(bent.out.find("gen 1 best"), std::string::npos) << bent.out;
    // K and E0 were fitted on the traces before the check failed: the traces are exact at the
    // point they were taken at (the defaults, where K and E0 are fitted), so they are those of a
    // run on the fast path from the start, and the fallback keeps them.
    const auto direct = cli("tune --measure evalfit --evalfit-path fast --engine " MATEFIND_FAKE_ENGINE " --genome " +
                            (dir_ / "wide.json").string() + " --data " + (dir_ / "data.epd").string() +
                            " --population 4 --generations 2 --workers 2 --seed 3 --engine-arg=--evalfit=no-trace"
                            " --engine-arg=--nonlinear --out " + (dir_ / "direct.mfpop").string());
    ASSERT_EQ(direct.exitCode, 0) << direct.out;
    const auto fitLines = [](const std::string& text) {
        std::string lines;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);)
            if (line.rfind("evalfit_k =", 0) == 0 || line.rfind("evalfit_e0 =", 0) == 0) lines += line + "\n";
        return lines;
    };
    const std::string bentFit = fitLines(readFile(dir_ / "bent.mfpop"));
    EXPECT_NE(bentFit.find("evalfit_e0 ="), std::string::npos) << bentFit;
    EXPECT_EQ(bentFit, fitLines(readFile(dir_ / "direct.mfpop")));
}
