// A run's past generations in its file (run_history.h) and the progress figures of an evaluation
// (progress_meter.h): what the window needs to reopen a run whole and to say honestly how far it is.

#include <gtest/gtest.h>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/evaluate/progress_meter.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/tuning/run/run_history.h"
#include "fake_evaluator.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

using namespace std::chrono_literals;

GenerationReport sampleReport(int generation) {
    GenerationReport r;
    r.stats.generation = generation;
    r.stats.best = 1.0 / 3.0 + generation;
    r.stats.mean = 0.1234567890123456789;
    r.stats.worst = -0.0;
    r.stats.sum = 12.5;
    r.stats.evaluations = 40 + static_cast<std::uint64_t>(generation);
    r.stats.diversity = 3.75;
    r.stats.bestValues = {100, -7, 0};
    r.bestError = 0.11811;
    r.startError = 0.1199;
    r.evalfitK = 1.234;
    r.cost.searchedCandidates = 7;
    r.cost.cachedCandidates = 5;
    r.cost.failedSearches = 1;
    r.failedSearchesTotal = 3;
    r.cost.limitBreakingSearches = 2;
    r.limitBreakingSearchesTotal = 4;
    r.cacheHitRate = 5.0 / 12.0;
    r.cost.wallTime = 1234567891ns;
    r.cost.thinkTime = 2345ns;
    r.noisyFitness = true;
    return r;
}

TEST(RunHistory, AGenerationReadsBackExactlyWithItsCostAndHeldOut) {
    ga::RunState state;
    state.extras = {{"suite", "x.epd"}};
    GenerationReport r = sampleReport(3);
    r.heldOut = HeldOutResult{0.987654321, 4, 9, 1, 10, WorkUnit::Positions, 0.125};
    recordGeneration(state, r, true);
    auto back = recordedGenerations(state);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->size(), 1u);
    const RecordedGeneration& g = back->front();
    EXPECT_TRUE(g.hasCost);
    EXPECT_EQ(g.report.stats, r.stats);  // every double to the bit
    EXPECT_EQ(g.report.bestError, r.bestError);
    EXPECT_EQ(g.report.startError, r.startError);
    EXPECT_EQ(g.report.evalfitK, r.evalfitK);
    ASSERT_TRUE(g.report.heldOut);
    EXPECT_EQ(g.report.heldOut->fitness, 0.987654321);
    EXPECT_EQ(g.report.heldOut->solved, 4);
    EXPECT_EQ(g.report.heldOut->scored, 9);
    EXPECT_EQ(g.report.heldOut->failed, 1);
    EXPECT_EQ(g.report.heldOut->positions, 10u);
    EXPECT_EQ(g.report.heldOut->error, std::optional<double>(0.125));
    EXPECT_EQ(g.report.cost.searchedCandidates, 7u);
    EXPECT_EQ(g.report.cost.cachedCandidates, 5u);
    EXPECT_EQ(g.report.cost.failedSearches, 1u);
    EXPECT_EQ(g.report.failedSearchesTotal, 3u);
    EXPECT_EQ(g.report.cost.limitBreakingSearches, 2u);
    EXPECT_EQ(g.report.limitBreakingSearchesTotal, 4u);
    EXPECT_EQ(g.report.cacheHitRate, 5.0 / 12.0);
    EXPECT_EQ(g.report.cost.wallTime, 1234567891ns);
    EXPECT_EQ(g.report.cost.thinkTime, 2345ns);
    EXPECT_TRUE(g.report.noisyFitness);
    // A file keeps it: the lines survive a save and a load.
    state.parameters.populationSize = 2;
    auto text = ga::populationToText(state);
    EXPECT_NE(text.find("history.3 = best="), std::string::npos);
    EXPECT_NE(text.find("cost.3 = searched=7"), std::string::npos);
}

// The lines' text is what files on disk hold: it must read the same in every version.
TEST(RunHistory, TheLinesHaveTheirFixedText) {
    ga::RunState state;
    GenerationReport r = sampleReport(3);
    r.heldOut = HeldOutResult{0.987654321, 4, 9, 1, 10, WorkUnit::Positions, 0.125};
    recordGeneration(state, r, true);
    ASSERT_EQ(state.extras.size(), 2u);
    EXPECT_EQ(state.extras[0].first, "history.3");
    EXPECT_EQ(state.extras[0].second,
              "best=3.3333333333333335 mean=0.12345678901234568 worst=-0 sum=12.5 evaluations=43 diversity=3.75 "
              "values=100,-7,0 error=0.11811 e0=0.1199 k=1.234 "
              "heldout=0.987654321,4,9,1,10,positions,0.125");
    EXPECT_EQ(state.extras[1].first, "cost.3");
    EXPECT_EQ(state.extras[1].second,
              "searched=7 cached=5 failed=1 failed_total=3 limits=2 limits_total=4 hit_rate=0.4166666666666667 "
              "wall_ns=1234567891 think_ns=2345 noisy=1");

    ga::RunState plain;
    GenerationReport bare;
    bare.stats.best = 2;
    recordGeneration(plain, bare, false);
    ASSERT_EQ(plain.extras.size(), 1u);
    EXPECT_EQ(plain.extras[0].second, "best=2 mean=0 worst=0 sum=0 evaluations=0 diversity=0 values=");
}

// Files saved before numbers were written shortest hold 17 digits ("%.17g"); they read back to the
// same doubles as the shortest text does.
TEST(RunHistory, LinesWrittenWithSeventeenDigitsStillReadTheSame) {
    ga::RunState state;
    state.extras = {{"history.3", "best=3.3333333333333335 mean=0.12345678901234568 worst=-0 sum=12.5 evaluations=43 "
                                  "diversity=3.75 values=100,-7,0 error=0.11811000000000001 e0=0.11990000000000001 "
                                  "k=1.234 heldout=0.98765432099999995,4,9,1,10,positions,0.125"}};
    auto back = recordedGenerations(state);
    ASSERT_TRUE(back) << back.error().message;
    ASSERT_EQ(back->size(), 1u);
    const GenerationReport& g = back->front().report;
    EXPECT_EQ(g.bestError, 0.11811);
    EXPECT_EQ(g.startError, 0.1199);
    ASSERT_TRUE(g.heldOut);
    EXPECT_EQ(g.heldOut->fitness, 0.987654321);
}

TEST(RunHistory, RecordingAgainReplacesTheLineAndCostsAreOptional) {
    ga::RunState state;
    recordGeneration(state, sampleReport(0), false);
    recordGeneration(state, sampleReport(1), false);
    GenerationReport again = sampleReport(0);
    again.heldOut = HeldOutResult{2.5, 0, 4, 0, 4, WorkUnit::Games, std::nullopt};
    recordGeneration(state, again, false);
    ASSERT_EQ(state.extras.size(), 2u);  // generation 0 replaced in place, no cost lines
    EXPECT_EQ(state.extras[0].first, "history.0");
    auto back = recordedGenerations(state);
    ASSERT_TRUE(back);
    ASSERT_EQ(back->size(), 2u);
    EXPECT_FALSE((*back)[0].hasCost);
    EXPECT_EQ((*back)[0].report.cost.searchedCandidates, 0u);
    ASSERT_TRUE((*back)[0].report.heldOut);
    EXPECT_EQ((*back)[0].report.heldOut->unit, WorkUnit::Games);
    EXPECT_FALSE((*back)[0].report.heldOut->error);
    EXPECT_EQ((*back)[1].report.stats.generation, 1);
}

TEST(RunHistory, AMalformedLineIsAnErrorNamingTheKeyAndTheField) {
    ga::RunState state;
    recordGeneration(state, sampleReport(2), true);
    state.extras[0].second.replace(state.extras[0].second.find("mean="), 5, "mean=x");
    auto back = recordedGenerations(state);
    ASSERT_FALSE(back);
    EXPECT_NE(back.error().message.find("history.2"), std::string::npos) << back.error().message;
    EXPECT_NE(back.error().message.find("'mean'"), std::string::npos) << back.error().message;

    ga::RunState other;
    other.extras = {{"history.x", "best=1"}};
    auto bad = recordedGenerations(other);
    ASSERT_FALSE(bad);
    EXPECT_NE(bad.error().message.find("history.x"), std::string::npos);

    ga::RunState missing;
    recordGeneration(missing, sampleReport(0), false);
    missing.extras[0].second = "best=1 mean=1";
    auto incomplete = recordedGenerations(missing);
    ASSERT_FALSE(incomplete);
    EXPECT_NE(incomplete.error().message.find("'worst': missing"), std::string::npos) << incomplete.error().message;
}

TEST(RunHistory, EachFieldThatDoesNotReadIsNamed) {
    const std::string stats = "best=1 mean=1 worst=1 sum=1 evaluations=1 diversity=1 ";
    const std::string cost = "searched=1 cached=1 failed=0 failed_total=0 limits=0 limits_total=0 hit_rate=0.5 "
                             "wall_ns=1 think_ns=1 ";
    struct Case {
        std::string history;
        std::string cost;  // empty: no cost line
        std::string message;
    };
    const Case cases[] = {
        {stats + "values=1,x", "", "extras: history.0: 'values': expected whole numbers separated by ',', got '1,x'"},
        {stats, "", "extras: history.0: 'values': missing"},
        {stats + "values= e0=x", "", "extras: history.0: 'e0': expected a number, got 'x'"},
        {stats + "values= heldout=1,2,3", "",
         "extras: history.0: 'heldout': expected fitness,solved,scored,failed,positions,unit[,E | ,elo,low,high,games], got '1,2,3'"},
        {stats + "values= heldout=1,2,3,4,5,moves", "",
         "extras: history.0: 'heldout': expected fitness,solved,scored,failed,positions,unit[,E | ,elo,low,high,games], got "
         "'1,2,3,4,5,moves'"},
        {stats + "values= heldout=1,2,3,4,5,games,0.1,9", "",
         "extras: history.0: 'heldout': expected fitness,solved,scored,failed,positions,unit[,E | ,elo,low,high,games], got "
         "'1,2,3,4,5,games,0.1,9'"},
        {"best=1 oops", "", "extras: history.0: 'oops' is not name=value"},
        {stats + "values=", "searched=1", "extras: cost.0: 'cached': missing"},
        {stats + "values=", cost + "noisy=x", "extras: cost.0: 'noisy': expected a number, got 'x'"},
        {stats + "values=", cost, "extras: cost.0: 'noisy': missing"},
    };
    for (const Case& c : cases) {
        ga::RunState state;
        state.extras = {{"history.0", c.history}};
        if (!c.cost.empty()) state.extras.emplace_back("cost.0", c.cost);
        auto back = recordedGenerations(state);
        ASSERT_FALSE(back) << c.history;
        EXPECT_EQ(back.error().message, c.message);
    }
    ga::RunState fine;
    fine.extras = {{"history.0", stats + "values= heldout=1,2,3,4,5,games"}, {"cost.0", cost + "noisy=1"}};
    auto back = recordedGenerations(fine);
    ASSERT_TRUE(back) << back.error().message;
    EXPECT_EQ(back->front().report.heldOut->unit, WorkUnit::Games);
    EXPECT_TRUE(back->front().report.noisyFitness);
}

TEST(RunHistory, KeepHistoryCopiesTheGenerationsUpToTheState) {
    ga::RunState from;
    for (int g = 0; g < 4; ++g) recordGeneration(from, sampleReport(g), g % 2 == 0);
    ga::RunState to;
    to.generation = 2;
    to.extras = {{"suite", "x"}};
    keepHistory(from, to);
    std::vector<std::string> keys;
    for (const auto& [key, value] : to.extras) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"suite", "history.0", "cost.0", "history.1", "history.2", "cost.2"}));
    EXPECT_TRUE(isHistoryKey("cost.12"));
    EXPECT_FALSE(isHistoryKey("suite"));
}

TEST(ProgressMeter, RatesLeavePausedTimeOutAndWaitingCountsFromTheLastUnit) {
    using Clock = ProgressMeter::Clock;
    const Clock::time_point t0{};
    ProgressMeter meter(t0, 0, Clock::duration{});
    meter.update({0, 100, 2}, false, t0);
    EXPECT_FALSE(meter.eta());  // nothing measured yet
    meter.update({0, 100, 2}, false, t0 + 3s);
    EXPECT_EQ(meter.waitingFor(t0 + 3s), 3s);  // engines busy, no unit yet
    meter.update({10, 100, 2}, false, t0 + 4s);  // 10 units in 4 s
    EXPECT_EQ(meter.waitingFor(t0 + 4s), 0s);
    ASSERT_TRUE(meter.eta());
    EXPECT_EQ(*meter.eta(), 36s);  // 90 left at 0.4 s each
    meter.update({10, 100, 0}, true, t0 + 60s);  // paused a minute: not counted, not waiting
    EXPECT_EQ(meter.activeTime(), 4s);
    EXPECT_EQ(meter.waitingFor(t0 + 60s), 0s);
    meter.update({20, 100, 2}, false, t0 + 64s);  // resumed: 20 units in 8 active seconds
    EXPECT_EQ(*meter.eta(), 32s);

    // Before its first unit, an evaluation uses the run's earlier rate.
    ProgressMeter next(t0, 50, 10s);
    next.update({0, 10, 1}, false, t0 + 1s);
    EXPECT_EQ(*next.eta(), 2s);
}

struct Fixture {
    std::filesystem::path dir;
    FakeCounters counters;
    std::chrono::microseconds delay{0};

    TuningSettings settings(int generations, const std::string& autosave) {
        TuningSettings s;
        s.parameters.generations = generations;
        s.parameters.populationSize = 8;
        s.parameters.elite = 1;
        s.parameters.seed = 5;
        s.parameters.limitKind = ga::LimitKind::Nodes;
        s.parameters.limitValue = 1000;
        s.genome = ga::Genome({ga::Term("a", "A", 100, 7), ga::Term("b", "B", 100, 7)});
        s.engine.program = "/bin/sh";
        s.of<tuning::SuiteSettings>().suite = writeSuite(dir / "suite.epd", 5);
        s.of<tuning::SuiteSettings>().heldOutSuite = writeSuite(dir / "held.epd", 3);
        s.heldOutEvery = 2;
        s.workers = 1;
        s.autosave = dir / autosave;
        return s;
    }
    EvaluatorFactory factory() {
        return [this](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
            return std::unique_ptr<FitnessEvaluator>(std::make_unique<FakeEvaluator>(counters, delay, 70, 12));
        };
    }
};

TEST(RunControllerHistory, TheFileHoldsEveryGenerationAsReportedAndCostsOnlyWhenAsked) {
    Fixture f;
    f.dir = scratchDir("history");
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    controller.recordCosts(true);
    ASSERT_EQ(controller.start(f.settings(4, "run.mfpop")), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished);
    auto saved = ga::loadPopulation(f.dir / "run.mfpop");
    ASSERT_TRUE(saved) << saved.error().message;
    auto history = recordedGenerations(*saved);
    ASSERT_TRUE(history) << history.error().message;
    ASSERT_EQ(history->size(), observer.generations.size());
    for (std::size_t g = 0; g < history->size(); ++g) {
        const GenerationReport& shown = observer.generations[g];
        const RecordedGeneration& kept = (*history)[g];
        EXPECT_TRUE(kept.hasCost);
        EXPECT_EQ(kept.report.stats.best, shown.stats.best);
        EXPECT_EQ(kept.report.stats.mean, shown.stats.mean);
        EXPECT_EQ(kept.report.stats.bestValues, shown.stats.bestValues);
        EXPECT_EQ(kept.report.heldOut.has_value(), shown.heldOut.has_value()) << "generation " << g;
        EXPECT_EQ(kept.report.cost.searchedCandidates, shown.cost.searchedCandidates);
        EXPECT_EQ(kept.report.cost.wallTime, shown.cost.wallTime);
    }
    EXPECT_TRUE((*history)[2].report.heldOut);  // every 2nd and the last
    EXPECT_TRUE((*history)[3].report.heldOut);

    // Without recordCosts the file has the statistics only.
    RunController plain(f.factory(), nullptr);
    ASSERT_EQ(plain.start(f.settings(2, "plain.mfpop")), std::nullopt);
    plain.wait();
    auto plainFile = ga::loadPopulation(f.dir / "plain.mfpop");
    ASSERT_TRUE(plainFile);
    auto plainHistory = recordedGenerations(*plainFile);
    ASSERT_TRUE(plainHistory);
    ASSERT_EQ(plainHistory->size(), 2u);
    EXPECT_FALSE(plainHistory->front().hasCost);
}

TEST(RunControllerHistory, AContinuedRunKeepsThePastGenerations) {
    Fixture f;
    f.dir = scratchDir("history_continue");
    {
        RunController controller(f.factory(), nullptr);
        ASSERT_EQ(controller.start(f.settings(2, "split.mfpop")), std::nullopt);
        controller.wait();
    }
    auto loaded = ga::loadPopulation(f.dir / "split.mfpop");
    ASSERT_TRUE(loaded);
    TuningSettings settings = f.settings(0, "split.mfpop");
    ASSERT_EQ(applyExtras(*loaded, settings), std::nullopt);
    loaded->parameters.generations = 4;
    settings.parameters = loaded->parameters;
    RunController controller(f.factory(), nullptr);
    ASSERT_EQ(controller.continueRun(*loaded, settings), std::nullopt);
    controller.wait();
    auto last = controller.lastCompleted();
    ASSERT_TRUE(last);
    auto history = recordedGenerations(*last);
    ASSERT_TRUE(history);
    ASSERT_EQ(history->size(), 4u);
    for (int g = 0; g < 4; ++g) EXPECT_EQ((*history)[std::size_t(g)].report.stats.generation, g);
}

TEST(RunControllerProgress, EveryEvaluationIsReportedBeforeItsFirstUnitAndWaitingIsMeasured) {
    Fixture f;
    f.dir = scratchDir("progress");
    std::mutex mutex;
    std::vector<RunProgress> seen;
    struct Observer : RunObserver {
        std::mutex* mutex;
        std::vector<RunProgress>* seen;
        void progress(const RunProgress& p) override {
            std::lock_guard lock(*mutex);
            seen->push_back(p);
        }
    } observer;
    observer.mutex = &mutex;
    observer.seen = &seen;
    // Hold the first position 1.5 s: the run waits on its (fake) engine and says so.
    std::atomic<bool> held{false};
    f.counters.onPosition = [&](std::size_t) {
        if (!held.exchange(true)) std::this_thread::sleep_for(1500ms);
    };
    RunController controller(f.factory(), &observer);
    ASSERT_EQ(controller.start(f.settings(2, "p.mfpop")), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished);
    std::lock_guard lock(mutex);
    ASSERT_FALSE(seen.empty());
    EXPECT_EQ(seen.front().unitsDone, 0u);  // the generation shows before its first answer
    EXPECT_EQ(seen.front().generation, 0);
    EXPECT_FALSE(seen.front().heldOut);
    bool waited = false, heldOutBegun = false;
    for (const RunProgress& p : seen) {
        waited = waited || (p.waitingFor >= 1s && p.unitsDone == 0);
        heldOutBegun = heldOutBegun || (p.heldOut && p.unitsDone == 0);
    }
    EXPECT_TRUE(waited);
    EXPECT_TRUE(heldOutBegun);
}

}  // namespace
}  // namespace mf::tuning::test
