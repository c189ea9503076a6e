#pragma once
// A population: members with their chromosome and, once evaluated, their fitness. A member whose
// chromosome no operator changed keeps its fitness and is not evaluated again.
#include "evolution/ga/chromosome.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace mf::ga {

struct Member {
    Chromosome chromosome;
    std::optional<double> fitness;  // nullopt: needs evaluation

    friend bool operator==(const Member&, const Member&) = default;
};

using Population = std::vector<Member>;

Population randomPopulation(std::size_t size, std::size_t length, Rng& rng);

// Indices of the members that still need a fitness, in order.
std::vector<std::size_t> pendingMembers(const Population& population);
bool fullyEvaluated(const Population& population);

// Fitness must be >= 0 (proportional selection relies on it) and finite.
using FitnessFunction = std::function<double(const Chromosome&)>;

// Evaluates every pending member in order; returns how many were evaluated.
std::size_t evaluatePending(Population& population, const FitnessFunction& fitness);

// Member indices from best to worst. Ties in fitness keep population order (stable by index),
// so ranks are reproducible. Requires a fully evaluated population.
std::vector<std::size_t> rankOrder(const Population& population);

} // namespace mf::ga
