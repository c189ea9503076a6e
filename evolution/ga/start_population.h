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
#include <optional>
#include <string_view>

#include "evolution/ga/evolution.h"

namespace mf::ga {

enum class StartPopulation { AroundDefaults, Uniform };
std::string_view startPopulationName(StartPopulation start);  // "around-defaults", "uniform"
std::optional<StartPopulation> parseStartPopulation(std::string_view name);

// The largest step (in window positions) an around-defaults member moves a term by.
int aroundDefaultsStep(const Term& term);

Population startingPopulation(const Genome& genome, std::size_t size, StartPopulation start, Rng& rng);

// startRun() with the chosen start: Rng(parameters.seed), then startingPopulation().
RunState startRun(const Parameters& parameters, const Genome& genome, StartPopulation start);

}  // namespace mf::ga
