#include "evolution/tuning/measures/games/baseline.h"

#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/common/run_pick.h"

namespace mf::tuning {

namespace {

Result<Baseline> bestOfFile(const std::filesystem::path& file, const EngineSpec& engine) {
    const std::string name = file.string();
    auto state = ga::loadPopulation(name);
    if (!state) return Error{"baseline " + name + ": " + state.error().message};
    auto best = bestMember(*state);
    if (!best) return Error{"baseline " + name + ": no evaluated member to play"};
    const std::vector<int> values = ga::decode(state->genome, state->population[*best].chromosome);
    Baseline baseline;
    baseline.engine = engine;
    baseline.side.name = "best of " + file.filename().string() + " (generation " + std::to_string(state->generation) + ")";
    baseline.side.options = makeCandidate(state->genome, values).options;
    return baseline;
}

}  // namespace

Result<Baseline> resolveBaseline(const MeasureSetup& run, const GamesSettings& games) {
    const BaselineChoice& choice = games.baseline;
    if (const auto* population = std::get_if<PopulationBaseline>(&choice)) return bestOfFile(population->file, run.engine);
    Baseline baseline;
    if (const auto* engine = std::get_if<EngineBaseline>(&choice)) {
        baseline.engine.program = engine->program;
        baseline.side.name = engine->program.filename().string() + " defaults";
    } else if (std::holds_alternative<PartnerBaseline>(choice)) {
        // The members play each other on the tuned engine; the side's values come with each pair.
        baseline.engine = run.engine;
        baseline.side.name = "partner";
    } else if (std::holds_alternative<StartBaseline>(choice)) {
        baseline.engine = run.engine;
        baseline.side.name = "start values";
        baseline.side.options = makeCandidate(run.genome, run.genome.defaults()).options;
    } else {
        baseline.engine = run.engine;
        baseline.side.name = "defaults";
    }
    return baseline;
}

}  // namespace mf::tuning
