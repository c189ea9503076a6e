// Stop reaches every blocking wait of an engine's start-up: a run (the controller with the local
// evaluator factory, each measure) whose engine never answers "uci" returns to idle within
// 2 s of Stop, where it used to wait out the start-up timeout (60 s on the command line).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "tests/test_time.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"
#include "tuning_test_support.h"

namespace mf::tuning {
namespace {

using namespace std::chrono_literals;

class Recorder : public RunObserver {
public:
    void statusChanged(const StatusChange& change) override {
        std::lock_guard lock(mutex_);
        last_ = change;
        changed_.notify_all();
    }
    // Waits until the run is over (idle, finished or failed); the status it ended with.
    std::optional<StatusChange> waitForEnd(std::chrono::milliseconds limit) {
        std::unique_lock lock(mutex_);
        const bool ended = changed_.wait_for(lock, limit, [&] {
            return last_.status == RunStatus::Idle || last_.status == RunStatus::Finished ||
                   last_.status == RunStatus::Failed;
        });
        if (!ended) return std::nullopt;
        return last_;
    }

private:
    std::mutex mutex_;
    std::condition_variable changed_;
    StatusChange last_{RunStatus::Starting, ""};
};

TuningSettings silentEngineRun(FitnessMeasure measure, const std::filesystem::path& dir) {
    TuningSettings s;
    s.engine.program = MATEFIND_FAKE_ENGINE;
    s.engine.arguments = {"--fault=no-uciok"};
    s.parameters.populationSize = 4;
    s.parameters.generations = 2;
    s.parameters.limitKind = ga::LimitKind::Nodes;
    s.parameters.limitValue = 1000;
    s.parameters.elite = 1;
    s.genome = ga::Genome({ga::Term("material", "Material", 100, 8)});
    s.measure = measure;
    s.of<tuning::SuiteSettings>().suite = test::writeSuite(dir / "suite.epd", 3);
    s.of<tuning::EvalfitSettings>().data = test::writeData(dir / "data.epd", 0, 10);
    s.workers = 2;
    return s;
}

class StartupStop : public ::testing::TestWithParam<FitnessMeasure> {};

TEST_P(StartupStop, StopDuringAStartThatNeverAnswersReturnsWithinTwoSeconds) {
    if (!std::filesystem::exists(MATEFIND_FAKE_ENGINE)) GTEST_SKIP() << "fake engine not built";
    const auto dir = test::scratchDir("startup_stop_" + std::string(fitnessMeasureName(GetParam())));
    Recorder recorder;
    RunController controller(localEvaluatorFactory(), &recorder);
    const auto refused = controller.start(silentEngineRun(GetParam(), dir));
    ASSERT_FALSE(refused.has_value()) << *refused;
    std::this_thread::sleep_for(500ms);  // the engines are started and waiting for "uciok"
    const auto stopped = std::chrono::steady_clock::now();
    controller.stop();
    const auto end = recorder.waitForEnd(test_time::scaled(10s));
    ASSERT_TRUE(end.has_value()) << "the run did not end within " << test_time::scaled(10s).count() << " ms of Stop";
    EXPECT_LT(std::chrono::steady_clock::now() - stopped, test_time::scaled(2s));
    EXPECT_NE(end->status, RunStatus::Finished);
}

INSTANTIATE_TEST_SUITE_P(Measures, StartupStop,
                         ::testing::Values(FitnessMeasure::Solved, FitnessMeasure::Games, FitnessMeasure::Evalfit),
                         [](const auto& info) { return std::string(fitnessMeasureName(info.param)); });

}  // namespace
}  // namespace mf::tuning
