#pragma once
// An optimiser: what makes the next batch of candidates from an evaluated one. The run controller
// scores a batch (cache, evaluator, held-out: the same for every optimiser), then asks the run's
// optimiser for the next; it names no optimiser. Each optimiser is a folder beside this file
// (ga/, spsa/, cmaes/) and a line in makeOptimizer.
//
// A batch is a ga::RunState's population: candidates as chromosomes, so every value is inside its
// term's window and the files, reports and charts are those of the GA. Everything an optimiser
// carries from one batch to the next is in the RunState (its generator, and its own keys in
// RunState::optimizer), never in the optimiser object: a saved run resumes exactly.

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"
#include "evolution/tuning/tuning_settings.h"

namespace mf::tuning {

class Optimizer {
public:
    virtual ~Optimizer() = default;

    // Problems of `settings` for this optimiser (a population size it cannot use...), each
    // naming its field.
    virtual std::vector<std::string> validate(const TuningSettings& settings) const;
    // Generation 0, not evaluated: Rng(parameters.seed) and the optimiser's first batch.
    virtual ga::RunState start(const TuningSettings& settings) const = 0;
    // Why `state` (a loaded file) cannot be continued by this optimiser; nullopt when it can.
    virtual std::optional<std::string> checkState(const ga::RunState& state) const;
    // Replaces the fully evaluated batch of `state` with the next one (generation + 1, fitness
    // pending) and updates its keys in state.optimizer. Draws only from state.rng.
    virtual void next(ga::RunState& state, const TuningSettings& settings) const = 0;
    // The values the optimiser answers with now: by default the best member; SPSA's theta.
    virtual std::vector<int> pick(const ga::RunState& state) const;
};

std::unique_ptr<Optimizer> makeOptimizer(OptimizerKind kind);

// Synchronous driver (tests, tools), as ga::evolve: evaluates the pending members of `state` with
// `fitness` (of a member's values), then makes and evaluates batches until generation
// `generations` - 1 is evaluated.
using ValuesFitness = std::function<double(const std::vector<int>& values)>;
void optimize(const Optimizer& optimizer, const TuningSettings& settings, ga::RunState& state,
              const ValuesFitness& fitness, int generations);

}  // namespace mf::tuning
