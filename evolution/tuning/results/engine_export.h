#pragma once
// The run's answer as engine settings: UCI `setoption` lines for any engine, and for the bundled
// engine an options file it loads at start (format in docs/tuning.md). Both hold the whole engine a
// match played: the run's fixed options (a preset's ~600 hand-set terms, Hash...) and then the
// tuned values, so loading the export gives the engine that was measured.

#include <optional>
#include <string>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// "setoption name <option> value <v>" per term, genome order, one per line.
std::string setOptionLines(const ga::Genome& genome, const std::vector<int>& values);

// Every option the run's engine played `values` with: the run's fixed options (its extras) that
// the genome does not tune, in their order, then the genome's terms at `values`. The same options
// a match side of the run gets (match_sides.h), in one list.
uci::OptionValues exportedOptions(const ga::RunState& state, const std::vector<int>& values);
// How many of exportedOptions are the run's fixed options (the rest are tuned).
std::size_t fixedOptionCount(const ga::RunState& state);
std::string setOptionLines(const uci::OptionValues& options);

// The first header line of an exported pick: "the pick of <run>: generation G, held-out E ...
// against the start's ...". `run` names the run (its file, or the window's name for an unsaved one).
std::string pickSourceLine(const RunPick& pick, const std::string& run);
// The header line that says what the export holds: "654 options: the run's 624 fixed options and
// its 30 tuned weights" (or only the tuned ones when the run fixed none).
std::string contentsLine(const ga::RunState& state);

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
std::string engineOptionsFile(const uci::OptionValues& options, const std::string& comment);
// `text` as '#' comment lines, one per line of it.
std::string commentLines(const std::string& text);

}  // namespace mf::tuning
