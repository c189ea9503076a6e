#pragma once
// How generation 0 is made. Both draw from the run's own generator (RunState::rng, seeded by
// Parameters::seed), so a run's start is reproducible and its population file holds the result.
//
// around-defaults (the default): member 0 is the genome's defaults exactly; every other member is
//   the defaults with each term moved, with probability 1/2, by a uniform step of -s..+s window
//   positions (s = max(1, 2^bits / 32), i.e. within about 3% of the window either way), clamped to
//   the window. The run starts where the engine author stands and searches nearby first, as the
//   2006 MateFind did (its saved populations sit within a few percent of the default weights).
// uniform: every bit drawn at random: values spread over whole windows (the old behaviour).
// latin-hypercube: member 0 is the defaults exactly; the other N - 1 spread over every window as a
//   Latin hypercube: each term's window is cut into N - 1 strata of (nearly) equal width, each
//   stratum holds exactly one member's value (drawn uniformly inside it), and which member gets
//   which stratum is a random permutation per term. A far-off start is then searched across the
//   whole window from generation 0, while the start itself is kept.
#include <optional>
#include <string_view>

#include "evolution/ga/evolution.h"

namespace mf::ga {

enum class StartPopulation { AroundDefaults, Uniform, LatinHypercube };
// "around-defaults", "uniform", "latin-hypercube"
std::optional<StartPopulation> parseStartPopulation(std::string_view name);

// The largest step (in window positions) an around-defaults member moves a term by.
int aroundDefaultsStep(const Term& term);

std::string_view startPopulationName(StartPopulation start);

// The window offsets (0 .. w-1, w = term.valueCount()) of `count` Latin-hypercube values: value i
// lies in stratum perm[i] = [floor(perm[i] * w / count), floor((perm[i] + 1) * w / count) - 1].
std::vector<long long> latinHypercubeOffsets(long long w, std::size_t count, Rng& rng);

Population startingPopulation(const Genome& genome, std::size_t size, StartPopulation start, Rng& rng);

// startRun() with the chosen start: Rng(parameters.seed), then startingPopulation().
RunState startRun(const Parameters& parameters, const Genome& genome, StartPopulation start);

}  // namespace mf::ga
