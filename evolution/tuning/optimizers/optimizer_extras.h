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

// The stages after the first, each with its count ("gradient 10", "local 6, gradient 10"; empty:
// none), as a front end takes them; the problem when the text does not read.
std::optional<std::string> parseLaterStages(std::string_view text, std::vector<Stage>& stages);
// Their text, parseLaterStages' inverse.
std::string laterStagesText(const std::vector<Stage>& stages);

// A run's stages as a front end shows them: the first stage's optimiser with `firstGenerations` (the
// run's generations field), then the later stages with their counts; the run's generations are the sum.
void joinStages(OptimizerSettings& optimizer, int& generations, const std::vector<Stage>& later);
// The inverse: the later stages (each with its count) and the first stage's generations.
std::vector<Stage> laterStagesOf(const OptimizerSettings& optimizer, int generations, int& firstGenerations);

}  // namespace mf::tuning
