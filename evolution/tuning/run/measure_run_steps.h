#pragma once
// What a measure does at fixed points of a run besides scoring its work: before the first
// generation (the evalfit measure fits K and E0 there and checks its traces), at each generation
// (it moves its trace point), when the run ends (it scores the winner the engine's own way), and
// what it adds to a generation's report. The run controller calls these and names no measure: each
// step finds the run's measure in the registry (measures/registry.h) and calls the measure's
// traits' static function of that name when it has one; a measure that needs a step declares it,
// one that does not declares nothing.
//
//   prepareRun(plan, settings, evaluator, stop, handlers)   -> RunStepOutcome
//   atGeneration(plan, settings, state, rescore)            -> GenerationStep
//   confirmWinner(plan, settings, evaluator, report, stop)  -> std::string (appended to the end's status)
//   addFigures(settings, report)
//   fightProblem(settings)                                  -> std::optional<std::string>
//   scoresRepeat                                            static constexpr bool: a candidate's
//                                                            score is the same every time (cached)

#include <cstddef>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

// What a step before the first generation may tell the run while it works.
struct RunStepHandlers {
    ProgressHandler onProgress;                                  // its passes' progress
    std::function<void(bool heldOut, std::size_t units)> onPass;  // a pass starts: which data, how many units
    std::function<void(const std::string&)> onNote;              // a line for the log
};

struct RunStepOutcome {
    bool stopped = false;                // `stop` was requested
    std::optional<std::string> failure;  // the run cannot go on
};

struct GenerationStep {
    std::optional<std::string> failure;  // the run cannot go on
    std::string note;                    // a line for the log, when something changed
};

RunStepOutcome prepareMeasure(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                              std::stop_token stop, const RunStepHandlers& handlers);
// With `rescore`, members whose scores no longer compare are marked for scoring again.
GenerationStep stepMeasure(FitnessPlan& plan, const TuningSettings& settings, ga::RunState& state, bool rescore);
std::string confirmMeasureWinner(FitnessPlan& plan, const TuningSettings& settings, FitnessEvaluator& evaluator,
                                 const GenerationReport& report, std::stop_token stop);
void addMeasureFigures(const TuningSettings& settings, GenerationReport& report);
std::optional<std::string> measureFightProblem(const TuningSettings& settings);
bool measureScoresRepeat(const TuningSettings& settings);

}  // namespace mf::tuning
