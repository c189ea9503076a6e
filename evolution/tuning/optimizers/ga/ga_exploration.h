#pragma once
// What the GA can do besides flipping Gray bits, to move a weight across its window within a few
// generations (their settings: kGaCreep, kGaCreepShrink, kGaRestartSpread in ga_optimizer.h):
//
// creep    every bred member has, per term with probability p, its decoded value moved by a
//          Gaussian step of sd = scale x window (rounded, clamped to the window). scale starts at
//          1/8 and adapts once a generation, as Rechenberg's success rule does for a step size:
//          x1.5 after a generation whose best beat the one before, x0.8 otherwise (--creep-shrink
//          sets that factor), kept between
//          one value and half a window.
// restart  when the population's value spread (mean over terms of (max - min) / (window - 1))
//          has fallen below a threshold, the e elites stay and the other members are drawn anew
//          as a Latin hypercube over the windows (ga/start_population.h).
//
// Their state in RunState::optimizer: creep_scale and last_best (creep), restarts (the count).

#include <cstddef>

#include "evolution/ga/evolution.h"

namespace mf::tuning {

inline constexpr double kCreepFirstScale = 1.0 / 8;

// Mean over terms of (max - min) / (window values - 1) of the members' values; 0 for a
// population of one value per term, 1 when every window is spanned.
double valueSpread(const ga::Genome& genome, const ga::Population& population);

// The creep step size after a generation (see above): x1.5 after a generation whose best
// improved, x`shrink` (GaExploration::creepShrink) after one whose best did not.
double adaptedCreepScale(double scale, bool improved, const ga::Genome& genome, double shrink);

// Creeps the members from index `first` on; a member whose values changed loses its fitness.
void creep(ga::Population& population, std::size_t first, const ga::Genome& genome, double probability, double scale,
           ga::Rng& rng);

// The restart: the evaluated population becomes its `elite` best (fitness kept, at the front) and
// fresh Latin-hypercube members (pending) up to its size.
void restartPopulation(ga::RunState& state, std::size_t elite);

}  // namespace mf::tuning
