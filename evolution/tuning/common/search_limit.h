#pragma once
// The GA's limit per search (ga::Parameters: time, depth or nodes) as the engines are given it,
// and whether it makes fitness repeatable. Measures and the run core both read it.

#include "evolution/ga/parameters.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// The GA limit as a UCI search limit (Time -> movetime ms, Depth -> depth, Nodes -> nodes).
uci::SearchLimit searchLimit(const ga::Parameters& parameters);

// True when a chromosome's fitness cannot change between two evaluations (depth or nodes limit,
// one search thread per engine): such results are cached and the run is not noisy.
bool deterministicLimit(const ga::Parameters& parameters);

}  // namespace mf::tuning
