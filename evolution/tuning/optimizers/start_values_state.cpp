#include "evolution/tuning/optimizers/start_values_state.h"

#include <algorithm>

namespace mf::tuning {

ga::RunState startValuesState(const OptimizerInputs& inputs) {
    ga::RunState state;
    state.parameters = inputs.parameters;
    state.genome = inputs.genome;
    state.rng = ga::Rng(inputs.parameters.seed);
    const ga::Chromosome start = ga::encode(inputs.genome, inputs.genome.defaults());
    state.population.assign(std::size_t(std::max(1, inputs.parameters.populationSize)), ga::Member{start, std::nullopt});
    return state;
}

}  // namespace mf::tuning
