#include "evolution/tuning/baseline.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/fitness_evaluator.h"

namespace mf::tuning {

Result<Baseline> resolveBaseline(const TuningSettings& settings) {
    const std::string& text = settings.games.baseline;
    Baseline baseline;
    if (text == "defaults") {
        baseline.engine = settings.engine;
        baseline.side.name = "defaults";
        return baseline;
    }
    if (text.starts_with("engine:")) {
        baseline.engine.program = text.substr(7);
        baseline.side.name = baseline.engine.program.filename().string() + " defaults";
        return baseline;
    }
    auto state = ga::loadPopulation(text);
    if (!state) return Error{"baseline " + text + ": " + state.error().message};
    auto best = bestMember(*state);
    if (!best) return Error{"baseline " + text + ": no evaluated member to play"};
    const std::vector<int> values = ga::decode(state->genome, state->population[*best].chromosome);
    baseline.engine = settings.engine;
    baseline.side.name = "best of " + std::filesystem::path(text).filename().string() + " (generation " +
                         std::to_string(state->generation) + ")";
    baseline.side.options = makeCandidate(state->genome, values).options;
    return baseline;
}

}  // namespace mf::tuning
