#pragma once
// The list of optimisers. Each optimiser is a folder beside this file: a class derived from
// Optimizer (optimizer.h) with a static `info` (OptimizerInfo: its name, its label and help for the
// front ends, which of the run's settings it reads, and its own numbers). The run core, the
// command line, the window and the population file find an optimiser here by its name and make
// everything else from its info, so none of them names an optimiser.
// Adding an optimiser: a new folder and its line in `Optimizers` below.

#include <array>
#include <memory>
#include <span>
#include <string_view>

#include "evolution/tuning/optimizers/cmaes/cmaes_optimizer.h"
#include "evolution/tuning/optimizers/ga/ga_optimizer.h"
#include "evolution/tuning/optimizers/gradient/gradient_optimizer.h"
#include "evolution/tuning/optimizers/local/local_search_optimizer.h"
#include "evolution/tuning/optimizers/optimizer.h"
#include "evolution/tuning/optimizers/spsa/spsa_optimizer.h"

namespace mf::tuning {

template <class... O>
struct OptimizerList {
    static constexpr std::array<const OptimizerInfo*, sizeof...(O)> infos{&O::info...};

    // A new optimiser of the given name; null when none is called so.
    static std::unique_ptr<Optimizer> make(std::string_view name) {
        std::unique_ptr<Optimizer> made;
        ((name == O::info.name ? (made = std::make_unique<O>(), true) : false) || ...);
        return made;
    }
};

using Optimizers = OptimizerList<GaOptimizer, SpsaOptimizer, CmaesOptimizer, LocalSearchOptimizer, GradientOptimizer>;

}  // namespace mf::tuning
