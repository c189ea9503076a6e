#pragma once
// The optimisers' settings in a population file's extras. A run of the GA alone writes only the
// GA's numbers that differ from their defaults, so its file is as it always was; a run of one
// other optimiser writes `optimizer = NAME` and that optimiser's numbers; a run of several stages
// writes `stages = NAME COUNT, ..., NAME` (the last stage runs to the end) and the numbers of
// every optimiser in it.

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

// "ga 40, gradient": the stages as the extras and the command line write them.
std::string stagesText(const std::vector<Stage>& stages);
// The stages of such a text; the problem when it does not read or names no optimiser.
std::optional<std::string> parseStages(std::string_view text, std::vector<Stage>& stages);

}  // namespace mf::tuning
