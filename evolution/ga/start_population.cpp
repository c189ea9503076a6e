#include "evolution/ga/start_population.h"

#include <algorithm>

namespace mf::ga {

std::string_view startPopulationName(StartPopulation start) {
    switch (start) {
    case StartPopulation::Uniform: return "uniform";
    case StartPopulation::LatinHypercube: return "latin-hypercube";
    case StartPopulation::AroundDefaults: break;
    }
    return "around-defaults";
}

std::optional<StartPopulation> parseStartPopulation(std::string_view name) {
    for (StartPopulation start : {StartPopulation::AroundDefaults, StartPopulation::Uniform, StartPopulation::LatinHypercube})
        if (name == startPopulationName(start)) return start;
    return std::nullopt;
}

std::vector<long long> latinHypercubeOffsets(long long w, std::size_t count, Rng& rng) {
    std::vector<std::size_t> strata(count);
    for (std::size_t i = 0; i < count; ++i) strata[i] = i;
    for (std::size_t i = count; i > 1; --i) std::swap(strata[i - 1], strata[rng.below(i)]);  // Fisher-Yates
    std::vector<long long> offsets;
    const long long n = static_cast<long long>(count);
    for (std::size_t s : strata) {
        const long long first = static_cast<long long>(s) * w / n;
        const long long end = std::max(first + 1, (static_cast<long long>(s) + 1) * w / n);  // a stratum of >= 1 value
        offsets.push_back(std::min(w - 1, first + static_cast<long long>(rng.below(std::uint64_t(end - first)))));
    }
    return offsets;
}

namespace {

Population latinHypercubePopulation(const Genome& genome, std::size_t size, Rng& rng) {
    Population population;
    if (size == 0) return population;
    std::vector<std::vector<int>> values(size, genome.defaults());
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const std::vector<long long> offsets = latinHypercubeOffsets(genome[i].valueCount(), size - 1, rng);
        for (std::size_t m = 1; m < size; ++m) values[m][i] = genome[i].low() + static_cast<int>(offsets[m - 1]);
    }
    for (const auto& v : values) population.push_back(Member{encode(genome, v), std::nullopt});
    return population;
}

}  // namespace

int aroundDefaultsStep(const Term& term) {
    return std::max(1, int((std::uint64_t{1} << term.bits) / 32));
}

Population startingPopulation(const Genome& genome, std::size_t size, StartPopulation start, Rng& rng) {
    if (start == StartPopulation::Uniform) return randomPopulation(size, genome.length(), rng);
    if (start == StartPopulation::LatinHypercube) return latinHypercubePopulation(genome, size, rng);
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
