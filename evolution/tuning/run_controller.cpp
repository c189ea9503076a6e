#include "evolution/tuning/run_controller.h"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <set>

#include "evolution/dataset/evalfit_measure.h"
#include "evolution/dataset/texel_error.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/evalfit_fit.h"
#include "evolution/tuning/fitness_plan.h"
#include "evolution/tuning/progress_meter.h"
#include "evolution/tuning/run_history.h"
#include "evolution/tuning/score_cache.h"

namespace mf::tuning {

namespace {

using Clock = std::chrono::steady_clock;
constexpr auto kProgressInterval = std::chrono::milliseconds(100);

bool terminal(RunStatus status) {
    return status == RunStatus::Idle || status == RunStatus::Finished || status == RunStatus::Failed;
}

// cached / (cached + searched), 0 before anything was scored.
double hitRate(std::size_t searched, std::size_t cached) {
    return searched + cached == 0 ? 0.0 : static_cast<double>(cached) / static_cast<double>(searched + cached);
}

// Held-out scoring happens every k-th generation and after the last.
bool heldOutRound(const TuningSettings& settings, const FitnessPlan& plan, int generation, bool last) {
    return plan.hasHeldOut() && (generation % settings.heldOutEvery == 0 || last);
}

// Measure evalfit: what a user reads beside the fitness, Texel's error E of the best (E0 / fitness),
// E0 and K.
void addEvalfitFigures(const TuningSettings& settings, GenerationReport& report) {
    if (settings.measure != FitnessMeasure::Evalfit || !settings.evalfit.startError) return;
    report.startError = settings.evalfit.startError;
    report.evalfitK = settings.evalfit.k;
    if (report.stats.best > 0) report.bestError = dataset::errorFromFitness(report.stats.best, *settings.evalfit.startError);
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

struct RunController::Run {
    enum class Mode { Fresh, Continue, Fight };
    Mode mode = Mode::Fresh;
    TuningSettings settings;
    std::optional<ga::RunState> initial;
    std::optional<FitnessPlan> plan;   // loaded when the run thread starts
    ScoreCache cache{false, 0};
    // Values whose fitness was earned while some of their searches failed: such a fitness is
    // provisional, and a member with these values is scored again the next time it is met
    // (elites and unchanged copies keep their fitness otherwise), until a score without failures.
    std::set<std::vector<int>> provisional;
    bool recordCosts = false;          // RunController::recordCosts when the run started
    // Run totals, for the cache hit rate, the failed-search count and the ETA.
    std::size_t searched = 0;
    std::size_t cached = 0;
    std::size_t failed = 0;
    std::size_t unitsDone = 0;         // work units of the main evaluations so far (ETA)
    std::size_t limitBreaking = 0;
    Clock::duration evaluationTime{};  // of those units, paused time left out
    Clock::duration generationsTime{}; // completed generations' evaluations, held-out included
    int generationsTimed = 0;
    int generationsLeft = 0;
};

// What one generation's evaluation cost, for its report.
struct RunController::Generation {
    int generation = 0;
    std::size_t searched = 0;
    std::size_t cached = 0;
    std::size_t failed = 0;
    std::size_t limitBreaking = 0;
    Clock::duration wall{};
    Clock::duration active{};          // wall without paused time (the ETA's measure)
    std::chrono::nanoseconds think{0};
};

RunController::RunController(EvaluatorFactory factory, RunObserver* observer)
    : factory_(std::move(factory)), observer_(observer) {}

RunController::~RunController() {
    stop();
    if (thread_.joinable()) thread_.join();
}

bool RunController::isActive() const { return !terminal(status_) || runActive_; }

std::optional<std::string> RunController::start(const TuningSettings& settings) {
    auto run = std::make_unique<Run>();
    run->mode = Run::Mode::Fresh;
    run->settings = settings;
    return launch(std::move(run));
}

std::optional<std::string> RunController::continueRun(ga::RunState state, const TuningSettings& settings) {
    if (state.genome != settings.genome || state.parameters != settings.parameters)
        return "continue: the settings' parameters and genome must be those of the loaded state (use applyExtras)";
    if (state.population.size() != static_cast<std::size_t>(state.parameters.populationSize))
        return "continue: the state holds " + std::to_string(state.population.size()) + " members, expected " +
               std::to_string(state.parameters.populationSize);
    auto run = std::make_unique<Run>();
    run->mode = Run::Mode::Continue;
    run->settings = settings;
    run->initial = std::move(state);
    return launch(std::move(run));
}

std::optional<std::string> RunController::startFight(const TuningSettings& settings, std::optional<ga::RunState> start) {
    auto run = std::make_unique<Run>();
    run->mode = Run::Mode::Fight;
    run->settings = settings;
    run->initial = std::move(start);
    return launch(std::move(run));
}

std::optional<std::string> RunController::launch(std::unique_ptr<Run> run) {
    if (auto problems = validateSettings(run->settings); !problems.empty()) {
        std::string text;
        for (const auto& problem : problems) text += (text.empty() ? "" : "\n") + problem;
        return text;
    }
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

ProgressHandler RunController::progressReporter(Run& run, const RunProgress& base, ProgressMeter& meter,
                                                int laterGenerations) {
    auto lastReport = Clock::now() - kProgressInterval;
    return [this, &run, base, &meter, laterGenerations, lastReport](const EvaluationProgress& progress) mutable {
        notePauseHeld(progress);
        const auto now = Clock::now();
        meter.update(progress, isPaused(), now);
        if (now - lastReport < kProgressInterval && progress.unitsDone < progress.unitsTotal) return;
        lastReport = now;
        RunProgress report = base;
        report.unitsDone = progress.unitsDone;
        report.unitsTotal = progress.unitsTotal;
        report.inFlight = progress.inFlight;
        report.waitingFor = meter.waitingFor(now);
        report.generationEta = meter.eta();
        // Later generations cost what the completed ones did on average (held-out passes and
        // cache hits included); before one completed, what this one is measured to cost.
        if (report.generationEta && laterGenerations >= 0) {
            std::optional<double> perGeneration;
            if (run.generationsTimed > 0)
                perGeneration = std::chrono::duration<double>(run.generationsTime).count() / run.generationsTimed;
            else if (!base.fit && !base.heldOut)
                perGeneration = std::chrono::duration<double>(meter.activeTime()).count() +
                                static_cast<double>(report.generationEta->count());
            if (perGeneration)
                report.runEta = roundedSeconds(static_cast<double>(report.generationEta->count()) +
                                               laterGenerations * *perGeneration);
        }
        if (observer_) observer_->progress(report);
    };
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

void RunController::publishStatus(RunStatus status, std::string reason) {
    {
        std::lock_guard lock(mutex_);
        queueStatus(status, std::move(reason));
    }
    flushStatus();
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

void RunController::execute(std::stop_token stop, Run& run) {
    StatusChange last{RunStatus::Failed, "internal error"};
    std::unique_ptr<FitnessEvaluator> evaluator;
    try {
        flushStatus();  // whatever the commands queued so far (Starting is implied by start())
        if (observer_) observer_->statusChanged({RunStatus::Starting, "reading the files, starting the engines"});
        const TuningSettings& settings = run.settings;
        // Evalfit scores are quiescence scores (or depth 1 searches): the same every time.
        run.cache = ScoreCache(deterministicLimit(settings.parameters) || settings.measure == FitnessMeasure::Evalfit,
                               settings.scoreCacheBytes);
        std::vector<std::string> warnings;
        std::optional<std::string> error;
        auto plan = FitnessPlan::load(settings, warnings);
        if (plan) run.plan = std::move(*plan);
        else error = plan.error().message;
        if (observer_)
            for (const auto& warning : warnings) observer_->warning(warning);
        if (!error) {
            EngineLogHandler engineLog;
            if (observer_ && observer_->wantsEngineLog())
                engineLog = [this](const EngineLogLine& line) { observer_->engineLog(line); };
            auto made = factory_(settings, std::move(engineLog), stop);
            if (!made) error = "engine: " + made.error().message;
            else evaluator = std::move(made.value());
        }
        if (error) {
            last = {RunStatus::Failed, *error};
        } else {
            {
                std::lock_guard lock(mutex_);
                evaluator_ = evaluator.get();
                if (paused_) evaluator->pause();  // pause was pressed while engines were starting
                else if (status_ == RunStatus::Starting) queueStatus(RunStatus::Running, "");
            }
            flushStatus();
            if (auto failed = fitEvalfit(stop, run, *evaluator)) last = *failed;
            else last = run.mode == Run::Mode::Fight ? runFight(stop, run, *evaluator) : runSingle(stop, run, *evaluator);
        }
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

std::optional<StatusChange> RunController::fitEvalfit(std::stop_token stop, Run& run, FitnessEvaluator& evaluator) {
    // K and E0 go into run.settings too: saved with the run (toExtras), so a resume scores the same.
    // Both passes report progress like a generation's, so the window shows them from the start.
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
    const EvalfitFitOutcome outcome =
        tuning::fitEvalfit(*run.plan, run.settings, evaluator, stop, onProgress, onPass, onNote);
    if (outcome.stopped) return StatusChange{RunStatus::Idle, "stopped by user before a generation completed"};
    if (outcome.failure) return StatusChange{RunStatus::Failed, *outcome.failure};
    return std::nullopt;
}

StatusChange RunController::runSingle(std::stop_token stop, Run& run, FitnessEvaluator& evaluator) {
    const TuningSettings& settings = run.settings;
    ga::RunState state = run.initial ? *run.initial : ga::startRun(settings.parameters, settings.genome, settings.start);
    state.extras = toExtras(settings);
    if (run.initial) keepHistory(*run.initial, state);  // the file's past generations stay in it
    const int total = settings.parameters.generations;
    auto stoppedReason = [&] {
        std::lock_guard lock(mutex_);
        return lastCompleted_ ? "stopped by user; kept generation " + std::to_string(lastCompleted_->generation)
                              : std::string("stopped by user before a generation completed");
    };

    if (run.mode == Run::Mode::Continue && ga::fullyEvaluated(state.population)) {
        {
            std::lock_guard lock(mutex_);
            lastCompleted_ = state;
        }
        if (state.generation + 1 >= total)
            return {RunStatus::Finished, "nothing to do: generation " + std::to_string(state.generation) +
                                             " is the last of " + std::to_string(total)};
        ga::nextGeneration(state);
    }

    for (;;) {
        run.generationsLeft = total - state.generation;
        if (!passPauseGate(stop)) return {RunStatus::Idle, stoppedReason()};
        Generation cost;
        cost.generation = state.generation;
        if (!evaluatePending(stop, run, evaluator, {&state}, cost)) return {RunStatus::Idle, stoppedReason()};

        GenerationReport report;
        report.stats = ga::computeStats(state);
        addEvalfitFigures(settings, report);
        auto addCost = [&] {
            report.searchedCandidates = cost.searched;
            report.cachedCandidates = cost.cached;
            report.cacheHitRate = hitRate(run.searched, run.cached);
            report.cache = run.cache.use();
            report.failedSearches = cost.failed;
            report.failedSearchesTotal = run.failed;
            report.limitBreakingSearches = cost.limitBreaking;
            report.limitBreakingSearchesTotal = run.limitBreaking;
            report.noisyFitness = !run.cache.enabled();
            report.wallTime = cost.wall;
            report.thinkTime = cost.think;
        };
        // The generation is kept (Save, a stop) from here on; its held-out result joins it below.
        auto keep = [&] {
            addCost();
            recordGeneration(state, report, run.recordCosts);
            std::lock_guard lock(mutex_);
            lastCompleted_ = state;
        };
        keep();

        const bool last = state.generation + 1 >= total;
        if (heldOutRound(settings, *run.plan, state.generation, last)) {
            auto heldOut = scoreHeldOut(stop, run, evaluator, state.genome, {report.stats.bestValues}, cost);
            if (!heldOut) return {RunStatus::Idle, stoppedReason()};
            report.heldOut = heldOut->front();
            keep();
        }
        run.generationsTime += cost.active;
        ++run.generationsTimed;
        if (!settings.autosave.empty())
            if (auto error = ga::savePopulation(state, settings.autosave, settings.autosavePause); error && observer_)
                observer_->warning("autosave: " + error->message);
        report.population = state.population;
        flushStatus();
        if (observer_) observer_->generationFinished(report);
        if (last)
            return {RunStatus::Finished, "all " + std::to_string(total) + " generations done (0 to " +
                                             std::to_string(state.generation) + ")"};
        ga::nextGeneration(state);
    }
}

StatusChange RunController::runFight(std::stop_token stop, Run& run, FitnessEvaluator& evaluator) {
    const TuningSettings& settings = run.settings;
    ga::RunState start = run.initial ? *run.initial : ga::startRun(settings.parameters, settings.genome, settings.start);
    start.extras = toExtras(settings);
    if (run.initial) keepHistory(*run.initial, start);
    std::vector<ga::FightLane> lanes = ga::makeFightLanes(start);
    const int total = settings.parameters.generations;
    int completed = -1;
    for (int generation = start.generation;; ++generation) {
        run.generationsLeft = total - generation;
        auto stopped = [&] {
            return StatusChange{RunStatus::Idle, completed < 0 ? std::string("stopped by user before a round completed")
                                                               : "stopped by user; kept round " +
                                                                     std::to_string(completed)};
        };
        if (!passPauseGate(stop)) return stopped();
        std::vector<ga::RunState*> states;
        for (auto& lane : lanes) states.push_back(&lane.state);
        Generation cost;
        cost.generation = generation;
        if (!evaluatePending(stop, run, evaluator, states, cost)) return stopped();

        FightRound round;
        round.generation = generation;
        for (auto& lane : lanes) {
            GenerationReport report;
            report.stats = ga::computeStats(lane.state);
            report.population = lane.state.population;
            report.lane = lane.type;
            addEvalfitFigures(settings, report);
            round.lanes.push_back(std::move(report));
        }

        const bool last = generation + 1 >= total;
        if (heldOutRound(settings, *run.plan, generation, last)) {
            std::vector<std::vector<int>> bests;
            for (const auto& report : round.lanes) bests.push_back(report.stats.bestValues);
            auto heldOut = scoreHeldOut(stop, run, evaluator, start.genome, bests, cost);
            if (!heldOut) return stopped();
            for (std::size_t i = 0; i < round.lanes.size(); ++i) round.lanes[i].heldOut = (*heldOut)[i];
        }
        // Run totals on every lane; the round's cost once, on the round.
        for (auto& report : round.lanes) {
            report.cacheHitRate = hitRate(run.searched, run.cached);
            report.cache = run.cache.use();
            report.failedSearchesTotal = run.failed;
            report.limitBreakingSearchesTotal = run.limitBreaking;
            report.noisyFitness = !run.cache.enabled();
        }
        // Each lane's file keeps its own statistics (the cost is the round's, not a lane's).
        for (std::size_t i = 0; i < lanes.size(); ++i) recordGeneration(lanes[i].state, round.lanes[i], false);
        run.generationsTime += cost.active;
        ++run.generationsTimed;
        if (!settings.autosave.empty())
            for (const auto& lane : lanes)
                if (auto error = ga::savePopulation(lane.state, fightLaneFile(settings.autosave, lane.type),
                                                          settings.autosavePause);
                    error && observer_)
                    observer_->warning("autosave: " + error->message);
        round.searchedCandidates = cost.searched;
        round.cachedCandidates = cost.cached;
        round.failedSearches = cost.failed;
        round.limitBreakingSearches = cost.limitBreaking;
        round.wallTime = cost.wall;
        round.thinkTime = cost.think;
        for (std::size_t i = 0; i < lanes.size(); ++i) lanes[i].history.push_back(round.lanes[i].stats);
        completed = generation;
        {
            std::lock_guard lock(mutex_);
            fightLanes_ = lanes;
        }
        flushStatus();
        if (observer_) observer_->fightRoundFinished(round);
        if (last)
            return {RunStatus::Finished, "fight: all " + std::to_string(total) + " generations done (0 to " +
                                             std::to_string(generation) + ")"};
        for (auto& lane : lanes) ga::nextGeneration(lane.state);
    }
}

bool RunController::evaluatePending(std::stop_token stop, Run& run, FitnessEvaluator& evaluator,
                                    const std::vector<ga::RunState*>& states, Generation& out) {
    // Who needs a fitness, and which distinct chromosomes must really be searched. With a
    // deterministic limit, members with equal values share one search and earlier results count.
    struct Need {
        ga::RunState* state;
        std::size_t member;
        std::vector<int> values;
    };
    std::vector<Need> needs;
    // Work that changes every generation (games: new openings) scores every member on it, the
    // ones that kept a fitness from an earlier generation too.
    if (run.plan->changesEachGeneration())
        for (ga::RunState* state : states)
            for (auto& member : state->population) member.fitness.reset();
    for (ga::RunState* state : states)
        for (ga::Member& member : state->population)
            if (member.fitness && run.provisional.contains(ga::decode(state->genome, member.chromosome)))
                member.fitness.reset();
    for (ga::RunState* state : states)
        for (std::size_t i : ga::pendingMembers(state->population))
            needs.push_back({state, i, ga::decode(state->genome, state->population[i].chromosome)});

    const FitnessWork work = run.plan->mainWork(out.generation);
    const std::int64_t workKey = run.plan->mainKey(out.generation);
    std::vector<Candidate> candidates;
    std::map<std::vector<int>, std::size_t> candidateOf;  // deterministic mode only
    std::vector<std::size_t> needCandidate(needs.size(), SIZE_MAX);
    std::vector<std::optional<CandidateScore>> cachedScore(needs.size());
    for (std::size_t n = 0; n < needs.size(); ++n) {
        const auto& values = needs[n].values;
        if (auto hit = run.cache.find(workKey, values)) {
            cachedScore[n] = std::move(hit);
            ++out.cached;
            continue;
        }
        if (run.cache.enabled()) {
            auto [it, inserted] = candidateOf.try_emplace(values, candidates.size());
            if (!inserted) {
                needCandidate[n] = it->second;
                ++out.cached;  // a duplicate within the generation costs nothing either
                continue;
            }
        }
        needCandidate[n] = candidates.size();
        candidates.push_back(makeCandidate(needs[n].state->genome, values));
    }
    out.searched = candidates.size();

    std::vector<CandidateScore> scores;
    if (!candidates.empty()) {
        const auto started = Clock::now();
        const std::size_t totalUnits = candidates.size() * unitsPerCandidate(work);
        RunProgress base;
        base.generation = out.generation;
        base.unit = workUnit(work);
        base.candidatesToSearch = candidates.size();
        ProgressMeter meter(started, run.unitsDone, run.evaluationTime);
        const ProgressHandler onProgress = progressReporter(run, base, meter, std::max(0, run.generationsLeft - 1));
        onProgress({0, totalUnits, 0});  // the bar shows this generation before its first answer
        scores = evaluator.evaluate(work, candidates, stop, onProgress);
        out.wall = Clock::now() - started;
        out.active += meter.activeTime();
        run.evaluationTime += meter.activeTime();
        if (stop.stop_requested() || scores.size() != candidates.size()) return false;
        for (const auto& score : scores)
            if (!score.complete()) return false;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            run.cache.store(workKey, candidates[c].values, scores[c]);
            out.failed += static_cast<std::size_t>(scores[c].failed);
            for (const PositionResult& position : scores[c].positions)
                if (position.scored && uci::nodesLimitBreak(searchLimit(run.settings.parameters), position.nodes) != uci::LimitBreak::None)
                    ++out.limitBreaking;
            out.think += scores[c].thinkTime;
        }
        run.unitsDone += totalUnits;
    }

    for (std::size_t n = 0; n < needs.size(); ++n) {
        const CandidateScore& score = cachedScore[n] ? *cachedScore[n] : scores[needCandidate[n]];
        needs[n].state->population[needs[n].member].fitness = score.fitness;
        ++needs[n].state->evaluations;
        if (score.failed > 0)
            run.provisional.insert(needs[n].values);
        else
            run.provisional.erase(needs[n].values);
    }
    run.searched += out.searched;
    run.cached += out.cached;
    run.failed += out.failed;
    run.limitBreaking += out.limitBreaking;
    return true;
}

std::optional<std::vector<HeldOutResult>> RunController::scoreHeldOut(std::stop_token stop, Run& run,
                                                                      FitnessEvaluator& evaluator,
                                                                      const ga::Genome& genome,
                                                                      const std::vector<std::vector<int>>& bests,
                                                                      Generation& out) {
    // Each distinct chromosome not scored on the held-out work before is searched once.
    const FitnessWork work = run.plan->heldOutWork(out.generation);
    const std::int64_t workKey = run.plan->heldOutKey(out.generation);
    std::vector<Candidate> candidates;
    std::map<std::vector<int>, CandidateScore> scored;
    for (const auto& values : bests) {
        if (scored.contains(values)) continue;
        if (auto hit = run.cache.find(workKey, values)) scored.emplace(values, std::move(*hit));
        else if (std::none_of(candidates.begin(), candidates.end(), [&](const Candidate& c) { return c.values == values; }))
            candidates.push_back(makeCandidate(genome, values));
    }
    if (!candidates.empty()) {
        const auto started = Clock::now();
        RunProgress base;
        base.generation = out.generation;
        base.heldOut = true;
        base.unit = workUnit(work);
        base.candidatesToSearch = candidates.size();
        // No rate from earlier held-out passes is kept: the main evaluations' is a fair guess
        // only when the work is alike, so the ETA waits for this pass's first unit.
        ProgressMeter meter(started, 0, Clock::duration{});
        const ProgressHandler onProgress = progressReporter(run, base, meter, std::max(0, run.generationsLeft - 1));
        onProgress({0, candidates.size() * unitsPerCandidate(work), 0});
        auto scores = evaluator.evaluate(work, candidates, stop, onProgress);
        out.wall += Clock::now() - started;
        out.active += meter.activeTime();
        if (stop.stop_requested() || scores.size() != candidates.size()) return std::nullopt;
        for (const auto& score : scores)
            if (!score.complete()) return std::nullopt;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            out.think += scores[c].thinkTime;
            run.cache.store(workKey, candidates[c].values, scores[c]);
            scored.emplace(candidates[c].values, std::move(scores[c]));
        }
    }
    std::vector<HeldOutResult> results;
    for (const auto& values : bests) {
        const CandidateScore& score = scored.at(values);
        results.push_back({score.fitness, score.solved, score.scored, score.failed, unitsPerCandidate(work),
                           workUnit(work), score.error});
    }
    return results;
}

std::filesystem::path fightLaneFile(const std::filesystem::path& autosave, ga::SelectionType lane) {
    if (autosave.empty()) return {};
    std::filesystem::path file = autosave;
    file.replace_filename(autosave.stem().string() + "." + std::string(ga::selectionName(lane)) +
                          autosave.extension().string());
    return file;
}

}  // namespace mf::tuning
