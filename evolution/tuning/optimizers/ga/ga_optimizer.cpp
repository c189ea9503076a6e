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
void creepBred(ga::RunState& state, const OptimizerSettings& settings, double evaluatedBest) {
    double scale = number(state, "creep_scale").value_or(kCreepFirstScale);
    if (auto lastBest = number(state, "last_best"))
        scale = adaptedCreepScale(scale, evaluatedBest > *lastBest, state.genome, settings.number(kGaCreepShrink));
    const std::size_t elite = std::size_t(std::clamp(state.parameters.elite, 0, state.parameters.populationSize));
    creep(state.population, elite, state.genome, settings.number(kGaCreep), scale, state.rng);
    setOptimizerValue(state, "creep_scale", exactNumbers({scale}));
    setOptimizerValue(state, "last_best", exactNumbers({evaluatedBest}));
}

}  // namespace

ga::RunState GaOptimizer::start(const OptimizerInputs& inputs) const {
    return ga::startRun(inputs.parameters, inputs.genome, inputs.start);
}

std::optional<std::string> GaOptimizer::checkState(const ga::RunState& state) const {
    for (const char* key : {"creep_scale", "last_best", "restarts"})
        if (optimizerValue(state, key) && !number(state, key)) return "optimizer: " + std::string(key) + ": expected a number";
    return std::nullopt;
}

void GaOptimizer::next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext&) const {
    const OptimizerSettings& settings = inputs.optimizer;
    const double restartSpread = settings.number(kGaRestartSpread);
    if (restartSpread > 0 && valueSpread(state.genome, state.population) < restartSpread) {
        restartPopulation(state, std::size_t(std::max(1, state.parameters.elite)));
        setOptimizerValue(state, "restarts", std::to_string(static_cast<long long>(number(state, "restarts").value_or(0)) + 1));
        ++state.generation;
        return;
    }
    const double evaluatedBest = bestFitness(state.population);
    ga::nextGeneration(state);
    if (settings.number(kGaCreep) > 0) creepBred(state, settings, evaluatedBest);
}

}  // namespace mf::tuning
