#pragma once
// A run's past generations kept in its population file, so a saved run reopens whole: the
// statistics of every generation (what the charts and the statistics showed) and, when the run
// records them, what each generation cost.
//
// In RunState::extras, one line per generation G:
//   history.G = best=... mean=... worst=... sum=... evaluations=... diversity=... values=a,b,c
//               [error=... e0=... k=...] [heldout=fitness,solved,scored,failed,positions,unit[,E]
//               | ...,unit,elo,low,high,games] [elo=elo,low,high,games]
// (elo: measure games, the pick's games of the generation, Elo with its 95% interval.)
//   cost.G    = searched=... cached=... failed=... failed_total=... limits=... limits_total=...
//               hit_rate=... wall_ns=... think_ns=... noisy=0|1
// The statistics are the same however the generation was computed (straight, resumed, over MPI),
// so files that must compare equal still do. Costs are not (times, a resumed run's cold cache):
// the run controller writes them only when asked (RunController::recordCosts, the window).
// Numbers are written with 17 significant digits and read back to the same double.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/evolution.h"
#include "evolution/tuning/run/run_observer.h"

namespace mf::tuning {

// One generation as the file remembers it. `report.population` stays empty (the file holds the
// last population only); without a cost line the cost fields are 0 and hasCost is false.
struct RecordedGeneration {
    GenerationReport report;
    bool hasCost = false;
};

// Writes (or replaces) generation report.stats.generation's lines in state.extras; the cost line
// only when withCost.
void recordGeneration(ga::RunState& state, const GenerationReport& report, bool withCost);

// Every recorded generation of `state`, in generation order. A line that does not read is an
// error naming its key and the field ("extras: history.3: 'best': expected a number, got 'x'").
Result<std::vector<RecordedGeneration>> recordedGenerations(const ga::RunState& state);

// Copies the history and cost lines of generations before `to.generation` (and of to.generation
// itself when `from` had it) from `from` into `to`: a continued run keeps its past.
void keepHistory(const ga::RunState& from, ga::RunState& to);

// True for the keys this file owns (history.G, cost.G).
bool isHistoryKey(std::string_view key);

}  // namespace mf::tuning
