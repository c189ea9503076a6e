#pragma once
// The measure's model of its error for the gradient optimiser (common/gradient_model.h), when the
// run's measure has one: today evalfit, whose traces make E linear-then-sigmoid in the weights.
// The run core asks here and names no measure.

#include <functional>
#include <memory>
#include <string>

#include "evolution/tuning/common/gradient_model.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

// True when runs of `settings.measure` can have a model (what the optimiser's validate() reads).
bool measureHasGradientModel(const TuningSettings& settings);

// The model for a run with `plan` and `settings` (kept by reference: they must outlive it); null
// when the measure has none. Made lazily: nothing is traced before prepareAt. `note` gets a line
// now and then while a long step runs (the traces at a new point, the unit moves' sweeps).
std::unique_ptr<GradientModel> makeGradientModel(const FitnessPlan& plan, const TuningSettings& settings,
                                                 std::function<void(const std::string&)> note = {});

}  // namespace mf::tuning
