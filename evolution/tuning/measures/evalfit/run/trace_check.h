#pragma once
// The trace path's two checks against direct scoring (the fast or uci path the traces stand in
// for), both on the run's evaluator:
//  - linearity, once the traces are built and K fitted: a few random candidates near the start
//    (each term moved uniformly within an eighth of its window, from the run's seed) are scored
//    both ways; when the model's E and the real E differ by more than kTraceTolerance (relative)
//    for any of them, the run falls back to direct scoring and says so;
//  - the winner: before a run's best is saved as the result or exported, its E is scored
//    directly, so the figure a user acts on is the engine's own.
#include <cstdint>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/ga/genome.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

// 0.2 % of E: the GA's steps between good candidates are larger (0.3-3 % on the bundled data), so a
// model within it orders candidates as the engine would. Measured: README, "The trace path".
inline constexpr double kTraceTolerance = 0.002;
inline constexpr int kLinearityCandidates = 3;

struct LinearityCheck {
    std::vector<double> modelError;    // E from the traces, per candidate
    std::vector<double> realError;     // E scored directly
    double worstRelative = 0.0;        // max |model - real| / real
    double tolerance = kTraceTolerance;  // the run's limit on it (EvalfitSettings::traceTolerance)
    std::optional<std::string> failure;  // a scoring failed (then the check did not run)
    bool passed() const { return !failure && worstRelative <= tolerance; }
    std::string summary() const;       // "model E within 0.03 % of direct scoring (3 candidates)"
};

// The random candidates' values (genome order).
std::vector<std::vector<int>> linearityCandidates(const ga::Genome& genome, std::uint64_t seed);

// `work` is trace work with K set; it is scored as it is and with its direct path.
LinearityCheck checkLinearity(const DatasetWork& work, const ga::Genome& genome, std::uint64_t seed, double tolerance,
                              FitnessEvaluator& evaluator, std::stop_token stop);

// E of `values` scored directly (the trace work's direct path); std::nullopt when it fails.
std::optional<double> directError(const DatasetWork& work, const ga::Genome& genome, const std::vector<int>& values,
                                  FitnessEvaluator& evaluator, std::stop_token stop);

}  // namespace mf::tuning
