#pragma once
// An optimiser: what makes the next batch of candidates from an evaluated one. The run controller
// scores a batch (cache, evaluator, held-out: the same for every optimiser), then asks the
// stage's optimiser for the next; it names no optimiser. Each optimiser is a folder beside this
// file (ga/, spsa/, cmaes/ ...) and a line in registry.h.
//
// A batch is a ga::RunState's population: candidates as chromosomes, so every value is inside its
// term's window and the files, reports and charts are those of the GA. Everything an optimiser
// carries from one batch to the next is in the RunState (its generator, and its own keys in
// RunState::optimizer), never in the optimiser object: a saved run resumes exactly.

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/ga/start_population.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/optimizers/number_setting.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"

namespace mf::tuning {

// What an optimiser reads of the run: the GA's parameters (population size, generations, seed,
// and for the GA its breeding), the genome, the start scheme, the optimisers' settings and the
// measure (whose scale SPSA reads).
struct OptimizerInputs {
    const ga::Parameters& parameters;
    const ga::Genome& genome;
    ga::StartPopulation start;
    const OptimizerSettings& optimizer;
    FitnessMeasure measure;
};

// What an optimiser may ask of the run while it makes a batch. The GA, SPSA and CMA-ES ask
// nothing; an optimiser that scores candidates of its own between batches asks here.
class OptimizerContext {
public:
    virtual ~OptimizerContext() = default;
};

// The context of a caller that offers nothing beyond the batches (tests, tools, optimize()).
OptimizerContext& noContext();

// What the front ends show of an optimiser, and which of the run's settings it reads.
struct OptimizerInfo {
    std::string_view name;      // on the command line and in files: "ga"
    std::string_view label;     // in the window: "GA"
    std::string_view help;      // one sentence for --optimizer's help and the window's tip
    bool breeds = false;        // reads the GA's breeding parameters (selection, p_k, p_m, elitism)
    bool startsPopulation = false;  // makes generation 0 as --start asks
    std::span<const NumberSetting> settings;  // its own numbers
};

class Optimizer {
public:
    virtual ~Optimizer() = default;

    // Problems of the inputs for this optimiser (a population size it cannot use...), each
    // naming its field. Its own numbers' ranges are checked for it (NumberSetting).
    virtual std::vector<std::string> validate(const OptimizerInputs& inputs) const;
    // Generation 0, not evaluated: Rng(parameters.seed) and the optimiser's first batch.
    virtual ga::RunState start(const OptimizerInputs& inputs) const = 0;
    // Why `state` (a loaded file) cannot be continued by this optimiser; nullopt when it can.
    virtual std::optional<std::string> checkState(const ga::RunState& state) const;
    // Replaces the fully evaluated batch of `state` with the next one (generation + 1, fitness
    // pending) and updates its keys in state.optimizer. Draws only from state.rng.
    virtual void next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const = 0;
    // The values the optimiser answers with now: by default the best member; SPSA's theta.
    virtual std::vector<int> pick(const ga::RunState& state) const;
};

// Synchronous driver (tests, tools), as ga::evolve: evaluates the pending members of `state` with
// `fitness` (of a member's values), then makes and evaluates batches until generation
// `generations` - 1 is evaluated.
using ValuesFitness = std::function<double(const std::vector<int>& values)>;
void optimize(const Optimizer& optimizer, const OptimizerInputs& inputs, ga::RunState& state,
              const ValuesFitness& fitness, int generations);

}  // namespace mf::tuning
