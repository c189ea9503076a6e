#pragma once
// The run controller: runs a tuning simulation generation by generation on its own thread. Each
// generation it has the evaluator score every member that needs a fitness (cache first, in
// depth/nodes mode: generation_scorer.h), publishes the statistics, autosaves, and breeds the next
// generation with mf_ga. Commands may come from any thread and never block on engines; what
// happens is reported through the RunObserver (from the controller's thread).
//
//   start / continueRun / startFight   Idle|Finished|Failed -> Starting -> Running
//   pause                              Running -> Pausing -> Paused   (in-flight searches finish)
//   resume                             Pausing|Paused -> Running      (continues exactly)
//   stop                               any active -> Stopping -> Idle (searches stopped; the
//                                      population returns to the last completed generation)
//   all generations done               -> Finished

#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "engine/result.h"
#include "evolution/ga/evolution.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

class ProgressMeter;
struct ControllerRun;
struct GenerationTally;
struct KeyedWork;

// Makes the evaluator for a run (starts engines); called on the controller's thread. `engineLog`
// (empty when the observer wants no engine lines) receives every engine line from the first one
// on, the start-up handshake included, on the controller's thread: during the factory call and
// during evaluate(). A stop request (the run's Stop) ends a start-up that is still waiting on an
// engine at once, with an error.
using EvaluatorFactory = std::function<Result<std::unique_ptr<FitnessEvaluator>>(
    const TuningSettings&, EngineLogHandler engineLog, std::stop_token stop)>;

class RunController {
public:
    // `observer` must outlive the controller (or be null).
    RunController(EvaluatorFactory factory, RunObserver* observer);
    ~RunController();  // stops a run in flight and joins its thread
    RunController(const RunController&) = delete;
    RunController& operator=(const RunController&) = delete;

    // A new run from generation 0 (random population from parameters.seed). Returns an error
    // (settings invalid, a run already active) without starting anything.
    std::optional<std::string> start(const TuningSettings& settings);
    // Continues a loaded state (e.g. ga::loadPopulation) with `settings` (use applyExtras to get
    // them from the file). An evaluated population breeds on; a partly evaluated one is finished
    // first. parameters.generations is the total: the run ends after generation G-1.
    std::optional<std::string> continueRun(ga::RunState state, const TuningSettings& settings);
    // Multiselection fight: the five selection types from one start (generation 0 of `settings`,
    // or `start` when given), G generations each; FightRound per generation. Each round every
    // lane is autosaved to fightLaneFile(settings.autosave, lane) (a population file `tune
    // --resume` continues), and with a held-out suite every k-th round and the last score each
    // lane's best on it (one evaluation; equal bests and earlier results are not searched again).
    std::optional<std::string> startFight(const TuningSettings& settings,
                                          std::optional<ga::RunState> start = std::nullopt);

    void pause();
    void resume();
    void stop();

    // Also keep what each generation cost (searches, cache, failures, times) in the run's file
    // (run_history.h), for a window that reopens a run whole. Off by default: costs differ between
    // a straight and a resumed run, whose files otherwise compare equal. Read when a run starts.
    void recordCosts(bool record);

    RunStatus status() const;
    // Blocks until the run thread has published its final status (Idle after a stop, Finished,
    // Failed). Not from an observer callback. Commands from callbacks are fine, except start,
    // continueRun and startFight (they join the previous run thread).
    void wait();

    // The last fully evaluated generation of the current/last run (what Save writes), with the
    // tuner's extras filled in; nullopt before the first generation completes or in fight mode.
    std::optional<ga::RunState> lastCompleted() const;
    // Fight mode: the lanes as of the last completed round.
    std::vector<ga::FightLane> fightLanes() const;

private:
    std::optional<std::string> launch(std::unique_ptr<ControllerRun> run);
    void execute(std::stop_token stop, ControllerRun& run);
    // Reads the run's plan and starts its evaluator: the error that ends the run instead.
    std::optional<std::string> prepare(std::stop_token stop, ControllerRun& run,
                                       std::unique_ptr<FitnessEvaluator>& evaluator);
    // The measure's step before the first generation (measure_run_steps.h), its passes reported
    // as a generation's progress. A status to end the run with when it fails or is stopped.
    std::optional<StatusChange> prepareMeasureRun(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator);
    // With the evaluator ready: the measure's step, then the generations or the fight; the status it ends with.
    StatusChange runPrepared(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator);

    // A plain run (run_controller_single.cpp).
    StatusChange runSingle(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator);
    // Evaluates, reports and keeps one generation: the status that ends the run, if any.
    std::optional<StatusChange> runGeneration(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                              ga::RunState& state);
    // Gives `report` the generation's cost and the run's totals, records it in `state`'s extras
    // and keeps `state` as the last completed generation.
    void keepGeneration(const ControllerRun& run, ga::RunState& state, GenerationReport& report,
                        const GenerationTally& tally);
    // A plain run stopped by the user: Idle, naming the generation it kept.
    StatusChange stoppedSingle() const;
    // The end of a plain run (run_controller_confirm.cpp): the pick's confirmation when the
    // measure has one, then Finished with `done` and the pick; Idle when stopped during it.
    StatusChange finishSingle(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                              ga::RunState& state, std::string done);
    // Plays the confirmation and takes its verdict into the pick (kept in `state` and its file);
    // true when done or not due, false when stopped.
    bool confirmPick(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator, ga::RunState& state);
    // The generation's result into the run's pick, kept in `state` and in the report.
    void notePick(ControllerRun& run, ga::RunState& state, GenerationReport& report);
    // Makes the next generation's batch: the stage's optimiser goes on, or the next stage's takes
    // over (early when the stage's optimiser has finished). The status that ends the run, if any.
    std::optional<StatusChange> advance(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                        ga::RunState& state);
    // The fitness of candidates an optimiser asks for between batches, scored as the members of
    // `generation` are (cache, progress, pause); empty when the run is stopped.
    std::vector<std::optional<double>> scoreCandidates(std::stop_token stop, ControllerRun& run,
                                                       FitnessEvaluator& evaluator, const ga::RunState& like,
                                                       int generation, const std::vector<std::vector<int>>& candidates);
    // The measure's step at state.generation (measure_run_steps.h): its note logged; with
    // `rescore` members it marks are scored again. A failure ends the run.
    std::optional<StatusChange> stepMeasureGeneration(ControllerRun& run, ga::RunState& state, bool rescore);

    // A fight (run_controller_fight.cpp).
    StatusChange runFight(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator);
    // Evaluates one round of every lane; nullopt when stopped.
    std::optional<FightRound> scoreRound(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                                         std::vector<ga::FightLane>& lanes, int generation);
    // Records each lane's generation in its file and history, and keeps the lanes.
    void keepRound(const ControllerRun& run, std::vector<ga::FightLane>& lanes, const FightRound& round);

    // Scoring with progress reports (run_controller_scoring.cpp).
    // Scores every pending member of `states` (cache and duplicates first); false when stopped.
    bool evaluatePending(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator,
                         const std::vector<ga::RunState*>& states, GenerationTally& out);
    // The held-out result of each of `bests` (decoded values), in order; nullopt when stopped.
    std::optional<std::vector<HeldOutResult>> scoreHeldOut(std::stop_token stop, ControllerRun& run,
                                                           FitnessEvaluator& evaluator, const ga::Genome& genome,
                                                           const std::vector<std::vector<int>>& bests,
                                                           GenerationTally& out);
    // The same on any work outside the generations (the held-out work, the confirmation), with
    // progress reported as `base` says.
    std::optional<std::vector<HeldOutResult>> scoreOn(std::stop_token stop, ControllerRun& run,
                                                      FitnessEvaluator& evaluator, const ga::Genome& genome,
                                                      const std::vector<std::vector<int>>& bests, const KeyedWork& work,
                                                      RunProgress base, GenerationTally& out);
    // The progress handler of one evaluation: RunProgress from `base` with the evaluation's
    // counts, its ETA from `meter` and the run's ETA over `laterGenerations` more (-1: none
    // estimated). Also publishes a pause that has taken hold. `meter` must outlive the handler.
    ProgressHandler progressReporter(ControllerRun& run, const RunProgress& base, ProgressMeter& meter,
                                     int laterGenerations);

    // Writes `state` to `file` (nothing when empty); a failure is a warning, the run goes on.
    void autosave(const ga::RunState& state, const std::filesystem::path& file, std::chrono::milliseconds pause);
    bool isPaused() const;
    // From an evaluation's progress handler (main or held-out suite): publishes Paused once a
    // pause has taken hold (nothing in flight), and whatever commands queued.
    void notePauseHeld(const EvaluationProgress& progress);
    // Blocks while paused (publishing Paused); false when stopped.
    bool passPauseGate(std::stop_token stop);
    // Status changes are queued by commands (any thread) and published by the run thread.
    void queueStatus(RunStatus status, std::string reason);       // caller holds mutex_
    void flushStatus();                                           // run thread
    bool isActive() const;                                        // caller holds mutex_

    EvaluatorFactory factory_;
    RunObserver* observer_;
    mutable std::mutex mutex_;
    std::condition_variable_any changed_;
    RunStatus status_ = RunStatus::Idle;
    bool runActive_ = false;            // the run thread has not yet published its last word
    bool recordCosts_ = false;
    bool paused_ = false;
    FitnessEvaluator* evaluator_ = nullptr;  // while the run thread owns one
    std::vector<StatusChange> pending_;
    std::optional<ga::RunState> lastCompleted_;
    std::vector<ga::FightLane> fightLanes_;
    std::unique_ptr<ControllerRun> run_;
    std::jthread thread_;  // last: joined first on destruction
};

// Where a fight autosaves `lane`: the selection name before the extension ("fight.mfpop" ->
// "fight.tournament.mfpop"); empty when `autosave` is empty.
std::filesystem::path fightLaneFile(const std::filesystem::path& autosave, ga::SelectionType lane);

}  // namespace mf::tuning
