#include "evolution/tuning/optimizers/ga/ga_optimizer.h"

#include <algorithm>

#include "evolution/ga/start_population.h"
#include "evolution/tuning/optimizers/ga/ga_exploration.h"
#include "evolution/tuning/optimizers/optimizer_state.h"

namespace mf::tuning {

namespace {

double bestFitness(const ga::Population& population) {
    double best = 0;
    for (const ga::Member& m : population) best = std::max(best, m.fitness.value_or(0));
    return best;
}

std::optional<double> number(const ga::RunState& state, std::string_view key) {
    auto text = optimizerValue(state, key);
    if (!text) return std::nullopt;
    auto numbers = parseNumbers(*text, 1);
    if (!numbers) return std::nullopt;
    return numbers->front();
}

// Creep after breeding, its step adapted to whether the evaluated generation's best improved.
void creepBred(ga::RunState& state, const GaExploration& exploration, double evaluatedBest) {
    double scale = number(state, "creep_scale").value_or(kCreepFirstScale);
    if (auto lastBest = number(state, "last_best"))
        scale = adaptedCreepScale(scale, evaluatedBest > *lastBest, state.genome, exploration.creepShrink);
    const std::size_t elite = std::size_t(std::clamp(state.parameters.elite, 0, state.parameters.populationSize));
    creep(state.population, elite, state.genome, exploration.creep, scale, state.rng);
    setOptimizerValue(state, "creep_scale", exactNumbers({scale}));
    setOptimizerValue(state, "last_best", exactNumbers({evaluatedBest}));
}

}  // namespace

std::vector<std::string> GaOptimizer::validate(const TuningSettings& settings) const {
    std::vector<std::string> problems;
    const GaExploration& x = settings.optimizer.ga;
    if (!(x.creep >= 0 && x.creep <= 1)) problems.push_back("creep: a probability per term, 0 (off) to 1");
    if (!(x.creepShrink > 0 && x.creepShrink < 1))
        problems.push_back("creep shrink: the step's factor after a generation without progress, more than 0, less than 1");
    if (!(x.restartSpread >= 0 && x.restartSpread < 1))
        problems.push_back("restart spread: from 0 (off) to below 1 (a fraction of the windows)");
    return problems;
}

ga::RunState GaOptimizer::start(const TuningSettings& settings) const {
    return ga::startRun(settings.parameters, settings.genome, settings.start);
}

std::optional<std::string> GaOptimizer::checkState(const ga::RunState& state) const {
    for (const char* key : {"creep_scale", "last_best", "restarts"})
        if (optimizerValue(state, key) && !number(state, key)) return "optimizer: " + std::string(key) + ": expected a number";
    return std::nullopt;
}

void GaOptimizer::next(ga::RunState& state, const TuningSettings& settings) const {
    const GaExploration& exploration = settings.optimizer.ga;
    if (exploration.restartSpread > 0 && valueSpread(state.genome, state.population) < exploration.restartSpread) {
        restartPopulation(state, std::size_t(std::max(1, state.parameters.elite)));
        setOptimizerValue(state, "restarts", std::to_string(static_cast<long long>(number(state, "restarts").value_or(0)) + 1));
        ++state.generation;
        return;
    }
    const double evaluatedBest = bestFitness(state.population);
    ga::nextGeneration(state);
    if (exploration.creep > 0) creepBred(state, exploration, evaluatedBest);
}

}  // namespace mf::tuning
