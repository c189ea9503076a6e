#pragma once
// The best chromosome as engine settings: UCI `setoption` lines for any engine, and for the
// bundled engine an options file it loads at start (format in docs/tuning.md).

#include <optional>
#include <string>
#include <vector>

#include "evolution/ga/evolution.h"

namespace mf::tuning {

// Index of the best evaluated member (rank order), nullopt when none is evaluated.
std::optional<std::size_t> bestMember(const ga::RunState& state);

// "setoption name <option> value <v>" per term, genome order, one per line.
std::string setOptionLines(const ga::Genome& genome, const std::vector<int>& values);

// The bundled engine's options file: '#' comment lines (source, fitness), then "<option> = <value>".
std::string engineOptionsFile(const ga::Genome& genome, const std::vector<int>& values, const std::string& comment);

}  // namespace mf::tuning
