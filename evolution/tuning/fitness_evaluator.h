#pragma once
// FitnessEvaluator: scores candidate chromosomes on an EPD suite. The run controller only sees
// this interface. LocalEvaluator runs the searches on engine processes of this machine (the
// mf_uci engine pool); an MPI master/worker evaluator (SPEC section 6) will implement the same
// interface without any change to the GA, the controller or the window. Everything crossing it
// is a plain value, so it can cross a wire later.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>
#include <vector>

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

// How positions are searched and counted; the same for every candidate of a run.
struct ScoringRule {
    uci::SearchLimit limit;
    double prize = 0.0;                       // answer-speed prize (SPEC section 4)
    FitnessMeasure measure = FitnessMeasure::Solved;
};

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
    std::int64_t settleMs = 0;    // when the engine settled on the move it played
    int depth = 0;
    std::int64_t nodes = 0;
    std::string failure;          // why, when not scored
};

struct CandidateScore {
    double fitness = 0.0;         // >= 0 (proportional selection relies on it)
    int solved = 0;
    int scored = 0;               // completed searches
    int failed = 0;               // failed twice: not scored, counted for the run's report
    int cancelled = 0;            // stopped by the caller: the score is incomplete, never used
    int points = 0;
    int maxPoints = 0;
    std::chrono::nanoseconds thinkTime{0};  // sum of searches' think time
    std::vector<PositionResult> positions;  // suite order

    bool complete() const { return cancelled == 0; }
};

// Progress of one evaluate() call, counted in positions (candidates x suite size).
struct EvaluationProgress {
    std::size_t positionsDone = 0;
    std::size_t positionsTotal = 0;
    std::size_t inFlight = 0;  // searches running now (0 while paused: the pause has taken hold)
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

    // Scores every candidate on `suite`, one CandidateScore per candidate, in order. Blocks the
    // calling thread; `onProgress` is called from the calling thread at least every 100 ms while
    // the call lasts (also while paused: the controller learns there when in-flight searches have
    // finished), and once at the end. When `stop` is
    // requested, searches in flight are stopped, nothing new starts, and the call returns soon with
    // the unfinished positions counted as cancelled (such scores must not be used).
    virtual std::vector<CandidateScore> evaluate(const uci::Suite& suite, const std::vector<Candidate>& candidates,
                                                 const ScoringRule& rule, std::stop_token stop,
                                                 const ProgressHandler& onProgress) = 0;

    // While paused no new position is dispatched; searches in flight finish. Any thread.
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
