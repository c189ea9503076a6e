#include "evolution/tuning/run/run_controller.h"

#include <chrono>
#include <exception>

#include "evolution/ga/population_file.h"
#include "evolution/tuning/run/controller_state.h"
#include "evolution/tuning/run/measure_run_steps.h"
#include "evolution/tuning/settings/fit_rule.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/evaluate/progress_meter.h"
#include "evolution/tuning/settings/run_stages.h"
#include "evolution/tuning/evaluate/score_cache.h"

namespace mf::tuning {

namespace {

using Clock = ControllerRun::Clock;

bool terminal(RunStatus status) {
    return status == RunStatus::Idle || status == RunStatus::Finished || status == RunStatus::Failed;
}

}  // namespace

std::string_view runStatusName(RunStatus status) {
    switch (status) {
    case RunStatus::Idle: return "idle";
    case RunStatus::Starting: return "starting";
    case RunStatus::Running: return "running";
    case RunStatus::Pausing: return "pausing";
    case RunStatus::Paused: return "paused";
    case RunStatus::Stopping: return "stopping";
    case RunStatus::Finished: return "finished";
    case RunStatus::Failed: return "failed";
    }
    return "unknown";
}

RunController::RunController(EvaluatorFactory factory, RunObserver* observer)
    : factory_(std::move(factory)), observer_(observer) {}

RunController::~RunController() {
    stop();
    if (thread_.joinable()) thread_.join();
}

bool RunController::isActive() const { return !terminal(status_) || runActive_; }

std::optional<std::string> RunController::start(const TuningSettings& settings) {
    auto run = std::make_unique<ControllerRun>();
    run->mode = ControllerRun::Mode::Fresh;
    run->settings = settings;
    return launch(std::move(run));
}

std::optional<std::string> RunController::continueRun(ga::RunState state, const TuningSettings& settings) {
    if (state.genome != settings.genome || state.parameters != settings.parameters)
        return "continue: the settings' parameters and genome must be those of the loaded state (use applyExtras)";
    if (state.population.size() != static_cast<std::size_t>(state.parameters.populationSize))
        return "continue: the state holds " + std::to_string(state.population.size()) + " members, expected " +
               std::to_string(state.parameters.populationSize);
    auto run = std::make_unique<ControllerRun>();
    run->mode = ControllerRun::Mode::Continue;
    run->settings = settings;
    if (auto problem = makeOptimizer(settings.optimizer.stages[stageAt(settings, state.generation).index].optimizer)->checkState(state))
        return "continue: " + *problem;
    run->initial = std::move(state);
    return launch(std::move(run));
}

std::optional<std::string> RunController::startFight(const TuningSettings& settings, std::optional<ga::RunState> start) {
    const OptimizerInfo* only = findOptimizer(settings.optimizer.first());
    if (settings.optimizer.stages.size() != 1 || !only || !only->breeds)
        return "a multiselection fight compares the GA's selection types: it needs the optimizer ga";
    if (auto problem = measureFightProblem(settings)) return problem;
    auto run = std::make_unique<ControllerRun>();
    run->mode = ControllerRun::Mode::Fight;
    run->settings = settings;
    run->initial = std::move(start);
    return launch(std::move(run));
}

std::optional<std::string> RunController::launch(std::unique_ptr<ControllerRun> run) {
    if (auto problems = validateSettings(run->settings); !problems.empty()) {
        std::string text;
        for (const auto& problem : problems) text += (text.empty() ? "" : "\n") + problem;
        return text;
    }
    for (const Stage& stage : run->settings.optimizer.stages) run->optimizers.push_back(makeOptimizer(stage.optimizer));
    {
        std::lock_guard lock(mutex_);
        if (isActive()) return std::string("a run is already active (") + std::string(runStatusName(status_)) + ")";
        status_ = RunStatus::Starting;
        run->recordCosts = recordCosts_;
        runActive_ = true;
        paused_ = false;
        pending_.clear();
        lastCompleted_.reset();
        fightLanes_.clear();
    }
    // The previous run thread has published its last status; joining it is quick.
    if (thread_.joinable()) thread_.join();
    run_ = std::move(run);
    thread_ = std::jthread([this](std::stop_token stop) { execute(stop, *run_); });
    return std::nullopt;
}

void RunController::pause() {
    std::lock_guard lock(mutex_);
    if (status_ != RunStatus::Running && status_ != RunStatus::Starting) return;
    paused_ = true;
    if (evaluator_) evaluator_->pause();
    queueStatus(RunStatus::Pausing, "searches in flight finish first");
}

void RunController::recordCosts(bool record) {
    std::lock_guard lock(mutex_);
    recordCosts_ = record;
}

bool RunController::isPaused() const {
    std::lock_guard lock(mutex_);
    return paused_;
}

void RunController::resume() {
    std::lock_guard lock(mutex_);
    if (status_ != RunStatus::Pausing && status_ != RunStatus::Paused) return;
    paused_ = false;
    if (evaluator_) evaluator_->resume();
    queueStatus(RunStatus::Running, "resumed");
    changed_.notify_all();
}

void RunController::stop() {
    std::lock_guard lock(mutex_);
    if (terminal(status_) || status_ == RunStatus::Stopping) return;
    queueStatus(RunStatus::Stopping, "searches in flight are being stopped");
    thread_.request_stop();
    changed_.notify_all();
}

RunStatus RunController::status() const {
    std::lock_guard lock(mutex_);
    return status_;
}

void RunController::wait() {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return !runActive_; });
}

std::optional<ga::RunState> RunController::lastCompleted() const {
    std::lock_guard lock(mutex_);
    return lastCompleted_;
}

std::vector<ga::FightLane> RunController::fightLanes() const {
    std::lock_guard lock(mutex_);
    return fightLanes_;
}

void RunController::queueStatus(RunStatus status, std::string reason) {
    status_ = status;
    pending_.push_back({status, std::move(reason)});
    changed_.notify_all();
}

void RunController::flushStatus() {
    std::vector<StatusChange> changes;
    {
        std::lock_guard lock(mutex_);
        changes.swap(pending_);
    }
    if (observer_)
        for (const auto& change : changes) observer_->statusChanged(change);
}

bool RunController::passPauseGate(std::stop_token stop) {
    std::unique_lock lock(mutex_);
    while (paused_ && !stop.stop_requested()) {
        if (status_ == RunStatus::Pausing) queueStatus(RunStatus::Paused, "nothing is searching");
        lock.unlock();
        flushStatus();
        lock.lock();
        changed_.wait_for(lock, stop, kProgressInterval, [&] { return !paused_ || !pending_.empty(); });
    }
    lock.unlock();
    flushStatus();
    return !stop.stop_requested();
}

void RunController::notePauseHeld(const EvaluationProgress& progress) {
    {
        std::lock_guard lock(mutex_);
        if (status_ == RunStatus::Pausing && paused_ && progress.inFlight == 0)
            queueStatus(RunStatus::Paused, "the searches in flight have finished");
    }
    flushStatus();
}

void RunController::execute(std::stop_token stop, ControllerRun& run) {
    StatusChange last{RunStatus::Failed, "internal error"};
    std::unique_ptr<FitnessEvaluator> evaluator;
    try {
        flushStatus();  // whatever the commands queued so far (Starting is implied by start())
        if (observer_) observer_->statusChanged({RunStatus::Starting, "reading the files, starting the engines"});
        if (auto error = prepare(stop, run, evaluator)) last = {RunStatus::Failed, *error};
        else last = runPrepared(stop, run, *evaluator);
    } catch (const std::exception& e) {
        last = {RunStatus::Failed, std::string("internal error: ") + e.what()};
    }
    {
        std::lock_guard lock(mutex_);
        evaluator_ = nullptr;
    }
    evaluator.reset();  // engines quit here, before the final status says the run is over
    flushStatus();
    {
        std::lock_guard lock(mutex_);
        status_ = last.status;
    }
    if (observer_) observer_->statusChanged(last);
    std::lock_guard lock(mutex_);
    runActive_ = false;
    changed_.notify_all();
}

std::optional<std::string> RunController::prepare(std::stop_token stop, ControllerRun& run,
                                                  std::unique_ptr<FitnessEvaluator>& evaluator) {
    const TuningSettings& settings = run.settings;
    const bool reusable = deterministicLimit(settings.parameters) || measureScoresRepeat(settings);
    run.scorer.emplace(ScoreCache(reusable, settings.scoreCacheBytes), searchLimit(settings.parameters));
    // A saved K and E0 hold for what they were fitted on: a new run or fight fits them again when
    // the engine, options, genome or data changed since; a continued run keeps them.
    const FitRuling ruling = ruleOnSavedFit(
        run.settings, run.mode == ControllerRun::Mode::Continue ? FitUse::ContinuedRun : FitUse::NewRun);
    if (observer_ && !ruling.note.empty()) {
        if (ruling.warning) observer_->warning(ruling.note);
        else observer_->note(ruling.note);
    }
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(settings, warnings);
    if (observer_)
        for (const auto& warning : warnings) observer_->warning(warning);
    if (!plan) return plan.error().message;
    run.plan = std::move(*plan);
    EngineLogHandler engineLog;
    if (observer_ && observer_->wantsEngineLog())
        engineLog = [this](const EngineLogLine& line) { observer_->engineLog(line); };
    auto made = factory_(settings, std::move(engineLog), stop);
    if (!made) return "engine: " + made.error().message;
    evaluator = std::move(made.value());
    return std::nullopt;
}

StatusChange RunController::runPrepared(std::stop_token stop, ControllerRun& run, FitnessEvaluator& evaluator) {
    {
        std::lock_guard lock(mutex_);
        evaluator_ = &evaluator;
        if (paused_) evaluator.pause();  // pause was pressed while engines were starting
        else if (status_ == RunStatus::Starting) queueStatus(RunStatus::Running, "");
    }
    flushStatus();
    // Paused while the engines started: hold here (Paused: nothing runs) before the fit's work.
    if (!passPauseGate(stop)) return {RunStatus::Idle, "stopped by user before a generation completed"};
    if (auto failed = prepareMeasureRun(stop, run, evaluator)) return *failed;
    return run.mode == ControllerRun::Mode::Fight ? runFight(stop, run, evaluator) : runSingle(stop, run, evaluator);
}

std::optional<StatusChange> RunController::prepareMeasureRun(std::stop_token stop, ControllerRun& run,
                                                             FitnessEvaluator& evaluator) {
    // What the measure sets goes into run.settings: saved with the run (toExtras), so a resume
    // scores the same. Its passes report progress like a generation's, so the window shows them.
    std::optional<ProgressMeter> meter;
    ProgressHandler reporter;
    auto onPass = [&](bool heldOut, std::size_t units) {
        RunProgress base;
        base.fit = true;
        base.heldOut = heldOut;
        base.candidatesToSearch = 1;
        meter.emplace(Clock::now(), 0, Clock::duration{});
        reporter = progressReporter(run, base, *meter, -1);
        reporter({0, units, 0});
    };
    auto onProgress = [&](const EvaluationProgress& progress) {
        if (reporter) reporter(progress);
        else notePauseHeld(progress);
    };
    auto onNote = [&](const std::string& note) {
        if (observer_) observer_->note(note);
    };
    const RunStepOutcome outcome = prepareMeasure(*run.plan, run.settings, evaluator, stop, {onProgress, onPass, onNote});
    if (outcome.stopped) return StatusChange{RunStatus::Idle, "stopped by user before a generation completed"};
    if (outcome.failure) return StatusChange{RunStatus::Failed, *outcome.failure};
    return std::nullopt;
}

void RunController::autosave(const ga::RunState& state, const std::filesystem::path& file,
                             std::chrono::milliseconds pause) {
    if (file.empty()) return;
    if (auto error = ga::savePopulation(state, file, pause); error && observer_)
        observer_->warning("autosave: " + error->message);
}

}  // namespace mf::tuning
