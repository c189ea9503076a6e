#pragma once
// The split and merge halves of every evaluator (see the contract in fitness_evaluator.h). A work
// item is an independent piece of one evaluate() call, small enough to hand to one engine (or one
// worker rank) and named by plain values only: indices into the call's candidates and work. Its
// result is a plain value too. Whoever runs the items (this machine's pool, MPI ranks), the same
// items merged give the same scores.

#include <cstddef>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/fitness_work.h"

namespace mf::tuning {

// Positions [first, first + count) of a SuiteWork's suite, searched by candidate `candidate`.
struct SuiteItem {
    std::size_t candidate = 0;
    std::size_t first = 0;
    std::size_t count = 0;
    friend bool operator==(const SuiteItem&, const SuiteItem&) = default;
};

// Game pair `pair` (from GamesWork::openings[pair]) of candidate `candidate` against the baseline.
struct GamePairItem {
    std::size_t candidate = 0;
    std::size_t pair = 0;
    friend bool operator==(const GamePairItem&, const GamePairItem&) = default;
};

// Positions [first, first + count) of a DatasetWork, scored by candidate `candidate`'s engine.
struct DatasetItem {
    std::size_t candidate = 0;
    std::size_t first = 0;
    std::size_t count = 0;
    friend bool operator==(const DatasetItem&, const DatasetItem&) = default;
};

using WorkItem = std::variant<SuiteItem, GamePairItem, DatasetItem>;

// A SuiteItem's positions, in suite order (count entries).
struct SuiteItemResult {
    std::vector<PositionResult> positions;
};

// A GamePairItem's pair: side A is the candidate (White in games[0]), side B the baseline.
struct GamePairItemResult {
    match::PairResult pair;
    bool cancelled = false;  // stopped before it finished: never scored
};

// A DatasetItem's scores: q of each of its positions (White's view, count entries), or why none.
struct DatasetItemResult {
    std::vector<int> q;
    std::string failure;     // non-empty: not scored (the engine failed twice, or an option it lacks)
    bool cancelled = false;  // stopped before it was scored
};

using ItemResult = std::variant<SuiteItemResult, GamePairItemResult, DatasetItemResult>;

// How finely the work is cut. Small items balance load and make pause exact (the local pool uses
// one position per item: an engine that finishes takes the next position at once); large items
// cost fewer messages (a remote rank would take chunks).
struct SplitOptions {
    std::size_t positionsPerItem = 1;  // >= 1
    // Dataset work: positions per item; 0 (the default) is the whole data set, one item per
    // candidate, on the fast path (an engine scores a data set in one request, `evalfit scores`),
    // and kUciPositionsPerItem on the uci path (one search per position: a chunk keeps every
    // engine busy within one candidate, and progress, pause and stop follow within a second).
    std::size_t datasetPositionsPerItem = 0;
};
inline constexpr std::size_t kUciPositionsPerItem = 256;

// Every item of `work` for `candidates` candidates, candidate by candidate, in unit order (game
// work: one item per pair, whatever the options).
std::vector<WorkItem> splitWork(const FitnessWork& work, std::size_t candidates, const SplitOptions& options = {});

// The progress units an item counts for (positions searched, games played).
std::size_t itemUnits(const WorkItem& item);
// The candidate an item scores.
std::size_t itemCandidate(const WorkItem& item);

// The result of an item that never ran (stopped before its turn): every unit cancelled.
ItemResult cancelledResult(const FitnessWork& work, const WorkItem& item);

// One CandidateScore per candidate from the items' results (results[i] belongs to items[i];
// a missing result counts as cancelled). Throws std::invalid_argument when a result does not
// fit its item (a bug or a corrupt message, never a user error).
std::vector<CandidateScore> mergeResults(const FitnessWork& work, std::size_t candidates,
                                         const std::vector<WorkItem>& items,
                                         const std::vector<std::optional<ItemResult>>& results);

}  // namespace mf::tuning
