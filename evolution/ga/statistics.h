#pragma once
// Statistics of one evaluated generation (what the GUI shows live and the CLI prints per line).
#include "evolution/ga/genome.h"
#include "evolution/ga/population.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mf::ga {

struct GenerationStats {
    int generation = 0;
    double best = 0;
    double mean = 0;
    double worst = 0;
    double sum = 0;
    std::uint64_t evaluations = 0;      // fitness evaluations in the run so far
    std::size_t bestIndex = 0;          // population index of the best (first by rankOrder)
    Chromosome bestChromosome;
    std::vector<int> bestValues;        // decoded genes of the best
    double diversity = 0;               // mean Hamming distance over all pairs of members

    friend bool operator==(const GenerationStats&, const GenerationStats&) = default;
};

// Requires a non-empty, fully evaluated population.
GenerationStats computeStats(const Population& population, const Genome& genome, int generation,
                             std::uint64_t evaluations);

// Mean Hamming distance over the N(N-1)/2 pairs, computed per bit in O(N m); 0 for N < 2.
double meanPairwiseHamming(const Population& population);

} // namespace mf::ga
