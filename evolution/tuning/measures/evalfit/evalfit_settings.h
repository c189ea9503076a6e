#pragma once
// The evalfit measure's settings: the data set and the held-out one, how the engine scores them
// (the path and the uci path's limit), the fitted K and E0 with what they were fitted on, and the
// trace path's own (re-tracing, the linearity check's tolerance, the traces' cache). The measure
// owns them, their rules and their keys in a population file; the run's settings hold them
// (TuningSettings::of<EvalfitSettings>()).
//
// K and E0 are fitted once, when a fresh run starts, on the genome's defaults; they are saved with
// the run (extras evalfit_k, evalfit_e0, evalfit_heldout_e0), so a resumed run scores exactly as
// before, with the key of what they were fitted on (evalfit_fit_key): a new run reuses them only
// when that key still holds (fit_rule.h).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/common/engine_spec.h"
#include "evolution/tuning/measures/evalfit/fit_key.h"
#include "evolution/tuning/measures/measure_types.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

struct EvalfitSettings {
    std::filesystem::path data;             // required with measure evalfit
    std::filesystem::path heldOutData;      // empty: none
    dataset::EvalfitPath path = dataset::EvalfitPath::Auto;
    uci::SearchLimit uciLimit = uci::SearchLimit::depth(1);  // the uci path's search per position (evalfitLimitProblem)
    std::optional<double> k;                // fitted: set by the run (or a resumed file)
    std::optional<double> startError;       // E0: the defaults' E at k
    std::optional<double> heldOutStartError;
    std::optional<FitKey> fitKey;           // what k and the E0s were fitted on (fit_rule.h)
    int retraceEvery = 0;                   // trace path: traces taken again every N generations (trace_point.h); 0: never
    double traceTolerance = 0.002;          // trace path: the linearity check's limit (trace_check.h), relative
    std::filesystem::path traceCache;       // trace path: traces kept between runs in this folder (trace_cache.h); empty: none
    // Trace path: the most memory the run may take (memory_estimate.h), bytes; 0: what the machine
    // has free. A setting of this machine's run, not of the tuning: not saved with the run.
    std::uint64_t maxMemory = 0;

    friend bool operator==(const EvalfitSettings&, const EvalfitSettings&) = default;
};

// The same engine for evalfit's scorers (K's fit, traces, the uci path): program, arguments,
// fixed options and the kept process; the caller sets the path, limit, workers and tap.
dataset::EvalfitEngineConfig evalfitEngineOf(const EngineSpec& engine);

// The uci path's search per position: depth 0 (the quiescence search alone) to ga::kMaxDepth,
// or at least one node. Named as the CLI's --evalfit-depth / --evalfit-nodes.
std::optional<std::string> evalfitLimitProblem(const uci::SearchLimit& limit);

// Measure evalfit's GA defaults, the Texel-style recipe the README's runs use: about this many
// bits flipped per child whatever the genome's length (p_m = kEvalfitBitsFlipped / m), and
// tournaments of this size, which press harder on the small differences of E between neighbours
// than tournaments of 2.
inline constexpr double kEvalfitBitsFlipped = 1.5;
inline constexpr int kEvalfitTournamentSize = 3;

// The measure's part of a run's settings (measures/measure_types.h).
bool measureHasHeldOut(const EvalfitSettings& evalfit);
// A fitness E0/E 0.001 higher counts as one won game in SPSA's result.
inline double measureResultScale(const EvalfitSettings&) { return 1000.0; }
// The GA's defaults a new evalfit run starts from (kEvalfitBitsFlipped, kEvalfitTournamentSize).
void measureGaDefaults(const EvalfitSettings& evalfit, const ga::Genome& genome, ga::Parameters& parameters);
std::vector<std::string> measureProblems(const EvalfitSettings& evalfit);

// Re-tracing is for the trace path only: true when the settings' path may be it (trace or auto).
// The front ends grey or refuse --retrace-every by it; measureProblems holds the rule.
bool retraceApplies(const EvalfitSettings& evalfit);
// "retrace-every: must be 0 (never) or a number of generations, got -1", "retrace-every is for the
// trace path; evalfit path fast has no traces", or nullopt.
std::optional<std::string> retraceProblem(const EvalfitSettings& evalfit);
// Its keys: data, evalfit_k, evalfit_e0, heldout, evalfit_heldout_e0, evalfit_fit_key, evalfit_path,
// evalfit_retrace_every, evalfit_trace_tolerance, evalfit_limit (the fitted ones when fitted, the
// trace path's when they differ from their defaults). The keys the CLI's own evalfit loop wrote
// before evalfit was a measure, so its files continue.
void writeMeasureExtras(const EvalfitSettings& evalfit, ExtraLines& extras);
bool readMeasureExtra(EvalfitSettings& evalfit, const std::string& key, const std::string& value,
                      std::optional<std::string>& problem);

}  // namespace mf::tuning
