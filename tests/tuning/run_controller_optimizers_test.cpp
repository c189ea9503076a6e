// The run controller drives SPSA and CMA-ES as it drives the GA: same evaluator, same files. A run
// stopped after generation 1 and continued from its file writes the file of the straight run.

#include <gtest/gtest.h>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/registry.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/tuning/optimizers/optimizer_state.h"
#include "evolution/tuning/run/run_controller.h"
#include "fake_evaluator.h"
#include "tuning_test_support.h"

namespace mf::tuning::test {
namespace {

struct Fixture {
    std::filesystem::path dir;
    FakeCounters counters;

    TuningSettings settings(std::string_view kind, int generations, const std::string& autosave) {
        TuningSettings s;
        s.optimizer.only(kind);
        s.parameters.generations = generations;
        s.parameters.populationSize = kind == "spsa" ? 4 : 6;
        s.parameters.seed = 5;
        s.parameters.limitKind = ga::LimitKind::Nodes;
        s.parameters.limitValue = 1000;
        s.genome = ga::Genome({ga::Term("a", "A", 60, 7), ga::Term("b", "B", 60, 7), ga::Term("c", "C", 30, 6)});
        s.engine.program = "/bin/sh";  // never started: the fake factory ignores it
        s.of<tuning::SuiteSettings>().suite = writeSuite(dir / "suite.epd", 6);
        s.workers = 1;
        s.autosave = dir / autosave;
        return s;
    }
    EvaluatorFactory factory() {
        return [this](const TuningSettings&, EngineLogHandler, std::stop_token) -> Result<std::unique_ptr<FitnessEvaluator>> {
            return std::unique_ptr<FitnessEvaluator>(
                std::make_unique<FakeEvaluator>(counters, std::chrono::microseconds(0), 50, 8));
        };
    }
};

// Stops its run as generation `last` is reported (the file then holds that generation).
class StopAfter : public RecordingObserver {
public:
    StopAfter(RunController*& controller, int last) : controller_(controller), last_(last) {}
    void generationFinished(const GenerationReport& report) override {
        RecordingObserver::generationFinished(report);
        if (report.stats.generation == last_) controller_->stop();
    }

private:
    RunController*& controller_;
    int last_;
};

void expectStoppedAndContinuedRunIsStraight(std::string_view kind) {
    Fixture f;
    f.dir = scratchDir(std::string("optimizer_") + std::string(kind));
    {
        RecordingObserver observer;
        RunController controller(f.factory(), &observer);
        ASSERT_EQ(controller.start(f.settings(kind, 5, "straight.mfpop")), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
        ASSERT_EQ(observer.generations.size(), 5u);
        EXPECT_EQ(observer.generations.back().pick.size(), 3u);
    }
    {
        RunController* self = nullptr;
        StopAfter observer(self, 1);
        RunController controller(f.factory(), &observer);
        self = &controller;
        ASSERT_EQ(controller.start(f.settings(kind, 5, "split.mfpop")), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Idle);
    }
    auto loaded = ga::loadPopulation(f.dir / "split.mfpop");
    ASSERT_TRUE(loaded) << loaded.error().message;
    EXPECT_EQ(loaded->generation, 1);
    EXPECT_FALSE(loaded->optimizer.empty());
    TuningSettings settings = f.settings("ga", 0, "split.mfpop");
    ASSERT_EQ(applyExtras(*loaded, settings), std::nullopt);
    EXPECT_EQ(settings.optimizer.first(), kind);
    {
        RunController controller(f.factory(), nullptr);
        ASSERT_EQ(controller.continueRun(*loaded, settings), std::nullopt);
        controller.wait();
        ASSERT_EQ(controller.status(), RunStatus::Finished);
    }
    const std::string straight = withoutComments(f.dir / "straight.mfpop");
    EXPECT_NE(straight.find("[optimizer]"), std::string::npos);
    EXPECT_EQ(withoutComments(f.dir / "split.mfpop"), straight);
}

TEST(RunControllerOptimizers, SpsaStoppedAndContinuedWritesTheStraightFile) {
    expectStoppedAndContinuedRunIsStraight("spsa");
}

TEST(RunControllerOptimizers, CmaesStoppedAndContinuedWritesTheStraightFile) {
    expectStoppedAndContinuedRunIsStraight("cmaes");
}

TEST(RunControllerOptimizers, SpsaScoresThetaOnTheHeldOutSuite) {
    Fixture f;
    f.dir = scratchDir("optimizer_heldout");
    TuningSettings s = f.settings("spsa", 3, "spsa.mfpop");
    s.of<tuning::SuiteSettings>().heldOutSuite = writeSuite(f.dir / "heldout.epd", 4);
    s.heldOutEvery = 1;
    RecordingObserver observer;
    RunController controller(f.factory(), &observer);
    ASSERT_EQ(controller.start(s), std::nullopt);
    controller.wait();
    ASSERT_EQ(controller.status(), RunStatus::Finished);
    ASSERT_EQ(observer.generations.size(), 3u);
    auto saved = ga::loadPopulation(s.autosave);
    ASSERT_TRUE(saved);
    // The report's pick is theta rounded (not a member's values), and it is what was held out.
    EXPECT_EQ(observer.generations.back().pick, makeOptimizer("spsa")->pick(*saved));
    EXPECT_TRUE(observer.generations.back().heldOut.has_value());
}

TEST(RunControllerOptimizers, FightNeedsTheGa) {
    Fixture f;
    f.dir = scratchDir("optimizer_fight");
    RunController controller(f.factory(), nullptr);
    auto error = controller.startFight(f.settings("spsa", 3, "fight.mfpop"));
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("optimizer ga"), std::string::npos);
}

}  // namespace
}  // namespace mf::tuning::test
