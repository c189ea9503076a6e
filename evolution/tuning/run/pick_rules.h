#pragma once
// How a run keeps its pick (common/run_pick.h) as the generations go: the start values' score
// first, then every held-out round's result of the optimiser's pick; the values with the highest
// held-out score answer for the run, the start values when nothing beat them. A run without held-out
// work compares the best member's training score with the start's, when the start was scored.

#include <optional>
#include <string>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/run/run_observer.h"

namespace mf::tuning {

// The start values as the pick, with their held-out result.
RunPick startPickOnHeldOut(const std::vector<int>& start, const HeldOutResult& heldOut);

// The start values as the pick on training scores, when `state` (an evaluated generation) holds
// them as a member; nullopt otherwise.
std::optional<RunPick> startPickOnTraining(const ga::RunState& state, const std::vector<int>& start,
                                           std::optional<double> startError);

// The optimiser's pick of the report's generation, unchecked: a run with nothing to compare its start
// with (no held-out work, the start not among its members).
RunPick uncheckedPick(const GenerationReport& report);

// Takes the generation's result into `pick`: its held-out result (the optimiser's pick) when the
// pick is on held-out work, else the best member's training score. True when the pick changed.
bool takeGeneration(RunPick& pick, const GenerationReport& report);

// The end of a run's status: "; the pick: generation 12, held-out E 0.1142 (the start 0.1154)", or
// why the start values answer.
std::string pickSummary(const RunPick& pick);

}  // namespace mf::tuning
