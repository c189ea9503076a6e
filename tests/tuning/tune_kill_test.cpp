// Killed and resumed: a real `matefind-cli tune` process on the bundled engine, in
// nodes mode (deterministic), is sent SIGKILL at a known point, then resumed from its autosave:
//   - between generations: right after it reported a generation;
//   - during evaluation: once the next generation's first search has gone to an engine (the
//     engine is started through a wrapper that logs every command, so this is an order of
//     events, not a guess in milliseconds);
//   - during the autosave write: the save is held half-way (--test-save-pause-ms) and the
//     kill lands while its temporary file is half-written.
// Each time: the population file on disk loads (never half-written), holds at least the last
// generation reported (at most the generation in flight is lost), and the resumed run ends with
// the same population file as an uninterrupted run.
#include <gtest/gtest.h>

#include <csignal>
#include <fstream>
#include <set>
#include <sstream>
#include <thread>

#include "evolution/ga/population_file.h"
#include "tests/uci/solve_cli_support.h"
#include "tuning_test_support.h"

namespace {

using namespace std::chrono_literals;
using mf::uci::testing::Child;
using mf::uci::testing::spawn;

constexpr int kGenerations = 4;

std::size_t countLinesStartingWith(const std::filesystem::path& file, const std::string& prefix) {
    std::ifstream in(file);
    std::size_t count = 0;
    for (std::string line; std::getline(in, line);) count += line.rfind(prefix, 0) == 0;
    return count;
}

bool hasTemporaryBeside(const std::filesystem::path& file) {
    for (const auto& entry : std::filesystem::directory_iterator(file.parent_path()))
        if (entry.path().filename().string().rfind(file.filename().string() + ".tmp-", 0) == 0 && entry.file_size() > 0)
            return true;
    return false;
}

class TuneKill : public ::testing::Test {
protected:
    void SetUp() override {
        engine_ = std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine";
        if (!std::filesystem::exists(engine_)) GTEST_SKIP() << engine_ << " not built";
        // The bundled genome (twelve terms) on the first 8 positions of the bundled suite: members
        // score differently there, so the resumed run's file equals the unbroken one only when
        // the same chromosomes got the same fitness and the generator went on where it stopped.
        const auto share = std::filesystem::path(MATEFIND_BIN_DIR) / ".." / "share" / "matefind";
        genome_ = share / "genomes" / "matefind.json";
        const auto tuneSuite = share / "epd" / "matefind-tune.epd";
        if (!std::filesystem::exists(genome_) || !std::filesystem::exists(tuneSuite))
            GTEST_SKIP() << "the bundled genome and suite are not in " << share;
        dir_ = mf::tuning::test::scratchDir(::testing::UnitTest::GetInstance()->current_test_info()->name());
        measure_ = "--suite " + (dir_ / "eight.epd").string() + " --population 6 --nodes 2000 --pm 0.05";
        std::ifstream in(tuneSuite);
        std::ofstream head(dir_ / "eight.epd");
        for (int kept = 0; kept < 8 && in;) {
            std::string line;
            std::getline(in, line);
            if (!line.empty() && line.front() != '#') head << line << '\n', ++kept;
        }
        // The engine through a wrapper that appends every command it receives to a log.
        wrapper_ = dir_ / "logged-engine.sh";
        std::ofstream(wrapper_) << "#!/bin/sh\ntee -a '" << (dir_ / "commands.log").string() << "' | exec '"
                                << engine_.string() << "'\n";
        std::filesystem::permissions(wrapper_, std::filesystem::perms::owner_exec, std::filesystem::perm_options::add);
    }

    std::string cli() const { return std::string(MATEFIND_BIN_DIR) + "/matefind-cli"; }
    std::string fresh(const std::filesystem::path& out) const {
        return cli() + " tune --engine " + wrapper_.string() + " --genome " + genome_.string() + " " + measure_ +
               " --generations " + std::to_string(kGenerations) + " --workers 2 --seed 3 --out " + out.string();
    }

    // Runs to the end; the exit code.
    static int finish(Child& child) {
        std::string line;
        while (child.readLine(line, 300s)) {}
        return child.wait();
    }

    // Reads the CLI's output up to the report of generation `generation`; false when it ended first.
    static bool readUntilGeneration(Child& child, int generation) {
        const std::string wanted = "gen " + std::to_string(generation) + " best ";
        for (std::string line; child.readLine(line, 300s);)
            if (line.rfind(wanted, 0) == 0) return true;
        return false;
    }

    // After a kill: the file on disk is whole and holds at least `reported`; resume it to the
    // end and compare with the uninterrupted run.
    void resumeAndCompare(const std::filesystem::path& file, int reported) {
        auto saved = mf::ga::loadPopulation(file);
        ASSERT_TRUE(saved) << "the autosave does not load after the kill: " << saved.error().message;
        EXPECT_GE(saved->generation, reported) << "more than the generation in flight was lost";
        EXPECT_LE(saved->generation, reported + 1);
        // --generations is the run's total (generation 0 counted), also when resuming.
        if (saved->generation < kGenerations - 1) {
            Child resumed = spawn(cli() + " tune --resume " + file.string() + " --generations " +
                                  std::to_string(kGenerations) + " --workers 2 2>/dev/null");
            ASSERT_EQ(finish(resumed), 0);
        }
        EXPECT_EQ(mf::tuning::test::withoutComments(file), mf::tuning::test::withoutComments(straight()));
    }

    // Killed once generation 2 is being evaluated (a search has gone out after the report of
    // generation 1), then resumed and compared.
    void killDuringGenerationTwoAndResume() {
        straight();
        const auto file = dir_ / "run.mfpop";
        const auto log = dir_ / "commands.log";
        Child run = spawn(fresh(file) + " 2>/dev/null");
        ASSERT_TRUE(readUntilGeneration(run, 1));
        const std::size_t goes = countLinesStartingWith(log, "go ");
        const auto deadline = std::chrono::steady_clock::now() + mf::test_time::scaled(120s);
        while (countLinesStartingWith(log, "go ") == goes && run.running() && std::chrono::steady_clock::now() < deadline)
            std::this_thread::sleep_for(1ms);
        ASSERT_GT(countLinesStartingWith(log, "go "), goes) << "no search of generation 2 went out";
        ::kill(run.pid, SIGKILL);
        run.wait();
        resumeAndCompare(file, 1);
    }

    // The uninterrupted run, made once per test.
    std::filesystem::path straight() {
        const auto file = dir_ / "straight.mfpop";
        if (!std::filesystem::exists(file)) {
            Child run = spawn(fresh(file) + " 2>/dev/null");
            EXPECT_EQ(finish(run), 0);
        }
        return file;
    }

    std::filesystem::path engine_, genome_, dir_, wrapper_;
    // What the run measures and how: the GA on the eight positions unless a test says otherwise.
    std::string measure_;
};

// The same on a games run: SPSA between partners, each iteration one couple's game pair on the
// bundled openings (the schedule is the run's from its start, so the resumed run ends as the
// unbroken one only when theta, the perturbation and the generator went on where they stopped).
class TuneKillGames : public TuneKill {
protected:
    void SetUp() override {
        TuneKill::SetUp();
        if (IsSkipped()) return;
        measure_ = "--measure games --optimizer spsa --baseline partners --pairs 1 --population 2 --nodes 300";
    }
};

TEST_F(TuneKill, BetweenGenerations) {
    auto unbroken = mf::ga::loadPopulation(straight());
    ASSERT_TRUE(unbroken) << unbroken.error().message;
    std::set<double> fitness;
    for (const auto& member : unbroken->population) fitness.insert(member.fitness.value_or(-1));
    EXPECT_GE(fitness.size(), 2u) << "every member scores the same: the comparison would prove little";
    const auto file = dir_ / "run.mfpop";
    Child run = spawn(fresh(file) + " 2>/dev/null");
    ASSERT_TRUE(readUntilGeneration(run, 1));
    ::kill(run.pid, SIGKILL);
    EXPECT_EQ(run.wait(), 128 + SIGKILL);
    resumeAndCompare(file, 1);
}

TEST_F(TuneKill, DuringEvaluation) { killDuringGenerationTwoAndResume(); }

TEST_F(TuneKill, DuringTheAutosaveWrite) {
    straight();
    const auto file = dir_ / "run.mfpop";
    // Every save stops half-way for 3 s: the kill lands while generation 2's save is half-written.
    Child run = spawn(fresh(file) + " --test-save-pause-ms 3000 2>/dev/null");
    ASSERT_TRUE(readUntilGeneration(run, 1));
    const auto deadline = std::chrono::steady_clock::now() + mf::test_time::scaled(120s);
    while (!hasTemporaryBeside(file) && run.running() && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(1ms);
    ASSERT_TRUE(hasTemporaryBeside(file)) << "generation 2's save never started";
    ::kill(run.pid, SIGKILL);
    run.wait();
    ASSERT_TRUE(hasTemporaryBeside(file)) << "the kill did not land during the write";
    auto saved = mf::ga::loadPopulation(file);
    ASSERT_TRUE(saved) << saved.error().message;
    EXPECT_EQ(saved->generation, 1) << "the population file is generation 1's, untouched by the interrupted save";
    resumeAndCompare(file, 1);
}

TEST_F(TuneKillGames, DuringAnIterationsGames) { killDuringGenerationTwoAndResume(); }

}  // namespace
