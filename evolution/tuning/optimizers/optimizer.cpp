#include "evolution/tuning/optimizers/optimizer.h"

#include "evolution/tuning/optimizers/cmaes/cmaes_optimizer.h"
#include "evolution/tuning/optimizers/ga/ga_optimizer.h"
#include "evolution/tuning/optimizers/optimizer_state.h"
#include "evolution/tuning/optimizers/spsa/spsa_optimizer.h"

namespace mf::tuning {

std::string_view optimizerName(OptimizerKind kind) {
    switch (kind) {
    case OptimizerKind::Ga: return "ga";
    case OptimizerKind::Spsa: return "spsa";
    case OptimizerKind::Cmaes: return "cmaes";
    }
    return "ga";
}

std::optional<OptimizerKind> parseOptimizer(std::string_view name) {
    for (OptimizerKind kind : {OptimizerKind::Ga, OptimizerKind::Spsa, OptimizerKind::Cmaes})
        if (name == optimizerName(kind)) return kind;
    return std::nullopt;
}

std::vector<std::string> Optimizer::validate(const TuningSettings&) const { return {}; }

std::optional<std::string> Optimizer::checkState(const ga::RunState&) const { return std::nullopt; }

std::vector<int> Optimizer::pick(const ga::RunState& state) const { return bestValues(state); }

std::unique_ptr<Optimizer> makeOptimizer(OptimizerKind kind) {
    switch (kind) {
    case OptimizerKind::Spsa: return std::make_unique<SpsaOptimizer>();
    case OptimizerKind::Cmaes: return std::make_unique<CmaesOptimizer>();
    case OptimizerKind::Ga: break;
    }
    return std::make_unique<GaOptimizer>();
}

void optimize(const Optimizer& optimizer, const TuningSettings& settings, ga::RunState& state,
              const ValuesFitness& fitness, int generations) {
    auto evaluate = [&] {
        state.evaluations +=
            ga::evaluatePending(state.population, [&](const ga::Chromosome& c) { return fitness(ga::decode(state.genome, c)); });
    };
    evaluate();
    while (state.generation + 1 < generations) {
        optimizer.next(state, settings);
        evaluate();
    }
}

}  // namespace mf::tuning
