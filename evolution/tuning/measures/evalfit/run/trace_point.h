#pragma once
// Where the trace path takes its traces during a run. Traces hold each position's coefficients at
// the quiescence leaf (or the finite differences) found at one set of weights, the trace point:
// the genome's defaults when the run starts. As the best moves away from them, the leaves the
// engine would reach change (a capture that was bad becomes good) and the model's E drifts from
// the engine's own. The rule (EvalfitSettings::retraceEvery = N > 0): at every generation G that is
// a multiple of N, the traces are taken again at the best member of generation G - 1 (as the run's
// history records it), and every member of generation G is scored on them, the elites too, so a
// generation's fitnesses always come from one set of traces. With N = 0 the traces of the start
// serve the whole run (the default: a run scores as it did before the rule existed).
//
// A resumed run finds the same point in its file's history, so it scores as the uninterrupted one.

#include <optional>
#include <string>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

// The generation whose traces generation `generation` is scored on: the latest multiple of
// `retraceEvery` not after it, or 0 (the start's traces) when there is none or the rule is off.
int traceGeneration(int retraceEvery, int generation);

// Points `evalfit`'s trace work (main and held-out) at the traces generation state.generation is
// scored on (traceGeneration), taken at the best of the generation before it, read from
// state's history. Does nothing on other paths or when the point is the start's. Returns a line
// for the log when the point moved, or an error when the history lacks that generation.
struct TracePointMove {
    bool moved = false;
    std::string note;
    std::optional<std::string> error;
};
TracePointMove moveTracePoint(EvalfitPlan& evalfit, const TuningSettings& settings, const ga::RunState& state);

// Marks every member of `state` as needing a fitness: scores from other traces do not compare.
void rescoreAll(ga::RunState& state);

}  // namespace mf::tuning
