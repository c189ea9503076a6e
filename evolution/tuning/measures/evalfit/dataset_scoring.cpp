#include "evolution/tuning/measures/evalfit/dataset_scoring.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <ostream>
#include <tuple>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_uci_path.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"

namespace mf::tuning {

namespace {

// Which positions an engine process holds: the same file, size and chunk is the same positions
// (a run's main and held-out data sets differ by file).
using ChunkKey = std::tuple<std::string, std::size_t, std::size_t, std::size_t, dataset::EvalfitPath>;

ChunkKey keyOf(const DatasetWork& work, const DatasetItem& item) {
    return {work.file, work.size(), item.first, item.count, work.path};
}

dataset::EvalfitEngineConfig scorerConfig(const EngineSpec& engine, const DatasetWork& work, const uci::LineTap& tap = {}) {
    dataset::EvalfitEngineConfig config = evalfitEngineOf(engine);
    config.workers = 1;
    config.path = work.path;
    config.uciLimit = work.uciLimit;
    config.lineTap = tap;
    return config;
}

// One engine process for the chunk's positions (workers 1: this thread drives it).
Result<std::unique_ptr<dataset::EvalfitScorer>> startScorer(const EngineSpec& engine, const DatasetWork& work,
                                                            const DatasetItem& item, std::stop_token stop,
                                                            const uci::LineTap& tap) {
    if (work.path != dataset::EvalfitPath::Fast) {  // auto: the engine may need its FENs for the uci path
        auto fens = work.positions->fens(item.first, item.count);
        if (!fens) return fens.error();
        return dataset::EvalfitScorer::create(scorerConfig(engine, work, tap), std::move(*fens), stop);
    }
    // The engine reads its positions from a file: written a block at a time from the data set, so
    // the run never holds the FENs of a whole chunk (on the fast path, the whole data set) at once.
    constexpr std::size_t kBlock = 8192;
    std::optional<Error> failure;
    auto write = [&](std::ostream& out) {
        for (std::size_t first = item.first; first < item.first + item.count; first += kBlock) {
            auto fens = work.positions->fens(first, std::min(kBlock, item.first + item.count - first));
            if (!fens) {
                failure = fens.error();
                return false;
            }
            for (const std::string& fen : *fens) out << fen << '\n';
        }
        return true;
    };
    auto file = std::make_unique<dataset::PositionsFile>(write);
    if (failure) return *failure;
    return dataset::EvalfitScorer::createFast(scorerConfig(engine, work, tap), std::move(file), item.count, stop);
}

// The uci path needs nothing loaded: one process per thread serves every chunk of every data set.
DatasetItemResult scoreThroughUci(std::unique_ptr<uci::EngineSession>& session, const EngineSpec& engine,
                                  const DatasetWork& work, const DatasetItem& item, const uci::OptionValues& options,
                                  std::stop_token stop, const uci::LineTap& tap, std::size_t worker) {
    if (!session) {
        uci::EngineConfig config = dataset::engineConfigFor(scorerConfig(engine, work, tap), dataset::EvalfitPath::Uci);
        session = std::make_unique<uci::EngineSession>(std::move(config), worker);
    }
    DatasetItemResult result;
    auto fens = work.positions->fens(item.first, item.count);
    if (!fens) {
        result.failure = fens.error().message;
        return result;
    }
    dataset::CandidateScores scores = dataset::scoreThroughUci(*session, *fens, 0, item.count, options, work.uciLimit, stop);
    if (scores.failure.empty()) result.q = std::move(scores.q);
    else if (stop.stop_requested()) result.cancelled = true;
    else result.failure = "engine " + engine.program.string() + ": " + scores.failure;
    return result;
}

// The item's share of E's sum, so that a candidate's scores of a whole data set are not kept
// until every item is in (a run's fast-path candidates would hold 16 bytes a position each).
double squaredErrorSum(const DatasetWork& work, const DatasetItem& item, const std::vector<int>& q) {
    double sum = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i) {
        const double miss = work.positions->result(item.first + i) - dataset::expectedScore(q[i], work.k);
        sum += miss * miss;
    }
    return sum;
}

}  // namespace

LocalDatasetScoring::LocalDatasetScoring(EngineSpec engine, std::size_t workers, uci::LineTap lineTap)
    : engine_(std::move(engine)), lineTap_(std::move(lineTap)), traces_(engine_, lineTap_) {
    const std::size_t n = workers > 0 ? workers : std::max<std::size_t>(1, std::thread::hardware_concurrency());
    for (std::size_t w = 0; w < n; ++w) threads_.emplace_back([this, w](std::stop_token quit) { loop(quit, w); });
}

LocalDatasetScoring::~LocalDatasetScoring() {
    for (auto& thread : threads_) thread.request_stop();
    wake_.notify_all();
    threads_.clear();  // joins
    for (Job& job : jobs_) {
        DatasetItemResult cancelled;
        cancelled.cancelled = true;
        job.done(std::move(cancelled));
    }
}

void LocalDatasetScoring::score(const DatasetWork& work, const DatasetItem& item, const uci::OptionValues& options,
                                std::stop_token stop, Done done) {
    {
        std::lock_guard lock(mutex_);
        jobs_.push_back(Job{&work, item, options, stop, std::move(done)});
    }
    wake_.notify_one();
}

void LocalDatasetScoring::loop(std::stop_token quit, std::size_t worker) {
    // This thread's engine processes on the fast path, one per chunk of positions it has met (a
    // run meets two: the data set and the held-out one; more are dropped oldest-first to bound
    // the processes); on the uci path one process for everything.
    constexpr std::size_t kMaxChunks = 4;
    std::vector<std::pair<ChunkKey, std::unique_ptr<dataset::EvalfitScorer>>> scorers;
    std::unique_ptr<uci::EngineSession> uciSession;
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, quit, [&] { return !jobs_.empty(); })) return;
            job = std::move(jobs_.front());
            jobs_.pop_front();
        }
        DatasetItemResult result;
        if (job.stop.stop_requested()) {
            result.cancelled = true;
            job.done(std::move(result));
            continue;
        }
        if (job.work->path == dataset::EvalfitPath::Trace) {
            job.done(traces_.score(*job.work, job.item, job.options, job.stop));
            continue;
        }
        if (job.work->path == dataset::EvalfitPath::Uci) {
            job.done(scoreThroughUci(uciSession, engine_, *job.work, job.item, job.options, job.stop, lineTap_, worker));
            continue;
        }
        const ChunkKey key = keyOf(*job.work, job.item);
        auto it = std::find_if(scorers.begin(), scorers.end(), [&](const auto& s) { return s.first == key; });
        if (it == scorers.end()) {
            auto made = startScorer(engine_, *job.work, job.item, job.stop, lineTap_);
            if (!made) {
                // Not kept: the next item tries to start the engine again.
                if (job.stop.stop_requested()) result.cancelled = true;
                else result.failure = made.error().message;
                job.done(std::move(result));
                continue;
            }
            if (scorers.size() >= kMaxChunks) scorers.erase(scorers.begin());
            scorers.emplace_back(key, std::move(*made));
            it = scorers.end() - 1;
        }
        auto scores = it->second->score({job.options}, job.stop);
        if (scores.size() != 1) {
            result.failure = "the scorer gave no result";
        } else if (!scores[0].failure.empty()) {
            if (job.stop.stop_requested()) result.cancelled = true;
            else result.failure = std::move(scores[0].failure);
        } else if (scores[0].q.size() != job.item.count) {
            result.failure = "the engine gave " + std::to_string(scores[0].q.size()) + " scores for " +
                             std::to_string(job.item.count) + " positions";
        } else if (job.work->keepScores || job.work->startError <= 0.0) {
            // The fit wants every q; a work without its K (an MPI worker rank's: K stays on rank
            // 0) sends q for rank 0 to sum.
            result.q = std::move(scores[0].q);
        } else {
            result.squaredErrorSum = squaredErrorSum(*job.work, job.item, scores[0].q);
        }
        job.done(std::move(result));
    }
}

}  // namespace mf::tuning
