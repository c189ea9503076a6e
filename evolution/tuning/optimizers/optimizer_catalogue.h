#pragma once
// The optimisers of registry.h as the rest of MateFind asks for them, by name: their infos in
// list order, one by its name, a new one to run. Only this file's .cpp includes the registry, so
// a file that needs an optimiser by name does not compile every optimiser's header.

#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

// Every optimiser's info, in the registry's order (the GA first: the default).
std::span<const OptimizerInfo* const> optimizerInfos();
// The info of the optimiser called `name`; null when there is none.
const OptimizerInfo* findOptimizer(std::string_view name);
// A new optimiser called `name`; throws std::invalid_argument when there is none (settings that
// name one are validated before a run makes it).
std::unique_ptr<Optimizer> makeOptimizer(std::string_view name);
// "ga, spsa or cmaes": the names, for messages.
std::string optimizerNames();
// Every number setting of every optimiser, in the registry's order.
std::span<const NumberSetting* const> allNumberSettings();
// The optimiser that owns `setting`.
const OptimizerInfo& ownerOf(const NumberSetting& setting);

}  // namespace mf::tuning
