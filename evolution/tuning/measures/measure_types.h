#pragma once
// The small vocabulary every measure folder speaks: what progress is counted in, how finely an
// evaluator wants the work cut into items, what a measure reads of the run it serves, and the
// lines its settings take in a population file.

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "evolution/ga/genome.h"
#include "evolution/ga/parameters.h"
#include "evolution/tuning/common/elo_text.h"  // EloFigure
#include "evolution/tuning/common/engine_spec.h"
#include "evolution/tuning/measures/fitness_measure.h"

namespace mf::tuning {

// What progress is counted in: one unit is one search of a position, or one game.
enum class WorkUnit { Positions, Games };
std::string_view workUnitName(WorkUnit unit);  // "positions", "games"

// How finely the work is cut. Small items balance load and make pause exact (the local pool uses
// one position per item: an engine that finishes takes the next position at once); large items
// cost fewer requests (an engine that scores a whole data set in one request takes it whole).
struct SplitOptions {
    std::size_t positionsPerItem = 1;  // >= 1
    // Dataset work: positions per item; 0 (the default) is kFastPositionsPerItem on the fast path
    // (an engine scores its chunk in one request, `evalfit scores`), and kUciPositionsPerItem on the uci path (one search per position: a chunk keeps every
    // engine busy within one candidate, and progress, pause and stop follow within a second).
    std::size_t datasetPositionsPerItem = 0;
};
inline constexpr std::size_t kUciPositionsPerItem = 256;
// The fast path: an engine process loads its chunk's positions (about 5 KB each in the bundled
// engine) and keeps them while it scores candidates on them, so a chunk bounds an engine's memory
// (some 330 MB) whatever the data set's size; the bundled data sets are one chunk.
inline constexpr std::size_t kFastPositionsPerItem = 65536;
// The trace path: each chunk's traces are built once by an engine process of its own (the chunks
// of a data set are traced in parallel) and kept in memory; a candidate is then one pass over each
// chunk's table. Small enough that a held-out set of a few thousand positions still keeps two
// engines busy while it is traced (finite differences through UCI take minutes), large enough
// that a million positions are some 120 items a candidate.
inline constexpr std::size_t kTracePositionsPerItem = 8192;

// What a measure's plan reads of the run besides the measure's own settings: the GA's parameters
// (the limit, the prize, the seed that orders openings), the genome, the engine and which of the
// measure's values the run asked for.
struct MeasureSetup {
    const ga::Parameters& parameters;
    const ga::Genome& genome;
    const EngineSpec& engine;
    FitnessMeasure measure;
    bool descendsOnModel = false;  // a stage's optimiser descends on the measure's model
};

// A population file's extras (key, value) in order, as the settings are written into them. Each
// measure's settings type has, found by argument-dependent lookup:
//   measureHasHeldOut(settings)            held-out work is asked for
//   measureProblems(settings)              problems a user can fix, each naming its field
//   writeMeasureExtras(settings, extras)   its keys, when the run measures with it
//   readMeasureExtra(settings, key, value, problem)   takes its keys back (true when taken)
// and optionally writeLeadingExtras(settings, active, extras), keys written before `measure`.
using ExtraLines = std::vector<std::pair<std::string, std::string>>;

}  // namespace mf::tuning
