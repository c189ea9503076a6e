// The run controller with the deterministic fake evaluator: exact resume, pause/stop/start,
// the cache in deterministic mode and none in time mode, held-out scoring, failures.

#include <gtest/gtest.h>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/run/run_controller.h"
#include "fake_evaluator.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

using namespace std::chrono_literals;

struct Fixture {
    std::filesystem::path dir;
    FakeCounters counters;
    std::chrono::microseconds delay{0};

    TuningSettings settings(int generations, const std::string& autosave = {}) {
        TuningSettings s;
        s.parameters.generations = generations;
        s.parameters.populationSize = 12;
        s.parameters.elite = 2;
        s.parameters.pm = 0.02;
        s.parameters.seed = 77;
        s.parameters.limitKind = ga::LimitKind::Nodes;
        s.parameters.limitValue = 1000;
        s.genome = ga::Genome({ga::Term("a", "A", 100, 7), ga::Term("b", "B", 100, 7), ga::Term("c", "C", 50, 6)});
        s.engine.program = "/bin/sh";  // never started: the fake factory ignores it
        s.engine.fixedOptions = {{"Hash", "16"}};
        s.of<tuning::SuiteSettings>().suite = writeSuite(dir / "suite.epd", 6);
        s.workers = 1;
        if (!autosave.empty()) s.autosave = dir / autosave;
        return s;
    }
    EvaluatorFactory factory() {
        return [this](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
            return std::unique_ptr<FitnessEvaluator>(std::make_unique<FakeEvaluator>(counters, delay, 70, 12));
        };
    }
};

TEST(RunController, TwoGenerationsThenResumeTwoWritesTheFileOfFourStraight) {
    Fixture f;
    f.dir = scratchDir("resume");
    {
        RecordingObserver observer;
        RunController controller(f.factory(), &observer);
        ASSERT_EQ(controller.start(f.settings(4, "straight.mfpop")), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
        ASSERT_EQ(observer.generations.size(), 4u);
    }
    {
        RunController controller(f.factory(), nullptr);
        ASSERT_EQ(controller.start(f.settings(2, "split.mfpop")), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
    }
    auto loaded = ga::loadPopulation(f.dir / "split.mfpop");
    ASSERT_TRUE(loaded) << loaded.error().message;
    EXPECT_EQ(loaded->generation, 1);
    TuningSettings settings = f.settings(0, "split.mfpop");
    ASSERT_EQ(applyExtras(*loaded, settings), std::nullopt);
    EXPECT_EQ(settings.of<tuning::SuiteSettings>().suite, f.dir / "suite.epd");
    EXPECT_EQ(settings.engine.fixedOptions, (uci::OptionValues{{"Hash", "16"}}));
    // Two more generations: the total becomes 4, as in the straight run.
    loaded->parameters.generations = loaded->generation + 1 + 2;
    settings.parameters = loaded->parameters;
    {
        RecordingObserver observer;
        RunController controller(f.factory(), &observer);
        ASSERT_EQ(controller.continueRun(*loaded, settings), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
        ASSERT_EQ(observer.generations.size(), 2u);
        EXPECT_EQ(observer.generations.front().stats.generation, 2);
    }
    const std::string straight = withoutComments(f.dir / "straight.mfpop");
    EXPECT_NE(straight.find("generation = 3"), std::string::npos);
    EXPECT_EQ(withoutComments(f.dir / "split.mfpop"), straight);
}

TEST(RunController, PauseDispatchesNothingResumeContinuesStopKeepsLastGenerationStartAgainWorks) {
    Fixture f;
    f.dir = scratchDir("pause");
    f.delay = 2ms;
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    ASSERT_EQ(controller.start(f.settings(1000)), std::nullopt);
    ASSERT_TRUE(observer.waitFor([](auto& o) { return o.generations.size() >= 1; }));

    controller.pause();
    ASSERT_TRUE(observer.waitFor([](auto& o) { return o.sawStatus(RunStatus::Paused); }));
    EXPECT_EQ(controller.status(), RunStatus::Paused);
    const std::size_t positionsAtPause = f.counters.positions.load();
    const std::size_t generationsAtPause = observer.locked([](auto& o) { return o.generations.size(); });
    std::this_thread::sleep_for(300ms);
    EXPECT_EQ(f.counters.positions.load(), positionsAtPause) << "a position was dispatched while paused";
    EXPECT_EQ(observer.locked([](auto& o) { return o.generations.size(); }), generationsAtPause);

    controller.resume();
    ASSERT_TRUE(observer.waitFor([&](auto& o) { return o.generations.size() >= generationsAtPause + 2; }));
    EXPECT_GT(f.counters.positions.load(), positionsAtPause);

    controller.stop();
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Idle);
    auto kept = controller.lastCompleted();
    ASSERT_TRUE(kept);
    EXPECT_TRUE(ga::fullyEvaluated(kept->population));
    const auto lastReported = observer.locked([](auto& o) { return o.generations.back(); });
    EXPECT_EQ(kept->generation, lastReported.stats.generation);
    EXPECT_EQ(kept->population, lastReported.population);
    EXPECT_NE(observer.statuses.back().reason.find("kept generation " + std::to_string(kept->generation)),
              std::string::npos)
        << observer.statuses.back().reason;

    // Start again on the same controller.
    ASSERT_EQ(controller.start(f.settings(2)), std::nullopt);
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Finished);
}

TEST(RunController, StopWhilePausedEndsPromptly) {
    Fixture f;
    f.dir = scratchDir("stoppaused");
    f.delay = 2ms;
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    ASSERT_EQ(controller.start(f.settings(1000)), std::nullopt);
    controller.pause();
    ASSERT_TRUE(observer.waitFor([](auto& o) { return o.sawStatus(RunStatus::Paused); }));
    EXPECT_NE(controller.start(f.settings(2)), std::nullopt) << "a second run must be refused while one is active";
    controller.stop();
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Idle);
    EXPECT_TRUE(observer.sawStatus(RunStatus::Stopping));
}

// Order of events, no stopwatch: the first held-out position waits in flight until the pause has
// been asked for, so the pause lands during held-out scoring whatever the machine's load.
TEST(RunController, PauseDuringHeldOutScoringIsReportedAsPausedAndResumes) {
    Fixture f;
    f.dir = scratchDir("pauseheldout");
    std::mutex gate;
    std::condition_variable gateChanged;
    bool reached = false, released = false;
    f.counters.onPosition = [&](std::size_t suiteSize) {
        if (suiteSize != 200) return;  // the held-out suite
        std::unique_lock lock(gate);
        if (reached) return;
        reached = true;
        gateChanged.notify_all();
        gateChanged.wait(lock, [&] { return released; });
    };
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    auto settings = f.settings(1);
    settings.of<tuning::SuiteSettings>().heldOutSuite = writeSuite(f.dir / "heldout.epd", 200);
    ASSERT_EQ(controller.start(settings), std::nullopt);
    {
        std::unique_lock lock(gate);
        ASSERT_TRUE(gateChanged.wait_for(lock, mf::test_time::scaled(30s), [&] { return reached; }))
            << "held-out scoring never started";
    }
    const std::size_t positionsAtPause = f.counters.positions.load();  // the held-out position in flight included
    controller.pause();
    {
        std::lock_guard lock(gate);
        released = true;
    }
    gateChanged.notify_all();
    ASSERT_TRUE(observer.waitFor([](auto& o) { return o.sawStatus(RunStatus::Paused); }, 30s))
        << "a pause during held-out scoring must take hold and be reported";
    EXPECT_EQ(controller.status(), RunStatus::Paused);
    std::this_thread::sleep_for(200ms);
    EXPECT_EQ(f.counters.positions.load(), positionsAtPause) << "a held-out position was dispatched while paused";
    EXPECT_TRUE(observer.locked([](auto& o) { return o.generations.empty(); }));

    controller.resume();
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished);
    ASSERT_EQ(observer.generations.size(), 1u);
    ASSERT_TRUE(observer.generations.front().heldOut);
    EXPECT_EQ(observer.generations.front().heldOut->scored, 200);
}

TEST(RunController, DeterministicLimitCachesElitesAndDuplicates) {
    Fixture f;
    f.dir = scratchDir("cache");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    ASSERT_EQ(controller.start(f.settings(8)), std::nullopt);
    controller.wait();
    ASSERT_EQ(observer.generations.size(), 8u);
    std::size_t searched = 0;
    std::size_t served = 0;
    for (const auto& report : observer.generations) {
        EXPECT_FALSE(report.noisyFitness);
        searched += report.cost.searchedCandidates;
        served += report.cost.searchedCandidates + report.cost.cachedCandidates;
    }
    EXPECT_EQ(f.counters.candidates.load(), searched);
    const auto& last = observer.generations.back();
    EXPECT_GT(last.cacheHitRate, 0.0);
    EXPECT_LT(searched, last.stats.evaluations) << "elites and duplicates must not be searched again";
    // The GA count of evaluations is every member given a fitness, cached or not (members that no
    // operator changed keep theirs and are not counted).
    EXPECT_EQ(last.stats.evaluations, served);
}

// Wraps the fake evaluator; in its first evaluate() call, position 0 of every candidate fails
// (as a crashed engine's search does): not scored, counted as failed.
class FailFirstCall final : public FitnessEvaluator {
public:
    explicit FailFirstCall(std::unique_ptr<FitnessEvaluator> inner) : inner_(std::move(inner)) {}
    std::size_t workers() const override { return inner_->workers(); }
    void pause() override { inner_->pause(); }
    void resume() override { inner_->resume(); }
    std::vector<CandidateScore> evaluate(const FitnessWork& work, const std::vector<Candidate>& candidates,
                                         std::stop_token stop, const ProgressHandler& onProgress) override {
        auto scores = inner_->evaluate(work, candidates, stop, onProgress);
        if (calls_++ == 0)
            for (auto& score : scores) {
                score.positions.at(0).scored = false;
                score.positions.at(0).failure = "engine crashed";
                summarize(score);
            }
        return scores;
    }

private:
    std::unique_ptr<FitnessEvaluator> inner_;
    int calls_ = 0;
};

// A fitness earned while some searches failed is provisional: kept by elites and unchanged copies
// it would steer the selection forever, so such members are scored again when next met.
TEST(RunController, FitnessWithFailedSearchesIsRescoredNotKept) {
    Fixture f;
    f.dir = scratchDir("failures");
    RecordingObserver observer;
    EvaluatorFactory factory = [&f](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
        return std::unique_ptr<FitnessEvaluator>(
            std::make_unique<FailFirstCall>(std::make_unique<FakeEvaluator>(f.counters, f.delay, 70, 12)));
    };
    RunController controller(factory, &observer);
    auto settings = f.settings(3);
    settings.parameters.pk = 0;  // no operator changes anything: every member keeps its fitness
    settings.parameters.pm = 0;
    ASSERT_EQ(controller.start(settings), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished);
    ASSERT_EQ(observer.generations.size(), 3u);
    EXPECT_GT(observer.generations[0].cost.failedSearches, 0u);
    // Generation 1 holds copies of generation 0's members: all of them are searched again.
    EXPECT_GT(observer.generations[1].cost.searchedCandidates, 0u);
    EXPECT_EQ(observer.generations[1].cost.failedSearches, 0u);
    // Generation 2: the clean scores are cached and kept; nothing is searched.
    EXPECT_EQ(observer.generations[2].cost.searchedCandidates, 0u);
    // Every fitness is now the one a run without failures gives.
    FakeCounters clean;
    FakeEvaluator reference(clean, std::chrono::microseconds(0), 70, 12);
    const FitnessWork work = SuiteWork{uci::loadSuite(settings.of<tuning::SuiteSettings>().suite.string()),
                                       ScoringRule{searchLimit(settings.parameters), 0.0, FitnessMeasure::Solved}};
    for (const ga::Member& m : observer.generations[2].population) {
        const auto truth =
            reference.evaluate(work, {makeCandidate(settings.genome, ga::decode(settings.genome, m.chromosome))}, {}, {});
        EXPECT_EQ(m.fitness, truth.at(0).fitness);
    }
}

TEST(RunController, TimeLimitIsNoisyAndCachesNothing) {
    Fixture f;
    f.dir = scratchDir("time");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    auto settings = f.settings(4);
    settings.parameters.limitKind = ga::LimitKind::Time;
    settings.parameters.limitValue = 10;
    ASSERT_EQ(controller.start(settings), std::nullopt);
    controller.wait();
    ASSERT_EQ(observer.generations.size(), 4u);
    for (const auto& report : observer.generations) {
        EXPECT_TRUE(report.noisyFitness);
        EXPECT_EQ(report.cost.cachedCandidates, 0u);
    }
    EXPECT_EQ(f.counters.candidates.load(), observer.generations.back().stats.evaluations);
}

TEST(RunController, HeldOutSuiteScoresTheBestEveryKthGenerationAndTheLast) {
    Fixture f;
    f.dir = scratchDir("heldout");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    auto settings = f.settings(6);
    settings.of<tuning::SuiteSettings>().heldOutSuite = writeSuite(f.dir / "heldout.epd", 4);
    settings.heldOutEvery = 3;
    ASSERT_EQ(controller.start(settings), std::nullopt);
    controller.wait();
    ASSERT_EQ(observer.generations.size(), 6u);
    for (const auto& report : observer.generations) {
        const int g = report.stats.generation;
        EXPECT_EQ(report.heldOut.has_value(), g % 3 == 0 || g == 5) << "generation " << g;
        if (report.heldOut) {
            EXPECT_EQ(report.heldOut->positions, 4u);
        }
    }
}

TEST(RunController, FightRunsAllFiveSelectionTypesFromOneStart) {
    Fixture f;
    f.dir = scratchDir("fight");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    ASSERT_EQ(controller.startFight(f.settings(3)), std::nullopt);
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Finished);
    ASSERT_EQ(observer.rounds.size(), 3u);
    ASSERT_EQ(observer.rounds.front().lanes.size(), ga::kAllSelectionTypes.size());
    // Generation 0 is the same population in every lane.
    for (const auto& lane : observer.rounds.front().lanes)
        EXPECT_EQ(lane.population, observer.rounds.front().lanes.front().population);
    const auto lanes = controller.fightLanes();
    ASSERT_EQ(lanes.size(), 5u);
    for (const auto& lane : lanes) EXPECT_EQ(lane.history.size(), 3u);
}

TEST(RunController, FightReportsTheSharedCostOnTheRoundAutosavesEachLaneAndScoresEachLanesBestHeldOut) {
    Fixture f;
    f.dir = scratchDir("fightcost");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    auto settings = f.settings(4, "fight.mfpop");
    settings.of<tuning::SuiteSettings>().heldOutSuite = writeSuite(f.dir / "heldout.epd", 4);
    settings.heldOutEvery = 2;
    ASSERT_EQ(controller.startFight(settings), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished);
    ASSERT_EQ(observer.rounds.size(), 4u);

    std::size_t searched = 0;
    for (const auto& round : observer.rounds) {
        searched += round.cost.searchedCandidates;
        EXPECT_GT(round.cost.wallTime.count(), 0) << "round " << round.generation;
        const bool heldOutRound = round.generation % 2 == 0 || round.generation == 3;
        for (const auto& lane : round.lanes) {
            EXPECT_EQ(lane.cost.searchedCandidates, 0u) << "a lane carries no share of the round's cost";
            EXPECT_EQ(lane.cost.cachedCandidates, 0u);
            EXPECT_EQ(lane.cost.wallTime.count(), 0);
            EXPECT_EQ(lane.heldOut.has_value(), heldOutRound) << "round " << round.generation;
            if (lane.heldOut) {
                EXPECT_EQ(lane.heldOut->positions, 4u);
            }
        }
    }
    EXPECT_GT(observer.rounds.front().cost.searchedCandidates, 0u);
    // Main-suite searches are the rounds' searched candidates; the rest went to the held-out
    // suite: at most one per lane per held-out round (equal bests share one search).
    const std::size_t heldOutSearches = f.counters.candidates.load() - searched;
    EXPECT_GE(heldOutSearches, 1u);
    EXPECT_LE(heldOutSearches, 3u * ga::kAllSelectionTypes.size());

    // Each lane's file holds that lane's last generation, selection type included.
    const auto lanes = controller.fightLanes();
    ASSERT_EQ(lanes.size(), ga::kAllSelectionTypes.size());
    for (const auto& lane : lanes) {
        const auto file = fightLaneFile(settings.autosave, lane.type);
        EXPECT_EQ(file.parent_path(), f.dir);
        EXPECT_EQ(file.filename().string(), "fight." + std::string(ga::selectionName(lane.type)) + ".mfpop");
        auto saved = ga::loadPopulation(file);
        ASSERT_TRUE(saved) << saved.error().message;
        EXPECT_EQ(saved->generation, 3);
        EXPECT_EQ(saved->parameters.selection.type, lane.type);
        EXPECT_EQ(saved->population, lane.state.population);
    }
}

TEST(RunController, FightLaneFileNamesTheSelection) {
    EXPECT_EQ(fightLaneFile("runs/f.mfpop", ga::SelectionType::Baker), std::filesystem::path("runs/f.baker.mfpop"));
    EXPECT_EQ(fightLaneFile("f", ga::SelectionType::Tournament), std::filesystem::path("f.tournament"));
    EXPECT_EQ(fightLaneFile("", ga::SelectionType::Tournament), std::filesystem::path());
}

// The factory gets the observer's engine-log handler (so an evaluator can log its engines'
// start-up); an observer that wants no engine lines gives none.
TEST(RunController, FactoryGetsTheEngineLogHandlerOnlyWhenTheObserverWantsLines) {
    struct QuietObserver : RecordingObserver {
        bool wantsEngineLog() const override { return false; }
    };
    Fixture f;
    f.dir = scratchDir("factorylog");
    std::vector<bool> handed;
    auto factory = [&](const TuningSettings&, EngineLogHandler engineLog, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
        handed.push_back(static_cast<bool>(engineLog));
        if (engineLog) engineLog({1, EngineLogLine::Direction::Received, "uciok"});
        return std::unique_ptr<FitnessEvaluator>(std::make_unique<FakeEvaluator>(f.counters, f.delay, 70, 12));
    };
    RecordingObserver wants;
    {
        RunController controller(factory, &wants);
        ASSERT_EQ(controller.start(f.settings(1)), std::nullopt);
        controller.wait();
    }
    QuietObserver quiet;
    {
        RunController controller(factory, &quiet);
        ASSERT_EQ(controller.start(f.settings(1)), std::nullopt);
        controller.wait();
    }
    EXPECT_EQ(handed, (std::vector<bool>{true, false}));
    ASSERT_EQ(wants.engineLines.size(), 1u);
    EXPECT_EQ(wants.engineLines.front().text, "uciok");
    EXPECT_EQ(wants.engineLines.front().worker, 1u);
}

TEST(RunController, EngineThatCannotStartFailsTheRunWithTheReason) {
    Fixture f;
    f.dir = scratchDir("fail");
    RecordingObserver observer;
    RunController controller(
        [](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> { return Error{"no uciok within 10 s"}; },
        &observer);
    ASSERT_EQ(controller.start(f.settings(3)), std::nullopt);
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Failed);
    EXPECT_NE(observer.statuses.back().reason.find("no uciok"), std::string::npos);
}

TEST(RunController, InvalidSettingsAreRefusedWithTheFieldNamed) {
    Fixture f;
    f.dir = scratchDir("invalid");
    RunController controller(f.factory(), nullptr);
    auto settings = f.settings(3);
    settings.of<tuning::SuiteSettings>().suite = f.dir / "missing.epd";
    settings.parameters.elite = 50;
    auto error = controller.start(settings);
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("suite"), std::string::npos) << *error;
    EXPECT_NE(error->find("elite"), std::string::npos) << *error;
    EXPECT_EQ(controller.status(), RunStatus::Idle);
}

TEST(RunController, SuiteWithoutUsablePositionsFails) {
    Fixture f;
    f.dir = scratchDir("badsuite");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    auto settings = f.settings(3);
    std::ofstream(f.dir / "bad.epd") << "this is not a position bm e4;\n";
    settings.of<tuning::SuiteSettings>().suite = f.dir / "bad.epd";
    ASSERT_EQ(controller.start(settings), std::nullopt);
    controller.wait();
    EXPECT_EQ(controller.status(), RunStatus::Failed);
    EXPECT_NE(observer.statuses.back().reason.find("bad.epd"), std::string::npos) << observer.statuses.back().reason;
}

}  // namespace
}  // namespace mf::tuning::test
