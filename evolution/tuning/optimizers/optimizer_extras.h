#pragma once
// The optimiser's settings in a population file's extras: `optimizer` (spsa, cmaes) and its
// options, written only when the optimiser is not the GA so that a GA run's file is as before.

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "evolution/tuning/optimizers/optimizer_settings.h"

namespace mf::tuning {

void addOptimizerExtras(const OptimizerSettings& settings, std::vector<std::pair<std::string, std::string>>& extras);

// Sets `settings` from the extras (the GA and the defaults when they have none of its keys); the
// problem, naming the key, when one does not read.
std::optional<std::string> readOptimizerExtras(const std::vector<std::pair<std::string, std::string>>& extras,
                                               OptimizerSettings& settings);

}  // namespace mf::tuning
