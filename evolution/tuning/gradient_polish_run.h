#pragma once
// `tune --polish N --polish-method gradient`: the polish by gradient (dataset/gradient_polish.h)
// from a run's best member. The data set is traced afresh at the best member's weights (so the
// quiescence leaves are the ones those weights reach), the descent runs on those traces, and the
// result's E is then scored the way the run scores (the evaluator) before it is kept: a user never
// acts on the model's figure alone.
#include <functional>
#include <stop_token>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/evalfit_polish.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/fitness_plan.h"
#include "evolution/tuning/tuning_settings.h"

namespace mf::tuning {

// `iterations` descent steps from `start`; `onPass` sees the model's E every 20 iterations (its
// `pass` is the iteration). The result's error is the evaluator's.
Result<dataset::PolishResult> polishByGradient(const FitnessPlan& plan, const TuningSettings& settings,
                                               const std::vector<int>& start, int iterations,
                                               FitnessEvaluator& evaluator, std::stop_token stop,
                                               const std::function<void(const dataset::PolishPass&)>& onPass = {});

}  // namespace mf::tuning
