#include "evolution/ga/statistics.h"

#include <stdexcept>

namespace mf::ga {

double meanPairwiseHamming(const Population& population) {
    const std::size_t n = population.size();
    if (n < 2)
        return 0.0;
    const std::size_t m = population.front().chromosome.size();
    // A bit position where c members carry a 1 contributes c (n - c) differing pairs.
    double differing = 0;
    for (std::size_t bit = 0; bit < m; ++bit) {
        std::size_t ones = 0;
        for (const Member& member : population)
            ones += member.chromosome[bit];
        differing += static_cast<double>(ones) * static_cast<double>(n - ones);
    }
    return differing / (static_cast<double>(n) * static_cast<double>(n - 1) / 2.0);
}

GenerationStats computeStats(const Population& population, const Genome& genome, int generation,
                             std::uint64_t evaluations) {
    if (population.empty())
        throw std::invalid_argument("computeStats: empty population");
    const std::vector<std::size_t> order = rankOrder(population);  // throws when not evaluated
    GenerationStats s;
    s.generation = generation;
    s.evaluations = evaluations;
    s.bestIndex = order.front();
    s.best = *population[order.front()].fitness;
    s.worst = *population[order.back()].fitness;
    for (const Member& m : population)
        s.sum += *m.fitness;
    s.mean = s.sum / static_cast<double>(population.size());
    s.bestChromosome = population[s.bestIndex].chromosome;
    if (s.bestChromosome.size() == genome.length())
        s.bestValues = decode(genome, s.bestChromosome);
    s.diversity = meanPairwiseHamming(population);
    return s;
}

} // namespace mf::ga
