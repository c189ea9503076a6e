#pragma once
// The best chromosome as engine settings: UCI `setoption` lines for any engine, and for the
// bundled engine an options file it loads at start (format in docs/tuning.md).

#include <optional>
#include <string>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/common/run_pick.h"

namespace mf::tuning {

// "setoption name <option> value <v>" per term, genome order, one per line.
std::string setOptionLines(const ga::Genome& genome, const std::vector<int>& values);

// What an exported weight set is, for the header of its file (lines without their '#'): the best
// of which generation of which file, the engine it was tuned with, what it was scored on, and the
// figures users compare: with measure evalfit its Texel error E against the genome's defaults'
// E0, K, and the held-out E against the defaults' E there when that generation measured it;
// with another measure its fitness. `heldOutError`: the exported weights' own held-out E when they
// are not the generation's best as recorded (a polish's weights, polish_history.h); it replaces
// the generation's figure.
std::string exportDescription(const ga::RunState& state, int generation, double fitness, const std::string& file,
                              std::optional<double> heldOutError = std::nullopt);

// The bundled engine's options file: '#' comment lines (source, fitness), then "<option> = <value>".
std::string engineOptionsFile(const ga::Genome& genome, const std::vector<int>& values, const std::string& comment);

}  // namespace mf::tuning
