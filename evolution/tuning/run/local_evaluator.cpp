#include "evolution/tuning/run/local_evaluator.h"

#include "evolution/tuning/setup/engine_genome.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>

#include <thread>
#include <type_traits>

#include "evolution/tuning/measures/games/baseline.h"
#include "evolution/uci/local_engine_pool.h"

namespace mf::tuning {

// One evaluate() call: items are dispatched one at a time, at most `workers` in flight, so
// pausing is exact (nothing queued inside the pool) and in-flight items are counted.
struct LocalEvaluator::Job {
    const FitnessWork* work = nullptr;
    const std::vector<Candidate>* candidates = nullptr;
    std::stop_token stop;
    std::vector<WorkItem> items;
    std::vector<std::optional<ItemResult>> results;
    std::size_t next = 0;
    std::size_t inFlight = 0;
    std::size_t unitsDone = 0;
    std::size_t unitsTotal = 0;
};

// Engine lines wait here between the pool's workers (who write) and evaluate() (who delivers).
// Off by default: then the tap returns after one relaxed load, nothing is copied.
struct LocalEvaluator::LogSink {
    static constexpr std::size_t kMaxLines = 50'000;  // an engine flooding output must not eat memory
    std::atomic<bool> enabled{false};
    std::mutex mutex;
    std::vector<EngineLogLine> lines;
    std::size_t dropped = 0;
};

namespace {

EngineLogLine::Direction logDirection(uci::LineDirection direction) {
    switch (direction) {
    case uci::LineDirection::Sent: return EngineLogLine::Direction::Sent;
    case uci::LineDirection::Received: return EngineLogLine::Direction::Received;
    case uci::LineDirection::Note: return EngineLogLine::Direction::Note;
    }
    return EngineLogLine::Direction::Note;
}

}  // namespace

namespace {

uci::EngineConfig engineConfig(const EngineSpec& engine, const uci::LineTap& tap) {
    uci::EngineConfig config = engineConfigOf(engine);
    config.lineTap = tap;
    return config;
}

std::size_t resolvedWorkers(std::size_t workers) {
    return workers > 0 ? workers : std::max<std::size_t>(1, std::thread::hardware_concurrency());
}

}  // namespace

std::shared_ptr<LocalEvaluator::LogSink> LocalEvaluator::makeSink(bool enabled) {
    auto sink = std::make_shared<LogSink>();
    // On before the first process starts: the handshake is in the log.
    sink->enabled.store(enabled, std::memory_order_relaxed);
    return sink;
}

uci::LineTap LocalEvaluator::tapInto(std::shared_ptr<LogSink> sink) {
    return [sink](std::size_t worker, uci::LineDirection direction, std::string_view line) {
        if (!sink->enabled.load(std::memory_order_relaxed)) return;
        std::lock_guard lock(sink->mutex);
        if (sink->lines.size() < LogSink::kMaxLines)
            sink->lines.push_back({worker, logDirection(direction), std::string(line)});
        else
            ++sink->dropped;
    };
}

void LocalEvaluator::flushFailedStart(LogSink& sink, const EngineLogHandler& engineLog) {
    // What the engines said before failing is often the best clue.
    if (!engineLog) return;
    std::vector<EngineLogLine> lines;
    {
        std::lock_guard lock(sink.mutex);
        lines.swap(sink.lines);
    }
    for (const auto& line : lines) engineLog(line);
}

Result<std::unique_ptr<LocalEvaluator>> LocalEvaluator::create(const EngineSpec& engine, std::size_t workers,
                                                               EngineLogHandler engineLog, std::stop_token stop) {
    auto sink = makeSink(static_cast<bool>(engineLog));
    auto pool = uci::LocalEnginePool::create(engineConfig(engine, tapInto(sink)), workers, stop);
    if (!pool) {
        flushFailedStart(*sink, engineLog);
        return Error{engine.program.string() + ": " + pool.error().message};
    }
    auto evaluator = std::make_unique<LocalEvaluator>(std::move(pool.value()));
    evaluator->log_ = std::move(sink);
    evaluator->logHandler_ = std::move(engineLog);
    evaluator->deliverLog();
    return evaluator;
}

Result<std::unique_ptr<LocalEvaluator>> LocalEvaluator::createForGames(const EngineSpec& engine,
                                                                       const EngineSpec& baseline,
                                                                       const uci::OptionValues& baselineOptions,
                                                                       std::size_t workers,
                                                                       EngineLogHandler engineLog,
                                                                       std::stop_token stop) {
    auto sink = makeSink(static_cast<bool>(engineLog));
    uci::EngineConfig mine = engineConfig(engine, tapInto(sink));
    uci::EngineConfig theirs = engineConfig(baseline, tapInto(sink));
    // The game runner sends "ucinewgame" before each game itself; not before every move.
    mine.newGame = theirs.newGame = uci::NewGamePolicy::Never;
    auto players = GamePlayers::create(mine, theirs, resolvedWorkers(workers), stop);
    if (!players) {
        flushFailedStart(*sink, engineLog);
        return players.error();
    }
    // A baseline the engine refuses would forfeit every game: say so before anything is played.
    if (auto problem = uci::checkOptionValues((*players)->baselineIdentity(), baselineOptions)) {
        flushFailedStart(*sink, engineLog);
        return Error{"baseline: " + *problem};
    }
    auto evaluator = std::make_unique<LocalEvaluator>(std::unique_ptr<GamePairService>(std::move(players.value())));
    evaluator->log_ = std::move(sink);
    evaluator->logHandler_ = std::move(engineLog);
    evaluator->deliverLog();
    return evaluator;
}

std::unique_ptr<LocalEvaluator> LocalEvaluator::createForDatasets(const EngineSpec& engine, std::size_t workers,
                                                                  EngineLogHandler engineLog) {
    auto sink = makeSink(static_cast<bool>(engineLog));
    auto evaluator = std::make_unique<LocalEvaluator>(
        std::unique_ptr<DatasetScoringService>(std::make_unique<LocalDatasetScoring>(engine, workers, tapInto(sink))));
    evaluator->log_ = std::move(sink);
    evaluator->logHandler_ = std::move(engineLog);
    return evaluator;
}

void LocalEvaluator::setEngineLog(EngineLogHandler handler) {
    std::lock_guard lock(mutex_);
    logHandler_ = std::move(handler);
    if (log_) log_->enabled.store(static_cast<bool>(logHandler_), std::memory_order_relaxed);
}

void LocalEvaluator::deliverLog() {
    if (!log_) return;
    std::vector<EngineLogLine> lines;
    std::size_t dropped = 0;
    {
        std::lock_guard lock(log_->mutex);
        lines.swap(log_->lines);
        std::swap(dropped, log_->dropped);
    }
    EngineLogHandler handler;
    {
        std::lock_guard lock(mutex_);
        handler = logHandler_;
    }
    if (!handler) return;
    for (const auto& line : lines) handler(line);
    if (dropped > 0)
        handler({0, EngineLogLine::Direction::Note, std::to_string(dropped) + " engine lines dropped (log full)"});
}

LocalEvaluator::LocalEvaluator(std::unique_ptr<uci::SearchService> service)
    : service_(std::move(service)), runner_(ItemRunner::runningOn<uci::SearchService>(service_.get())) {}

LocalEvaluator::LocalEvaluator(std::unique_ptr<GamePairService> players)
    : players_(std::move(players)), runner_(ItemRunner::runningOn<GamePairService>(players_.get())) {}

LocalEvaluator::LocalEvaluator(std::unique_ptr<DatasetScoringService> scoring)
    : scoring_(std::move(scoring)), runner_(ItemRunner::runningOn<DatasetScoringService>(scoring_.get())) {}

LocalEvaluator::~LocalEvaluator() = default;

std::size_t LocalEvaluator::workers() const { return runner_.workers(); }

void LocalEvaluator::pause() {
    std::lock_guard lock(mutex_);
    paused_ = true;
}

void LocalEvaluator::resume() {
    std::lock_guard lock(mutex_);
    paused_ = false;
    if (job_) dispatch(*job_);
    wake_.notify_all();
}

void LocalEvaluator::dispatch(Job& job) {
    while (!paused_ && !job.stop.stop_requested() && job.inFlight < runner_.workers() && job.next < job.items.size()) {
        const std::size_t index = job.next++;
        ++job.inFlight;
        // The handler runs on a pool worker: it dispatches the next item at once, so the engine
        // that just finished is busy again without a round trip through our thread.
        runner_.run(*job.work, *job.candidates, job.items[index], job.stop, [this, &job, index](ItemResult result) {
            std::lock_guard lock(mutex_);
            job.results[index] = std::move(result);
            --job.inFlight;
            job.unitsDone += itemUnits(job.items[index]);
            dispatch(job);
            wake_.notify_all();
        });
    }
}

std::vector<CandidateScore> LocalEvaluator::evaluate(const FitnessWork& work, const std::vector<Candidate>& candidates,
                                                     std::stop_token stop, const ProgressHandler& onProgress) {
    Job job;
    job.work = &work;
    job.candidates = &candidates;
    job.stop = stop;
    job.items = splitWork(work, candidates.size());
    job.results.resize(job.items.size());
    for (const WorkItem& item : job.items) job.unitsTotal += itemUnits(item);

    // Before the lock: a callback registered on an already stopped token runs at once.
    std::stop_callback onStop(stop, [this] {
        std::lock_guard guard(mutex_);
        wake_.notify_all();
    });
    std::unique_lock lock(mutex_);
    job_ = &job;
    dispatch(job);
    for (;;) {
        const bool finished =
            job.unitsDone == job.unitsTotal || (stop.stop_requested() && job.inFlight == 0);
        const EvaluationProgress progress{job.unitsDone, job.unitsTotal, job.inFlight};
        if (finished) {
            job_ = nullptr;
            lock.unlock();
            deliverLog();
            if (onProgress) onProgress(progress);
            break;
        }
        lock.unlock();
        deliverLog();
        if (onProgress) onProgress(progress);
        lock.lock();
        wake_.wait_for(lock, std::chrono::milliseconds(50));
    }
    // Items never dispatched (stopped) are merged as cancelled.
    return mergeResults(work, candidates.size(), job.items, job.results);
}

namespace {

using MadeEvaluator = Result<std::unique_ptr<FitnessEvaluator>>;

// A local evaluator for each kind of service a measure runs its items on.
MadeEvaluator makeFor(std::type_identity<uci::SearchService>, const TuningSettings& settings,
                      EngineLogHandler engineLog, std::stop_token stop) {
    auto made = LocalEvaluator::create(settings.engine, settings.workers, std::move(engineLog), stop);
    if (!made) return made.error();
    // Before anything is searched: a genome the engine cannot take would score every chromosome 0.
    if (auto mismatch = checkGenomeAgainstEngine(settings.genome, (*made)->service().engine().options))
        return Error{settings.engine.program.string() + ": " + *mismatch};
    return std::unique_ptr<FitnessEvaluator>(std::move(made.value()));
}

MadeEvaluator makeFor(std::type_identity<GamePairService>, const TuningSettings& settings, EngineLogHandler engineLog,
                      std::stop_token stop) {
    auto baseline = resolveBaseline(measureSetup(settings), settings.of<GamesSettings>());
    if (!baseline) return baseline.error();
    auto made = LocalEvaluator::createForGames(settings.engine, baseline->engine, baseline->side.options,
                                               settings.workers, std::move(engineLog), stop);
    if (!made) return made.error();
    return std::unique_ptr<FitnessEvaluator>(std::move(made.value()));
}

MadeEvaluator makeFor(std::type_identity<DatasetScoringService>, const TuningSettings& settings,
                      EngineLogHandler engineLog, std::stop_token) {
    return std::unique_ptr<FitnessEvaluator>(
        LocalEvaluator::createForDatasets(settings.engine, settings.workers, std::move(engineLog)));
}

}  // namespace

EvaluatorFactory localEvaluatorFactory() {
    return [](const TuningSettings& settings, EngineLogHandler engineLog, std::stop_token stop) -> MadeEvaluator {
        std::optional<MadeEvaluator> made;
        Measures::with(settings.measure, [&]<class M>() {
            made = makeFor(std::type_identity<typename M::Service>{}, settings, std::move(engineLog), stop);
        });
        if (!made) return Error{"measure " + std::string(fitnessMeasureName(settings.measure)) + ": no such measure"};
        return std::move(*made);
    };
}

}  // namespace mf::tuning
