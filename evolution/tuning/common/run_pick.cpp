#include "evolution/tuning/common/run_pick.h"

namespace mf::tuning {

std::optional<std::size_t> bestMember(const ga::RunState& state) {
    std::optional<std::size_t> best;
    // rankOrder needs a fully evaluated population; a partly evaluated file still has a best.
    for (std::size_t i = 0; i < state.population.size(); ++i) {
        const auto& fitness = state.population[i].fitness;
        if (fitness && (!best || *fitness > *state.population[*best].fitness)) best = i;
    }
    return best;
}

}  // namespace mf::tuning
