#pragma once
// FitnessEvaluator: scores candidate chromosomes on a piece of FitnessWork (fitness_work.h: a
// suite, game pairs or a data set). The run controller, print and the window's reports only see
// this interface, reached through the run's EvaluatorFactory. Everything crossing it is a plain
// value, so it can cross a wire.
//
// The contract every evaluator follows, so a new one reuses everything but its transport:
//   split  splitWork (work_items.h) cuts the work into independent work items, plain values: a
//          candidate with a chunk of positions (or, for games, a game pair).
//   run    an ItemRunner (item_runner.h) executes one item on a service of engines and gives back
//          an ItemResult, also a plain value.
//   merge  mergeResults (work_items.h) turns the item results into one CandidateScore per
//          candidate: fitness >= 0, plus the measure's details (positions, games).
// LocalEvaluator = split + run the items on its services + merge. Under MPI the same evaluator is
// given services whose engines are on the worker ranks (evolution/mpi): the items travel as plain
// values, the split and the merge stay on rank 0. Items not run (stopped) are merged as
// cancelledResult, so a stopped evaluation is recognisably incomplete.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/evaluate/fitness_work.h"

namespace mf::tuning {

// Progress of one evaluate() call, counted in work units (workUnit(work): positions searched,
// games played) over all candidates.
struct EvaluationProgress {
    std::size_t unitsDone = 0;
    std::size_t unitsTotal = 0;
    std::size_t inFlight = 0;  // work items running now (0 while paused: the pause has taken hold)
};
using ProgressHandler = std::function<void(const EvaluationProgress&)>;

// One line of an engine's conversation, for the engine log window.
struct EngineLogLine {
    enum class Direction { Sent, Received, Note };
    std::size_t worker = 0;
    Direction direction = Direction::Received;
    std::string text;
};
using EngineLogHandler = std::function<void(const EngineLogLine&)>;

class FitnessEvaluator {
public:
    virtual ~FitnessEvaluator() = default;

    // Engines searching at once.
    virtual std::size_t workers() const = 0;

    // Scores every candidate on `work`, one CandidateScore per candidate, in order. Blocks the
    // calling thread; `onProgress` is called from the calling thread at least every 100 ms while
    // the call lasts (also while paused: the controller learns there when in-flight items have
    // finished), and once at the end. When `stop` is requested, searches in flight are stopped,
    // nothing new starts, and the call returns soon with the unfinished units counted as cancelled
    // (such scores must not be used).
    virtual std::vector<CandidateScore> evaluate(const FitnessWork& work, const std::vector<Candidate>& candidates,
                                                 std::stop_token stop, const ProgressHandler& onProgress) = 0;

    // While paused no new work item is dispatched; items in flight finish. Any thread.
    virtual void pause() = 0;
    virtual void resume() = 0;
    // Engine lines go to the handler given to the evaluator's maker (EvaluatorFactory), so the
    // start-up handshake is logged too.
};

}  // namespace mf::tuning
