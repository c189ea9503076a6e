#pragma once
// The split and merge halves of every evaluator (see the contract in fitness_evaluator.h). A work
// item is an independent piece of one evaluate() call, small enough to hand to one engine (or one
// worker rank) and named by plain values only: indices into the call's candidates and work. Its
// result is a plain value too. Whoever runs the items (this machine's pool, MPI ranks), the same
// items merged give the same scores. Each measure cuts and merges its own work (its folder under
// measures/); these functions pick the measure from the work.

#include <cstddef>
#include <optional>
#include <variant>
#include <vector>

#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/evaluate/fitness_work.h"

namespace mf::tuning {

using WorkItem = Measures::Item;
using ItemResult = Measures::ItemResult;

// Every item of `work` for `candidates` candidates, candidate by candidate, in unit order (game
// work: one item per pair, whatever the options).
std::vector<WorkItem> splitWork(const FitnessWork& work, std::size_t candidates, const SplitOptions& options = {});

// The progress units an item counts for (positions searched, games played).
std::size_t itemUnits(const WorkItem& item);
// The candidate an item scores.
std::size_t itemCandidate(const WorkItem& item);

// The result of an item that never ran (stopped before its turn): every unit cancelled. Throws
// std::invalid_argument when the item belongs to another measure than the work.
ItemResult cancelledResult(const FitnessWork& work, const WorkItem& item);

// One CandidateScore per candidate from the items' results (results[i] belongs to items[i];
// a missing result counts as cancelled). Throws std::invalid_argument when a result does not
// fit its item (a bug or a corrupt message, never a user error).
std::vector<CandidateScore> mergeResults(const FitnessWork& work, std::size_t candidates,
                                         const std::vector<WorkItem>& items,
                                         const std::vector<std::optional<ItemResult>>& results);

}  // namespace mf::tuning
