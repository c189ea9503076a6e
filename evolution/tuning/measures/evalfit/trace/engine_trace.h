#pragma once
// The trace path's coefficients from an engine that writes its own (`evalfit trace`, the manual's
// evalfit protocol): one engine process loads the positions, takes the trace point's weights and
// answers with every position's constant and coefficients.
#include <stop_token>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/dataset/labelled_position.h"
#include "evolution/tuning/measures/evalfit/trace/trace_table.h"

namespace mf::dataset {

struct EngineTrace {
    TraceTable table;
    // Every spin option's announced default: the weight of a traced term that a candidate leaves
    // unset (MateFind sets such options back to their defaults).
    uci::OptionValues engineDefaults;
};

// Quiescence traces of `positions` at the weights `point`. An error names the engine and the fault.
// The rows are anchored on the engine's own `evalfit scores quiescence` at `point`: each constant
// takes what makes the row give the engine's score there when every term `point` does not name is
// at its announced default. The weights an engine really holds may differ from those it announces
// (an options file loaded by `setoption`, an engine that reports its built-in values); a fold of
// those terms at the announced defaults is then still exact at the point, and a candidate changes
// only the terms it names.
Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig& config, const std::vector<LabelledPosition>& positions,
                                       const uci::OptionValues& point, std::stop_token stop = {});
// The same for positions given as FENs (what a run holds: dataset_index.h).
Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig& config, const std::vector<std::string>& fens,
                                       const uci::OptionValues& point, std::stop_token stop = {});

}  // namespace mf::dataset
