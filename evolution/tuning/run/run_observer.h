#pragma once
// What a run tells the outside world. The CLI prints it; the window wraps it into queued Qt
// signals. Every callback comes from the controller's own run thread (never the caller's), one at
// a time, and receives values it may copy or move away: keep handlers cheap (post and return).

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/population.h"
#include "evolution/ga/selection.h"
#include "evolution/ga/statistics.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/measures/measure_types.h"
#include "evolution/tuning/evaluate/score_cache.h"

namespace mf::tuning {

enum class RunStatus {
    Idle,      // nothing running; start/continue/fight allowed (after a stop too)
    Starting,  // engines starting, suites loading
    Running,
    Pausing,   // pause asked: no new positions; waiting for searches in flight
    Paused,    // nothing searching; resume continues exactly
    Stopping,  // stop asked: searches in flight are being stopped
    Finished,  // all generations done; start/continue/fight allowed
    Failed,    // could not start or continue (engine, suite, autosave...); reason says why
};
std::string_view runStatusName(RunStatus status);  // "idle", "running", ...

struct StatusChange {
    RunStatus status = RunStatus::Idle;
    std::string reason;  // human readable: "stopped by user; kept generation 4", "engine ... exited"
};

// One evaluation in flight. Reported when it begins (unitsDone 0), then at most every 100 ms
// while it runs, paused included, and when it ends.
struct RunProgress {
    int generation = 0;
    std::optional<ga::SelectionType> lane;   // fight mode: nullopt (all lanes are scored together)
    bool heldOut = false;                    // scoring the best on the held-out work
    // Measure evalfit, before generation 0: the genome's defaults are scored to fit K and E0
    // (heldOut too: the defaults on the held-out data).
    bool fit = false;
    // After the last generation: the pick plays the start values at a clock (games confirmation).
    bool confirming = false;
    WorkUnit unit = WorkUnit::Positions;     // what the counts count (positions searched, games)
    std::size_t unitsDone = 0;               // in this evaluation
    std::size_t unitsTotal = 0;
    std::size_t candidatesToSearch = 0;      // after the cache and duplicates
    std::size_t inFlight = 0;                // work items the engines are on now
    // How long no work unit has finished while items were in flight: the run waits on its
    // engines (a slow first answer, a long chunk, an engine being restarted).
    std::chrono::seconds waitingFor{0};
    // From measured rates, paused time left out: this evaluation's rate once a unit is done,
    // before that the run's earlier evaluations; nothing before anything was measured.
    std::optional<std::chrono::seconds> generationEta;
    std::optional<std::chrono::seconds> runEta;
};

struct HeldOutResult {
    double fitness = 0.0;
    int solved = 0;
    int scored = 0;
    int failed = 0;
    std::size_t positions = 0;               // work units per candidate (suite positions, games)
    WorkUnit unit = WorkUnit::Positions;
    std::optional<double> error;             // measure evalfit: the best's Texel error E on the held-out data
    std::optional<EloFigure> elo;            // measure games: Elo against the held-out side, with its interval
};

// What scoring one generation cost (a fight round: all its lanes, scored together).
struct GenerationCost {
    std::size_t searchedCandidates = 0;        // chromosomes sent to engines
    std::size_t cachedCandidates = 0;          // served by the cache or an equal chromosome in the generation
    std::size_t failedSearches = 0;            // not scored
    // Scored searches whose reported nodes broke a nodes limit by more than 10x either way
    // (uci::nodesLimitBreak): the engine does not search what the limit says.
    std::size_t limitBreakingSearches = 0;
    std::chrono::nanoseconds wallTime{0};      // the generation's evaluations (held-out included)
    std::chrono::nanoseconds thinkTime{0};     // sum of the engines' think time in them
    int gamesPlayed = 0;                       // games measure: games played (a couple's once)
    int gamesLostOnTime = 0;                   // of those, lost on time by either side
};

struct GenerationReport {
    ga::GenerationStats stats;                 // best, mean, worst, sum, evaluations, best values...
    std::optional<double> bestError;           // measure evalfit: the best's Texel error E (= E0 / best)
    std::optional<double> startError;          // measure evalfit: E0, the defaults' E (K fitted on them)
    std::optional<double> evalfitK;            // measure evalfit: Texel's K, fitted on the defaults
    ga::Population population;                 // the evaluated generation (values: decode with the genome)
    std::optional<ga::SelectionType> lane;     // fight mode: which selection type
    // This generation's cost. Fight lanes leave it empty: the five lanes are scored together (a
    // chromosome in two lanes is searched once), so the cost belongs to the FightRound.
    GenerationCost cost;
    // Run totals (fight lanes: of the whole fight).
    double cacheHitRate = 0.0;                 // over the run so far: cached / (cached + searched)
    ScoreCacheUse cache;                       // the score cache now: entries, bytes, bound, evictions so far
    std::size_t failedSearchesTotal = 0;       // over the run so far
    std::size_t limitBreakingSearchesTotal = 0;  // over the run so far
    std::optional<HeldOutResult> heldOut;      // every k-th generation and the last (fight: this lane's best;
                                               // else the optimiser's pick)
    // The values the optimiser answers with now (optimizers/optimizer.h): the best member's for
    // the GA and CMA-ES, SPSA's theta rounded. Empty in fight lanes.
    std::vector<int> pick;
    // Measure games: the Elo of the pick's games this generation, when the pick is a member.
    std::optional<EloFigure> pickElo;
    // Measure games: the pick's speed ratio this generation (nodes a second with its values over
    // the start's), or the members' geometric mean when the pick played no games (SPSA's theta).
    std::optional<double> speed;
    // Work units scored over the run so far (games played, positions searched), held-out included.
    std::size_t unitsTotal = 0;
    WorkUnit unitsKind = WorkUnit::Positions;  // what unitsTotal counts
    bool noisyFitness = false;                 // time limit: the same chromosome may score differently
    // What answers for the run so far (common/run_pick.h): the values with the best held-out (or,
    // without held-out work, training) score the run has checked, or the start values. Plain runs only.
    std::optional<RunPick> runPick;
};

// Fight mode: all five lanes finished generation `generation`.
struct FightRound {
    int generation = 0;
    std::vector<GenerationReport> lanes;       // kAllSelectionTypes order; their cost is empty
    // The round's shared cost: every lane's pending members were scored in one evaluation.
    GenerationCost cost;
};

class RunObserver {
public:
    virtual ~RunObserver() = default;
    virtual void statusChanged(const StatusChange& change) { (void)change; }
    virtual void progress(const RunProgress& progress) { (void)progress; }
    virtual void generationFinished(const GenerationReport& report) { (void)report; }
    virtual void fightRoundFinished(const FightRound& round) { (void)round; }
    virtual void engineLog(const EngineLogLine& line) { (void)line; }
    // False: the run does not copy engine lines at all (engineLog is never called). Read once,
    // when a run starts.
    virtual bool wantsEngineLog() const { return true; }
    // A problem that does not end the run (autosave failed, suite lines skipped).
    virtual void warning(const std::string& text) { (void)text; }
    // How the run goes about its work, once (evalfit: which path the engine scores by, and why).
    virtual void note(const std::string& text) { (void)text; }
};

}  // namespace mf::tuning
