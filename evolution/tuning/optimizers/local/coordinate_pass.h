#pragma once
// One pass of Texel's local search: coordinate ascent on a score, one term at a time. For term i at
// value v with step s_i, the two neighbours v + s_i and v - s_i (kept inside the term's window) are
// scored in one batch, so two engines score them at once; the better one is kept when it scores
// higher than the current point. A term whose neighbours both fail to score higher has its step
// halved (never below 1). A pass visits every term once.
//
// The first steps are 2^bits / 32 window positions (the around-defaults start's step: 8 for a term
// of 8 bits, 4 for 7 bits), so the search moves a term quickly and then refines it. Why: a GA's few
// hundred evaluations leave its best near, not at, a maximum (measured on the bundled engine with
// Texel's error: 24 generations of 24 reached E 0.111377, five passes from there 0.110980); a
// search with +-1 steps alone needs a pass per centipawn of distance.

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "evolution/ga/genome.h"

namespace mf::tuning {

// The score of each candidate (values in genome order), higher is better; nullopt for one that
// could not be scored (treated as no better). An empty answer: the search was stopped.
using BatchScore = std::function<std::vector<std::optional<double>>(const std::vector<std::vector<int>>&)>;

struct CoordinatePoint {
    std::vector<int> values;
    double score = 0.0;
    std::vector<int> steps;  // each term's current step
};

struct CoordinatePassResult {
    std::size_t moved = 0;        // terms moved in the pass
    std::size_t scored = 0;       // candidates scored
    std::size_t failures = 0;     // candidates that could not be scored
    bool stopped = false;         // the scorer answered nothing: the point is as far as it got
    bool converged = false;       // every step was 1 and nothing moved: a local maximum at unit steps
};

// The step a term starts with: max(1, 2^bits / 32).
int coordinateStartStep(const ga::Term& term);
std::vector<int> coordinateStartSteps(const ga::Genome& genome);

// One pass from `point`, which it moves.
CoordinatePassResult coordinatePass(const ga::Genome& genome, CoordinatePoint& point, const BatchScore& scoreOf);

}  // namespace mf::tuning
