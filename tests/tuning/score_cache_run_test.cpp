// A run whose score cache is too small to hold what it meets evicts, searches the evicted scores
// again when it meets them, and breeds exactly as a run with the default bound: the population
// files are equal, generation after generation, for a single run and for a fight.

#include <gtest/gtest.h>

#include <algorithm>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/tuning/evaluate/score_cache.h"
#include "fake_evaluator.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

constexpr int kGenerations = 40;

struct Outcome {
    std::string file;                  // the last population file, without its comment lines
    std::vector<std::string> lanes;    // fight: each lane's file, in kAllSelectionTypes order
    std::size_t candidatesSearched = 0;
    ScoreCacheUse cache;               // as the last report saw it
    std::size_t highestBytes = 0;      // the most the cache held at the end of any generation
};

// The suites every run reads (their paths are saved in the population file).
const std::filesystem::path& suites() {
    static const std::filesystem::path dir = [] {
        auto made = scratchDir("cache_run_suites");
        writeSuite(made / "suite.epd", 8);
        writeSuite(made / "heldout.epd", 5);
        return made;
    }();
    return dir;
}

TuningSettings settings(const std::filesystem::path& dir, std::size_t cacheBytes) {
    TuningSettings s;
    s.parameters.generations = kGenerations;
    s.parameters.populationSize = 30;
    s.parameters.elite = 2;
    s.parameters.pm = 0.03;
    s.parameters.seed = 2811;
    s.parameters.limitKind = ga::LimitKind::Nodes;
    s.parameters.limitValue = 1000;
    // Few bits: the population meets earlier chromosomes again, so the cache is hit.
    s.genome = ga::Genome({ga::Term("a", "A", 100, 4), ga::Term("b", "B", 100, 4), ga::Term("c", "C", 50, 3)});
    s.engine.program = "/bin/sh";  // never started: the fake factory ignores it
    s.of<tuning::SuiteSettings>().suite = suites() / "suite.epd";
    s.of<tuning::SuiteSettings>().heldOutSuite = suites() / "heldout.epd";  // held-out scores are cached too
    s.heldOutEvery = 3;
    s.workers = 1;
    s.autosave = dir / "run.mfpop";
    s.scoreCacheBytes = cacheBytes;
    return s;
}

Outcome run(const std::string& name, std::size_t cacheBytes, bool fight) {
    const auto dir = scratchDir(name);
    FakeCounters counters;
    const EvaluatorFactory factory = [&](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
        // Thresholds 96..103 on values near 100: members score differently.
        return std::unique_ptr<FitnessEvaluator>(std::make_unique<FakeEvaluator>(counters, std::chrono::microseconds(0), 96, 1));
    };
    RecordingObserver observer;
    const TuningSettings s = settings(dir, cacheBytes);
    {
        RunController controller(factory, &observer);
        EXPECT_EQ(fight ? controller.startFight(s) : controller.start(s), std::nullopt);
        controller.wait();
        EXPECT_EQ(controller.status(), RunStatus::Finished) << observer.statuses.back().reason;
    }
    Outcome outcome;
    outcome.candidatesSearched = counters.candidates.load();
    std::vector<GenerationReport> reports = observer.generations;
    for (const FightRound& round : observer.rounds) reports.push_back(round.lanes.front());
    EXPECT_EQ(reports.size(), static_cast<std::size_t>(kGenerations));
    if (reports.empty()) return outcome;
    for (const GenerationReport& report : reports) outcome.highestBytes = std::max(outcome.highestBytes, report.cache.bytes);
    outcome.cache = reports.back().cache;
    if (fight)
        for (ga::SelectionType lane : ga::kAllSelectionTypes) outcome.lanes.push_back(withoutComments(fightLaneFile(s.autosave, lane)));
    else
        outcome.file = withoutComments(s.autosave);
    return outcome;
}

// Room for a dozen entries: far fewer than the run meets.
std::size_t tinyBound() {
    CandidateScore score;
    return 12 * ScoreCache::entryBytes({0, 0, 0}, score);
}

TEST(ScoreCacheRun, ARunThatEvictsWritesThePopulationFileOfOneThatDoesNot) {
    const Outcome uncapped = run("cache_uncapped", kDefaultScoreCacheBytes, false);
    const Outcome capped = run("cache_capped", tinyBound(), false);
    ASSERT_FALSE(uncapped.file.empty());
    EXPECT_NE(uncapped.file.find("generation = " + std::to_string(kGenerations - 1)), std::string::npos);
    EXPECT_EQ(capped.file, uncapped.file);

    EXPECT_EQ(uncapped.cache.evictions, 0u);
    EXPECT_GT(uncapped.cache.entries, 12u) << "the run must meet more chromosomes than the small cache holds";
    EXPECT_GT(capped.cache.evictions, 0u);
    EXPECT_LE(capped.highestBytes, tinyBound());
    EXPECT_LE(capped.cache.entries, 12u);
    // Evicted scores were searched again, not guessed.
    EXPECT_GT(capped.candidatesSearched, uncapped.candidatesSearched);
}

TEST(ScoreCacheRun, AFightThatEvictsWritesTheLaneFilesOfOneThatDoesNot) {
    const Outcome uncapped = run("cache_fight_uncapped", kDefaultScoreCacheBytes, true);
    const Outcome capped = run("cache_fight_capped", tinyBound(), true);
    ASSERT_EQ(uncapped.lanes.size(), ga::kAllSelectionTypes.size());
    EXPECT_EQ(capped.lanes, uncapped.lanes);
    EXPECT_EQ(uncapped.cache.evictions, 0u);
    EXPECT_GT(capped.cache.evictions, 0u);
    EXPECT_GT(capped.candidatesSearched, uncapped.candidatesSearched);
}

TEST(ScoreCacheRun, ABoundOfNothingSearchesEveryNewMemberAndStillBreedsTheSame) {
    const Outcome uncapped = run("cache_zero_reference", kDefaultScoreCacheBytes, false);
    const Outcome none = run("cache_zero", 0, false);
    EXPECT_EQ(none.file, uncapped.file);
    EXPECT_EQ(none.cache.entries, 0u);
    EXPECT_GT(none.candidatesSearched, uncapped.candidatesSearched);
}

}  // namespace
}  // namespace mf::tuning::test
