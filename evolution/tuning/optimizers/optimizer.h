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
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/ga/start_population.h"
#include "evolution/tuning/common/gradient_model.h"
#include "evolution/tuning/measures/fitness_measure.h"
#include "evolution/tuning/optimizers/number_setting.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"

namespace mf::tuning {

// What an optimiser reads of the run: the GA's parameters (population size, generations, seed,
// and for the GA its breeding), the genome, the start scheme, the optimisers' settings, the
// measure and the stage it runs (its first generation and how many it has).
struct OptimizerInputs {
    const ga::Parameters& parameters;
    const ga::Genome& genome;
    ga::StartPopulation start;
    const OptimizerSettings& optimizer;
    FitnessMeasure measure;
    int stageFirst = 0;          // the generation the stage's first batch is
    int stageGenerations = 0;    // the stage's generations (its last: stageFirst + this - 1)
    bool measureHasModel = false;  // the measure offers a smooth model of its error (GradientModel)
    // What a fitness difference of 1 is worth in fishtest's result of an SPSA iteration (wins -
    // losses of theta+ against theta-), as the measure says.
    double resultScale = 1.0;
};

// What an optimiser may ask of the run while it makes a batch. The GA, SPSA and CMA-ES ask
// nothing; an optimiser that scores candidates of its own between batches (the local search) or
// descends on the measure's smooth model of its error (the gradient) asks here.
class OptimizerContext {
public:
    virtual ~OptimizerContext() = default;
    // The fitness of each candidate's values as the run scores its members (its cache first);
    // nullopt for a candidate that could not be scored. Once the run is stopped it scores nothing
    // more and stopped() is true: the optimiser returns, and the batch it was making is dropped.
    virtual std::vector<std::optional<double>> score(const std::vector<std::vector<int>>& candidates);
    virtual bool stopped() const { return false; }
    // The run's stop, for work that checks it inside (the model's traces, the unit moves).
    virtual std::stop_token stopToken() const { return {}; }
    // The measure's model of its error, smooth in the values (evalfit on the trace path); null
    // when the run's measure has none.
    virtual GradientModel* gradientModel() { return nullptr; }
    // Tells the user how the optimiser goes about its work (once per stage, say).
    virtual void note(const std::string& text) { (void)text; }
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
    // Descends on the measure's model (common/gradient_model.h), which keeps its own traces of the
    // data set: the memory estimate counts them (measures/evalfit/trace/memory_estimate.h).
    bool descendsOnModel = false;
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
    // Takes over `state`, whose batch the stage before made and the run evaluated, and makes this
    // stage's first batch in its place (generation + 1) from `from`, the values the stage before
    // answered with (its pick). The keys of the stage before are cleared first. By default: the
    // first batch is next()'s from the population as it is.
    virtual void enter(ga::RunState& state, const std::vector<int>& from, const OptimizerInputs& inputs,
                       OptimizerContext& context) const;
    // The values the optimiser answers with now: by default the best member; SPSA's theta.
    virtual std::vector<int> pick(const ga::RunState& state) const;
    // True when the optimiser has nothing more to do (a local search at a minimum): the run goes on
    // with its next stage, or ends.
    virtual bool finished(const ga::RunState& state) const;
};

// Synchronous driver (tests, tools), as ga::evolve: evaluates the pending members of `state` with
// `fitness` (of a member's values), then makes and evaluates batches until generation
// `generations` - 1 is evaluated.
using ValuesFitness = std::function<double(const std::vector<int>& values)>;
void optimize(const Optimizer& optimizer, const OptimizerInputs& inputs, ga::RunState& state,
              const ValuesFitness& fitness, int generations);

}  // namespace mf::tuning
