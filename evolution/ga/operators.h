#pragma once
// Variation operators. Each reports whether it changed the chromosome (the bits differ from
// before), so unchanged members keep their fitness. Random draws are made the same way whatever
// the bits are, so the number of draws never depends on fitness values.
#include "evolution/ga/chromosome.h"
#include "evolution/ga/rng.h"

namespace mf::ga {

// Flips each bit independently with probability pm (one draw per bit). True if any bit flipped.
bool mutate(Chromosome& c, double pm, Rng& rng);

struct CrossoverResult {
    bool happened = false;   // the pair was crossed (probability pk)
    std::size_t cut = 0;     // tails from this bit on were swapped; 0 if not crossed
    bool firstChanged = false;
    bool secondChanged = false;
};

// One-point crossover with probability pk: one draw decides, a second draws the cut uniformly
// in [1, m-1] so both parts are non-empty. Chromosomes of length < 2 are never crossed.
CrossoverResult crossover(Chromosome& a, Chromosome& b, double pk, Rng& rng);

} // namespace mf::ga
