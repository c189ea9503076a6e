#include "evolution/tuning/local_evaluator.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>

#include "engine/notation.h"
#include "engine/position.h"
#include "evolution/uci/epd_scoring.h"
#include "evolution/uci/local_engine_pool.h"

namespace mf::tuning {

namespace {

std::string joined(const std::vector<std::string>& moves) {
    std::string text;
    for (const auto& move : moves) text += (text.empty() ? "" : " ") + move;
    return text;
}

std::string expectedText(const uci::SuitePosition& position) {
    std::string text;
    if (!position.bestSan.empty()) text = "bm " + joined(position.bestSan);
    if (!position.avoidSan.empty()) text += (text.empty() ? "am " : "; am ") + joined(position.avoidSan);
    if (text.empty() && !position.points.empty()) text = "points";
    return text;
}

// The move in SAN when it is legal on the position, else as the engine sent it.
std::string playedText(const uci::SuitePosition& position, const std::string& move) {
    if (move.empty()) return "-";
    auto board = Position::fromFen(position.fen);
    if (!board) return move;
    auto parsed = parseUciMove(*board, move);
    return parsed ? toSan(*board, *parsed) : move;
}

}  // namespace

// One evaluate() call: positions are dispatched one request at a time, at most `workers` in
// flight, so pausing is exact (nothing queued inside the pool) and in-flight searches are counted.
struct LocalEvaluator::Job {
    const uci::Suite* suite = nullptr;
    const std::vector<Candidate>* candidates = nullptr;
    const ScoringRule* rule = nullptr;
    std::stop_token stop;
    std::size_t total = 0;
    std::size_t next = 0;
    std::size_t inFlight = 0;
    std::size_t done = 0;
    std::vector<uci::SearchResult> results;
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

Result<std::unique_ptr<LocalEvaluator>> LocalEvaluator::create(const EngineSpec& engine, std::size_t workers,
                                                               EngineLogHandler engineLog) {
    auto sink = std::make_shared<LogSink>();
    // On before the first process starts: the handshake is in the log.
    sink->enabled.store(static_cast<bool>(engineLog), std::memory_order_relaxed);
    uci::EngineConfig config;
    config.command.program = engine.program;
    config.command.arguments = engine.arguments;
    config.startOptions = engine.fixedOptions;
    config.lineTap = [sink](std::size_t worker, uci::LineDirection direction, std::string_view line) {
        if (!sink->enabled.load(std::memory_order_relaxed)) return;
        std::lock_guard lock(sink->mutex);
        if (sink->lines.size() < LogSink::kMaxLines)
            sink->lines.push_back({worker, logDirection(direction), std::string(line)});
        else
            ++sink->dropped;
    };
    auto pool = uci::LocalEnginePool::create(config, workers);
    if (!pool) {
        // What the engines said before failing is often the best clue.
        if (engineLog) {
            std::vector<EngineLogLine> lines;
            {
                std::lock_guard lock(sink->mutex);
                lines.swap(sink->lines);
            }
            for (const auto& line : lines) engineLog(line);
        }
        return Error{engine.program.string() + ": " + pool.error().message};
    }
    auto evaluator = std::make_unique<LocalEvaluator>(std::move(pool.value()));
    evaluator->log_ = std::move(sink);
    evaluator->logHandler_ = std::move(engineLog);
    evaluator->deliverLog();
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

LocalEvaluator::LocalEvaluator(std::unique_ptr<uci::SearchService> service) : service_(std::move(service)) {}

LocalEvaluator::~LocalEvaluator() = default;

std::size_t LocalEvaluator::workers() const { return service_->workers(); }

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
    const std::size_t positions = job.suite->positions.size();
    while (!paused_ && !job.stop.stop_requested() && job.inFlight < service_->workers() && job.next < job.total) {
        const std::size_t index = job.next++;
        const Candidate& candidate = (*job.candidates)[index / positions];
        uci::SearchRequest request;
        request.id = index;
        request.fen = job.suite->positions[index % positions].fen;
        request.limit = job.rule->limit;
        request.options = candidate.options;
        ++job.inFlight;
        // The handler runs on a pool worker: it dispatches the next position at once, so the
        // engine that just finished is busy again without a round trip through our thread.
        service_->submit({std::move(request)}, job.stop, [this, &job](const uci::SearchResult& result) {
            std::lock_guard lock(mutex_);
            job.results[result.id] = result;
            --job.inFlight;
            ++job.done;
            dispatch(job);
            wake_.notify_all();
        });
    }
}

std::vector<CandidateScore> LocalEvaluator::evaluate(const uci::Suite& suite, const std::vector<Candidate>& candidates,
                                                     const ScoringRule& rule, std::stop_token stop,
                                                     const ProgressHandler& onProgress) {
    Job job;
    job.suite = &suite;
    job.candidates = &candidates;
    job.rule = &rule;
    job.stop = stop;
    job.total = candidates.size() * suite.positions.size();
    job.results.resize(job.total);
    for (auto& result : job.results) result.status = uci::SearchStatus::Cancelled;

    // Before the lock: a callback registered on an already stopped token runs at once.
    std::stop_callback onStop(stop, [this] {
        std::lock_guard guard(mutex_);
        wake_.notify_all();
    });
    std::unique_lock lock(mutex_);
    job_ = &job;
    dispatch(job);
    for (;;) {
        const bool finished = job.done == job.total || (stop.stop_requested() && job.inFlight == 0);
        const EvaluationProgress progress{job.done, job.total, job.inFlight};
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

    std::vector<CandidateScore> scores(candidates.size());
    const std::size_t positions = suite.positions.size();
    for (std::size_t index = 0; index < job.total; ++index) {
        const uci::SearchResult& result = job.results[index];
        const uci::SuitePosition& position = suite.positions[index % positions];
        CandidateScore& score = scores[index / positions];
        const uci::PositionScore scored = uci::scorePosition(position, result, rule.limit, uci::PrizeRule{rule.prize});
        PositionResult out;
        out.line = position.line;
        out.id = position.id;
        out.expected = expectedText(position);
        out.played = playedText(position, result.bestMove);
        out.scored = scored.scored;
        out.solved = scored.solved;
        out.points = scored.points;
        out.score = scored.scored ? positionScore(scored.solved, scored.points, scored.settleFraction, rule) : 0.0;
        out.timeMs = std::chrono::duration_cast<std::chrono::milliseconds>(result.thinkTime).count();
        out.settleMs = result.settled.timeMs;
        out.depth = result.depth;
        out.nodes = result.nodes;
        if (result.status == uci::SearchStatus::Cancelled) out.failure = std::string(kCancelledFailure);
        else if (!scored.scored) out.failure = result.failure.empty() ? "search failed" : result.failure;
        if (scored.scored) {
            score.thinkTime += result.thinkTime;
            if (!position.points.empty()) score.maxPoints += position.maxPoints();
        }
        score.positions.push_back(std::move(out));
    }
    for (auto& score : scores) summarize(score);
    return scores;
}

EvaluatorFactory localEvaluatorFactory() {
    return [](const TuningSettings& settings, EngineLogHandler engineLog) -> Result<std::unique_ptr<FitnessEvaluator>> {
        auto made = LocalEvaluator::create(settings.engine, settings.workers, std::move(engineLog));
        if (!made) return made.error();
        return std::unique_ptr<FitnessEvaluator>(std::move(made.value()));
    };
}

}  // namespace mf::tuning
