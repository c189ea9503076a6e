#pragma once
// Measure evalfit: K and E0 fitted once on the genome's defaults (K where the defaults' E on the
// data set is least, E0 = E there; the held-out data's E0 at that K). The run controller does it
// before generation 0; `print` and the window's report do it when the settings they were given
// do not carry K and E0 (a run's file saves them, the window's panel does not), so the fitness
// they show is E0 / E as in the run, never 0 for want of E0.

#include <cstddef>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/measures/evalfit/trace/memory_estimate.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

struct EvalfitFitOutcome {
    bool stopped = false;                 // `stop` was requested: nothing set
    std::optional<std::string> failure;   // the defaults could not be scored: nothing set
    std::string pathNote;                 // how the engine scores, when auto (or trace) was resolved here
    std::string traceNote;                // the trace path's linearity check, and a fallback if it failed
};

// Measure evalfit only (another plan is left as it is). First resolves the path "auto" of the plan's work to "fast" or "uci"
// (dataset::resolveEvalfitPath: the engine has the evalfit extension or not, found without
// waiting), so the work is split for that path (the uci path in chunks: progress and pause at
// once). Then, unless K and E0 are known already, scores the genome's defaults and sets K and
// E0 in `plan` (its EvalfitPlan) and in settings.evalfit (saved with a run, so a resume scores the
// same), with the key of what they were fitted on (fit_rule.h). Whether K and E0 given in the
// settings may be used is ruleOnSavedFit's question, asked before the plan is loaded.
// `onPass` (optional) is told before each evaluation which data it scores (false: the training
// data, true: the held-out data) and how many units it has, so progress can say so.
using FitPassHandler = std::function<void(bool heldOut, std::size_t units)>;
// `onNote` (optional) gets the path note as soon as auto is resolved, before the fit's passes, so
// a user reads how the engine scores while it scores.
using FitNoteHandler = std::function<void(const std::string& note)>;
// The two steps of fitEvalfit that every user of a run's plan needs (the polish too):
// resolveScoringPath resolves auto and trace once, before anything is scored (on the trace path:
// from the engine's own traces or by finite differences, at the genome's defaults); false when
// stopped or failed (outcome says which). checkTraces, on the trace path and with K set, scores a
// few candidates both from the traces and directly, and scores directly from then on when they
// differ by more than the tolerance (trace_check.h); outcome.traceNote says what it found.
bool resolveScoringPath(EvalfitPlan& evalfit, const TuningSettings& settings, EvalfitFitOutcome& outcome,
                        std::stop_token stop, const FitNoteHandler& onNote = {});
void checkTraces(EvalfitPlan& evalfit, const TuningSettings& settings, FitnessEvaluator& evaluator,
                 EvalfitFitOutcome& outcome, std::stop_token stop, const FitNoteHandler& onNote = {});

// What a run of `settings` would take in memory on the trace path, estimated as the run does
// before it starts (its data indexed, its path resolved, a sample traced: memory_estimate.h), for
// the window to show beside the data file before anything runs. Nullopt when the run is not on
// the trace path (another measure, or an engine without traces); an error names what could not
// be read or started.
Result<std::optional<MemoryEstimate>> estimateRunMemory(const TuningSettings& settings, std::stop_token stop = {});

EvalfitFitOutcome fitEvalfit(FitnessPlan& plan, TuningSettings& settings, FitnessEvaluator& evaluator,
                             std::stop_token stop, const ProgressHandler& onProgress,
                             const FitPassHandler& onPass = {}, const FitNoteHandler& onNote = {});

}  // namespace mf::tuning
