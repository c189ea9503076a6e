#include "evolution/ga/evolution.h"

#include "evolution/ga/operators.h"
#include "evolution/ga/selection.h"

#include <algorithm>
#include <stdexcept>

namespace mf::ga {

Population breed(const Population& evaluated, const Parameters& parameters, Rng& rng) {
    if (evaluated.empty())
        throw std::invalid_argument("breed: empty population");
    if (!fullyEvaluated(evaluated))
        throw std::invalid_argument("breed: every member needs a fitness first");
    const std::size_t n = evaluated.size();
    const std::size_t elite = std::min(static_cast<std::size_t>(std::max(parameters.elite, 0)), n);
    const std::vector<std::size_t> order = rankOrder(evaluated);

    Population next;
    next.reserve(n);
    for (std::size_t i = 0; i < elite; ++i)
        next.push_back(evaluated[order[i]]);

    const Selector selector(parameters.selection, evaluated);
    for (std::size_t i = elite; i < n; ++i)
        next.push_back(evaluated[selector.draw(rng)]);

    for (std::size_t i = elite; i + 1 < n; i += 2) {
        const CrossoverResult r = crossover(next[i].chromosome, next[i + 1].chromosome, parameters.pk, rng);
        if (r.firstChanged)
            next[i].fitness.reset();
        if (r.secondChanged)
            next[i + 1].fitness.reset();
    }
    for (std::size_t i = elite; i < n; ++i)
        if (mutate(next[i].chromosome, parameters.pm, rng))
            next[i].fitness.reset();
    return next;
}

RunState startRun(const Parameters& parameters, const Genome& genome) {
    RunState s;
    s.parameters = parameters;
    s.genome = genome;
    s.rng = Rng(parameters.seed);
    s.population = randomPopulation(static_cast<std::size_t>(std::max(parameters.populationSize, 0)),
                                    genome.length(), s.rng);
    return s;
}

void nextGeneration(RunState& state) {
    state.population = breed(state.population, state.parameters, state.rng);
    ++state.generation;
}

std::size_t evaluatePending(RunState& state, const FitnessFunction& fitness) {
    const std::size_t count = evaluatePending(state.population, fitness);
    state.evaluations += count;
    return count;
}

GenerationStats computeStats(const RunState& state) {
    return computeStats(state.population, state.genome, state.generation, state.evaluations);
}

std::vector<GenerationStats> evolve(RunState& state, const FitnessFunction& fitness, int generations,
                                    const GenerationCallback& onGeneration) {
    std::vector<GenerationStats> history;
    auto record = [&] {
        evaluatePending(state, fitness);
        history.push_back(computeStats(state));
        if (onGeneration)
            onGeneration(history.back());
    };
    record();
    while (state.generation + 1 < generations) {
        nextGeneration(state);
        record();
    }
    return history;
}

std::vector<FightLane> makeFightLanes(const RunState& start) {
    std::vector<FightLane> lanes;
    for (SelectionType type : kAllSelectionTypes) {
        FightLane lane{type, start, {}};
        lane.state.parameters.selection.type = type;
        // Each lane continues from the same generator state, so they share the seed and start.
        lanes.push_back(std::move(lane));
    }
    return lanes;
}

std::vector<FightLane> fight(const RunState& start, const FitnessFunction& fitness, int generations) {
    std::vector<FightLane> lanes = makeFightLanes(start);
    for (FightLane& lane : lanes)
        lane.history = evolve(lane.state, fitness, generations);
    return lanes;
}

} // namespace mf::ga
