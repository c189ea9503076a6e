#pragma once
// `tune --measure evalfit --polish PASSES`: Texel's local search (dataset/evalfit_polish.h) from
// the best member of a finished evalfit run, scored through a FitnessEvaluator made for the run's
// settings: the same engines and path (fast or UCI) as the GA. When the polished weights lower E
// they replace the worst member, so the run's file names them as its best.
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/evalfit_polish.h"
#include "evolution/ga/evolution.h"
#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/tuning_settings.h"

namespace mf::tuning {

// coordinate: Texel's local search (dataset/evalfit_polish.h), `passes` passes over the terms;
// gradient: Adam on the data set's traces (gradient_polish_run.h), 100 iterations a pass.
enum class PolishMethod { Coordinate, Gradient };
inline constexpr int kGradientIterationsPerPass = 100;

struct EvalfitPolishOutcome {
    double startError = 0.0;              // E of the best member the polish started from
    dataset::PolishResult result;         // the polished weights, their E, passes, evaluations
    std::optional<double> heldOutError;   // the polished weights' E on the held-out data, if any
    std::vector<std::string> failures;    // candidates whose scoring failed (never taken)
    std::vector<std::string> notes;       // how the positions were scored (the path, the traces' check)
};

// `state` is a finished evalfit run whose last generation is scored, `settings` its settings with
// K and E0 (a saved run's applyExtras gives them). Changes `state` (the worst member replaced when
// E fell, the polish's evaluations counted); the caller saves it. An error when the run is not an
// evalfit run, has no fit, or no scored member.
Result<EvalfitPolishOutcome> polishEvalfitRun(ga::RunState& state, const TuningSettings& settings,
                                              FitnessEvaluator& evaluator, int maxPasses, std::stop_token stop,
                                              const std::function<void(const dataset::PolishPass&)>& onPass = {},
                                              PolishMethod method = PolishMethod::Coordinate);

}  // namespace mf::tuning
