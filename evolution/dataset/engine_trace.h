#pragma once
// The trace path's coefficients from an engine that writes its own (`evalfit trace`, the manual's
// evalfit protocol): one engine process loads the positions, takes the trace point's weights and
// answers with every position's constant and coefficients.
#include <stop_token>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/evalfit_scoring.h"
#include "evolution/dataset/labelled_position.h"
#include "evolution/dataset/trace_table.h"

namespace mf::dataset {

struct EngineTrace {
    TraceTable table;
    // Every spin option's announced default: the weight of a traced term that a candidate leaves
    // unset (MateFind sets such options back to their defaults).
    uci::OptionValues engineDefaults;
};

// Quiescence traces of `positions` at the weights `point`. An error names the engine and the fault.
Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig& config, const std::vector<LabelledPosition>& positions,
                                       const uci::OptionValues& point, std::stop_token stop = {});

}  // namespace mf::dataset
