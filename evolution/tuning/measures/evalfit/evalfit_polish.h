#pragma once
// Texel's local search as a polish after the GA: coordinate descent on E, one term at a time.
// For term i at value v with step s_i, the two neighbours v + s_i and v - s_i (kept inside the
// term's window) are scored in one batch, so two engine processes score them at once; the better
// one is kept when its E is lower than the current E. A pass visits every term once. A term whose
// neighbours both fail to lower E has its step halved (never below 1). The search stops after
// `maxPasses` passes, or after a pass at step 1 everywhere that lowered nothing (a local minimum
// at unit resolution: no single term moved by 1 lowers E).
//
// The first steps are 2^bits / 32 window positions (the around-defaults start's step: 8 for a
// term of 8 bits, 4 for 7 bits), so the polish moves a term quickly and then refines it. Why: the
// GA's few hundred evaluations leave the best member near, not at, a minimum of E (measured on
// the bundled engine: 24 generations of 24 reached E 0.111377, five passes of the polish from
// there 0.110980); Texel's search with +-1 steps alone needs a pass per centipawn of distance.
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "evolution/ga/genome.h"

namespace mf::dataset {

// E of each candidate (values in genome order); std::nullopt for a candidate whose scoring failed.
using BatchError = std::function<std::vector<std::optional<double>>(const std::vector<std::vector<int>>&)>;

struct PolishPass {
    int pass = 0;                    // 1, 2, ...
    double error = 0.0;              // E after the pass
    std::size_t evaluations = 0;     // candidates scored so far by the polish
    std::size_t moved = 0;           // terms moved in this pass
    std::vector<int> values;         // the weights after the pass
};

struct PolishResult {
    std::vector<int> values;
    double error = 0.0;
    std::size_t evaluations = 0;
    int passes = 0;
    bool converged = false;          // stopped at a unit-step local minimum (not by maxPasses)
    std::size_t failures = 0;        // candidates whose scoring failed (treated as no improvement)
};

// The step a term starts with: max(1, 2^bits / 32).
int polishStartStep(const ga::Term& term);

// Searches from `start` (whose E is `startError`). `onPass` sees every finished pass.
PolishResult polishWeights(const ga::Genome& genome, std::vector<int> start, double startError, int maxPasses,
                           const BatchError& errorOf, const std::function<void(const PolishPass&)>& onPass = {});

}  // namespace mf::dataset
