#pragma once
// A run's state and the generation step. Evaluating and breeding are separate on purpose: the
// synchronous evolve() below evaluates with a function, while the engine-driven run controller
// evaluates pendingMembers() asynchronously and then calls the same nextGeneration().
//
// One generation: the population (generation g) is evaluated; breed() makes generation g+1:
//   1. the e best (rankOrder) are copied unchanged, fitness kept, at the front;
//   2. N - e parents are drawn with the selection scheme (elites can be drawn too);
//   3. consecutive pairs (0,1), (2,3), ... are crossed with probability p_k (an odd last one is not);
//   4. every non-elite offspring is mutated with p_m per bit.
// An offspring whose bits no operator changed keeps its parent's fitness.
#include "evolution/ga/genome.h"
#include "evolution/ga/parameters.h"
#include "evolution/ga/population.h"
#include "evolution/ga/rng.h"
#include "evolution/ga/statistics.h"

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mf::ga {

// Requires a fully evaluated, non-empty population (throws std::invalid_argument otherwise:
// a caller bug, not bad user input). Proportional selection also requires fitness >= 0.
Population breed(const Population& evaluated, const Parameters& parameters, Rng& rng);

// Everything needed to continue a run; exactly what a population file holds.
struct RunState {
    Parameters parameters;
    Genome genome;
    int generation = 0;                // generation number of `population`
    std::uint64_t evaluations = 0;     // fitness evaluations so far
    Rng rng;
    Population population;
    // Fields the tuner keeps in population files (suite, engine, engine options...): written and
    // read back verbatim, in order, not interpreted here. Keys: [A-Za-z0-9_.-]+.
    std::vector<std::pair<std::string, std::string>> extras;
    // The state of the optimiser that makes the next batch from this one (tuning/optimizers), as
    // it writes it: SPSA's theta, CMA-ES's distribution. Empty for the GA, whose whole state is
    // the population and the generator above (so its files are as before). Same key rules as extras.
    std::vector<std::pair<std::string, std::string>> optimizer;

    friend bool operator==(const RunState&, const RunState&) = default;
};

// Generation 0: Rng(parameters.seed), a random population of parameters.populationSize members.
RunState startRun(const Parameters& parameters, const Genome& genome);

// Replaces the (fully evaluated) population with the next generation and increments generation.
void nextGeneration(RunState& state);

// Evaluates pending members and counts the evaluations in state.evaluations.
std::size_t evaluatePending(RunState& state, const FitnessFunction& fitness);

GenerationStats computeStats(const RunState& state);

using GenerationCallback = std::function<void(const GenerationStats&)>;

// Synchronous driver (tests, simple tools): evaluates the current population, then breeds and
// evaluates until generation `generations` - 1 is done. `generations` is the run's total counting
// generation 0 (Parameters::generations, the run controller's meaning): a fresh state gives
// `generations` entries, a state at generation g gives generations - g (at least its own entry).
// onGeneration sees each entry as it is made.
std::vector<GenerationStats> evolve(RunState& state, const FitnessFunction& fitness, int generations,
                                    const GenerationCallback& onGeneration = {});

// Multiselection fight: one lane per selection type, all from the same initial population and
// the same generator state (a copy of start.rng each); parameters otherwise shared.
struct FightLane {
    SelectionType type;
    RunState state;
    std::vector<GenerationStats> history;
};
std::vector<FightLane> makeFightLanes(const RunState& start);
// Synchronous fight: every lane evolves to `generations` in total (as evolve).
std::vector<FightLane> fight(const RunState& start, const FitnessFunction& fitness, int generations);

} // namespace mf::ga
