#include "evolution/ga/start_population.h"

#include <algorithm>

namespace mf::ga {

std::string_view startPopulationName(StartPopulation start) {
    return start == StartPopulation::Uniform ? "uniform" : "around-defaults";
}

std::optional<StartPopulation> parseStartPopulation(std::string_view name) {
    if (name == "around-defaults") return StartPopulation::AroundDefaults;
    if (name == "uniform") return StartPopulation::Uniform;
    return std::nullopt;
}

int aroundDefaultsStep(const Term& term) {
    return std::max(1, int((std::uint64_t{1} << term.bits) / 32));
}

Population startingPopulation(const Genome& genome, std::size_t size, StartPopulation start, Rng& rng) {
    if (start == StartPopulation::Uniform) return randomPopulation(size, genome.length(), rng);
    std::vector<int> defaults;
    for (const Term& t : genome.terms()) defaults.push_back(t.defaultValue);
    Population population;
    for (std::size_t m = 0; m < size; ++m) {
        std::vector<int> values = defaults;
        if (m > 0) {
            for (std::size_t i = 0; i < values.size(); ++i) {
                const Term& t = genome.terms()[i];
                if (!rng.bernoulli(0.5)) continue;
                const int s = aroundDefaultsStep(t);
                const int step = int(rng.below(std::uint64_t(2 * s + 1))) - s;
                values[i] = std::clamp(values[i] + step, t.low(), t.high());
            }
        }
        population.push_back(Member{encode(genome, values), std::nullopt});
    }
    return population;
}

RunState startRun(const Parameters& parameters, const Genome& genome, StartPopulation start) {
    RunState s;
    s.parameters = parameters;
    s.genome = genome;
    s.rng = Rng(parameters.seed);
    s.population = startingPopulation(genome, std::size_t(std::max(parameters.populationSize, 0)), start, s.rng);
    return s;
}

}  // namespace mf::ga
