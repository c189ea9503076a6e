#pragma once
// FitnessEvaluator: scores candidate chromosomes on a piece of FitnessWork (fitness_work.h: an EPD
// suite today). The run controller, print and the window's reports only see this interface,
// reached through the run's EvaluatorFactory. Everything crossing it is a plain value, so it can
// cross a wire.
//
// The contract every evaluator follows, so a new one reuses everything but its transport:
//   split  splitWork (work_items.h) cuts the work into independent work items, plain values: a
//          candidate with a chunk of positions (or, for games, a game pair).
//   run    an ItemRunner (item_runner.h) executes one item on engines of the machine it runs on
//          and gives back an ItemResult, also a plain value.
//   merge  mergeResults (work_items.h) turns the item results into one CandidateScore per
//          candidate: fitness >= 0, plus the measure's details (positions, games).
// LocalEvaluator = split + run the items on the local engine pool + merge. An MPI evaluator =
// split + ship the work, the candidates and then items to worker ranks on demand (each rank runs
// the same ItemRunner on its own engines) + merge on rank 0. Items not run (stopped) are merged as
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

#include "evolution/match/game_types.h"
#include "evolution/tuning/fitness_work.h"
#include "evolution/tuning/tuning_settings.h"
#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

// One chromosome to score: its decoded values (the cache key) and the options they become.
struct Candidate {
    std::vector<int> values;
    uci::OptionValues options;  // the genome's options with these values, in genome order
};

// The candidate for a chromosome's decoded values: each term's option set to its value.
Candidate makeCandidate(const ga::Genome& genome, const std::vector<int>& values);

// One position of one candidate: what `print` shows.
struct PositionResult {
    int line = 0;                 // line in the suite file
    std::string id;
    std::string expected;         // "bm Nf3" / "am Qxb2" / "bm e4; am d4"
    std::string played;           // SAN on the position when legal, else as the engine sent it
    bool scored = false;          // false: the search failed or was cancelled (not counted)
    bool solved = false;
    int points = 0;               // STS points of the move played
    double score = 0.0;           // this position's contribution to fitness
    std::int64_t timeMs = 0;      // think time measured by the harness
    std::chrono::nanoseconds thinkTime{0};  // the same, exact (summed into CandidateScore::thinkTime)
    std::int64_t settleMs = 0;    // when the engine settled on the move it played
    int depth = 0;
    std::int64_t nodes = 0;
    std::string failure;          // why, when not scored
};

// A candidate's games against the baseline (measure games), from the candidate's view.
struct GameTally {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int forfeits = 0;             // losses by the candidate's fault: crash, hang, illegal move, time
    int baselineForfeits = 0;     // wins by the baseline's fault
    double points() const { return wins + 0.5 * draws; }
    int games() const { return wins + draws + losses; }
};

struct CandidateScore {
    double fitness = 0.0;         // >= 0 (proportional selection relies on it)
    int solved = 0;
    int scored = 0;               // completed searches (games: finished games)
    int failed = 0;               // failed twice: not scored, counted for the run's report
    int cancelled = 0;            // stopped by the caller: the score is incomplete, never used
    int points = 0;
    int maxPoints = 0;
    std::chrono::nanoseconds thinkTime{0};  // sum of searches' think time
    std::vector<PositionResult> positions;  // suite order (suite work)
    GameTally games;                        // games work
    std::vector<match::PairResult> pairs;   // games work: every pair, in opening order
    std::optional<double> error;            // dataset work: Texel's error E (fitness = E0 / E)
    std::vector<int> q;                     // dataset work with keepScores: every position's q
    std::string failure;                    // dataset work: why the candidate was not scored

    bool complete() const { return cancelled == 0; }
};

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

// PositionResult::failure of a position that was stopped by the caller (not an engine fault).
inline constexpr std::string_view kCancelledFailure = "cancelled";

// The fitness of a candidate from its positions, the same for every evaluator: sum of scored
// positions' `score`. Recomputes fitness and the counters (not maxPoints, thinkTime) from `positions`.
void summarize(CandidateScore& score);

// One position's score under a rule: Solved -> 1 + prize*(1 - s/L) when solved; Points -> the
// move's points, plus prize*(1 - s/L) when solved; 0 when unsolved; not scored when the search
// did not complete.
double positionScore(bool solved, int points, double settleFraction, const ScoringRule& rule);

}  // namespace mf::tuning
