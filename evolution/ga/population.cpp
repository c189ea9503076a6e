#include "evolution/ga/population.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace mf::ga {

Population randomPopulation(std::size_t size, std::size_t length, Rng& rng) {
    Population p;
    p.reserve(size);
    for (std::size_t i = 0; i < size; ++i)
        p.push_back(Member{Chromosome::random(length, rng), std::nullopt});
    return p;
}

std::vector<std::size_t> pendingMembers(const Population& population) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < population.size(); ++i)
        if (!population[i].fitness)
            out.push_back(i);
    return out;
}

bool fullyEvaluated(const Population& population) {
    return std::all_of(population.begin(), population.end(), [](const Member& m) { return m.fitness.has_value(); });
}

std::size_t evaluatePending(Population& population, const FitnessFunction& fitness) {
    std::size_t count = 0;
    for (Member& m : population) {
        if (!m.fitness) {
            m.fitness = fitness(m.chromosome);
            ++count;
        }
    }
    return count;
}

std::vector<std::size_t> rankOrder(const Population& population) {
    if (!fullyEvaluated(population))
        throw std::invalid_argument("rankOrder: population has members without fitness");
    std::vector<std::size_t> order(population.size());
    std::iota(order.begin(), order.end(), std::size_t{0});
    // Stable: equal fitness keeps population order, so the lower index gets the better rank.
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return *population[a].fitness > *population[b].fitness;
    });
    return order;
}

} // namespace mf::ga
