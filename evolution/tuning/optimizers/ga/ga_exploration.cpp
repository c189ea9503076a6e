#include "evolution/tuning/optimizers/ga/ga_exploration.h"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "evolution/ga/start_population.h"

namespace mf::tuning {

namespace {

// A standard normal draw (Box-Muller from two draws of the run's generator).
double normal(ga::Rng& rng) {
    const double u1 = 1.0 - rng.uniform01();  // in (0, 1]: the logarithm is finite
    const double u2 = rng.uniform01();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * std::numbers::pi * u2);
}

}  // namespace

double valueSpread(const ga::Genome& genome, const ga::Population& population) {
    if (population.empty() || genome.size() == 0) return 0;
    std::vector<int> low(genome.size(), 0), high(genome.size(), 0);
    for (std::size_t m = 0; m < population.size(); ++m) {
        const std::vector<int> v = ga::decode(genome, population[m].chromosome);
        for (std::size_t i = 0; i < v.size(); ++i) {
            low[i] = m == 0 ? v[i] : std::min(low[i], v[i]);
            high[i] = m == 0 ? v[i] : std::max(high[i], v[i]);
        }
    }
    double sum = 0;
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const double width = static_cast<double>(genome[i].valueCount() - 1);
        sum += width > 0 ? (high[i] - low[i]) / width : 0.0;
    }
    return sum / static_cast<double>(genome.size());
}

double adaptedCreepScale(double scale, bool improved, const ga::Genome& genome, double shrink) {
    long long widest = 2;
    for (const ga::Term& t : genome.terms()) widest = std::max(widest, t.valueCount());
    const double smallest = 1.0 / static_cast<double>(widest);  // about one value of the widest window
    return std::clamp(scale * (improved ? 1.5 : shrink), smallest, 0.5);
}

void creep(ga::Population& population, std::size_t first, const ga::Genome& genome, double probability, double scale,
           ga::Rng& rng) {
    for (std::size_t m = first; m < population.size(); ++m) {
        std::vector<int> values = ga::decode(genome, population[m].chromosome);
        bool changed = false;
        for (std::size_t i = 0; i < values.size(); ++i) {
            if (!rng.bernoulli(probability)) continue;
            const ga::Term& t = genome[i];
            const double sd = scale * static_cast<double>(t.valueCount());
            const int moved = std::clamp(static_cast<int>(std::lround(values[i] + sd * normal(rng))), t.low(), t.high());
            changed = changed || moved != values[i];
            values[i] = moved;
        }
        if (!changed) continue;
        population[m].chromosome = ga::encode(genome, values);
        population[m].fitness.reset();
    }
}

void restartPopulation(ga::RunState& state, std::size_t elite) {
    const std::size_t size = state.population.size();
    const std::vector<std::size_t> order = ga::rankOrder(state.population);
    ga::Population next;
    for (std::size_t i = 0; i < std::min(elite, size); ++i) next.push_back(state.population[order[i]]);
    const std::size_t fresh = size - next.size();
    std::vector<std::vector<int>> values(fresh, std::vector<int>(state.genome.size()));
    for (std::size_t i = 0; i < state.genome.size(); ++i) {
        const ga::Term& t = state.genome[i];
        const std::vector<long long> offsets = ga::latinHypercubeOffsets(t.valueCount(), fresh, state.rng);
        for (std::size_t m = 0; m < fresh; ++m) values[m][i] = t.low() + static_cast<int>(offsets[m]);
    }
    for (const auto& v : values) next.push_back({ga::encode(state.genome, v), std::nullopt});
    state.population = std::move(next);
}

}  // namespace mf::tuning
