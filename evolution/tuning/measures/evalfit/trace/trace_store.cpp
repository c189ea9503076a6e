#include "evolution/tuning/measures/evalfit/trace/trace_store.h"

#include <span>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "evolution/tuning/measures/evalfit/trace/difference_trace.h"
#include "evolution/tuning/measures/evalfit/trace/engine_trace.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"
#include "evolution/tuning/measures/evalfit/trace/trace_cache.h"

namespace mf::tuning {

namespace {

std::string pointText(const uci::OptionValues& point) {
    std::string text;
    for (const auto& [name, value] : point) text += name + '=' + value + '\n';
    return text;
}

dataset::EvalfitEngineConfig configFor(const EngineSpec& engine, const DatasetWork& work, const uci::LineTap& tap) {
    dataset::EvalfitEngineConfig config = evalfitEngineOf(engine);
    config.workers = 1;
    config.path = work.trace.direct;
    config.uciLimit = work.uciLimit;
    config.lineTap = tap;
    return config;
}

// Candidates set the genome's terms only (the trace point names each of them): the engine's other
// terms are folded into the rows' constants once, so a candidate's pass reads fewer columns.
TraceChunk foldedForGenome(TraceChunk chunk, const DatasetWork& work) {
    if (!chunk.failure.empty()) return chunk;
    std::vector<std::string> genome;
    for (const auto& [name, value] : work.trace.point) genome.push_back(name);
    std::string missing;
    dataset::TraceTable folded = dataset::foldFixedColumns(chunk.table, genome, chunk.base, missing);
    if (missing.empty()) chunk.table = std::move(folded);
    chunk.table = chunk.table.packed();  // kept for the whole run: its rows, in pages of their own
#if defined(__GLIBC__)
    // The rows were built, folded and copied to size in this thread's arena; glibc keeps what was
    // freed there for the next allocation unless asked, and a run holds its peak for hours: give
    // the free pages back (a few milliseconds a chunk of 8192 positions).
    malloc_trim(0);
#endif
    return chunk;
}

}  // namespace

TraceStore::TraceStore(EngineSpec engine, uci::LineTap lineTap)
    : engine_(std::move(engine)), lineTap_(std::move(lineTap)) {}

TraceChunk traceChunk(const EngineSpec& engine, const uci::LineTap& lineTap, const DatasetWork& work,
                      const DatasetItem& item, std::stop_token stop) {
    TraceChunk chunk;
    auto fens = work.positions->fens(item.first, item.count);
    if (!fens) {
        chunk.failure = fens.error().message;
        return chunk;
    }
    const dataset::EvalfitEngineConfig config = configFor(engine, work, lineTap);
    if (work.trace.source == dataset::TraceSource::Engine) {
        auto traced = dataset::traceThroughEngine(config, *fens, work.trace.point, stop);
        if (!traced) chunk.failure = "evalfit trace: " + traced.error().message;
        else {
            chunk.table = std::move(traced->table);
            chunk.base = work.trace.point;
            chunk.base.insert(chunk.base.end(), traced->engineDefaults.begin(), traced->engineDefaults.end());
        }
    } else {
        auto scorer = dataset::EvalfitScorer::create(config, std::move(*fens), stop);
        if (!scorer) {
            chunk.failure = scorer.error().message;
            return chunk;
        }
        auto traced = dataset::traceByDifferences(**scorer, work.trace.terms, {}, stop);
        if (!traced) chunk.failure = "finite differences: " + traced.error().message;
        else {
            chunk.table = std::move(*traced);
            chunk.base = work.trace.point;
        }
    }
    chunk.table.setResults(work.positions->results(item.first, item.count));
    return foldedForGenome(std::move(chunk), work);
}

std::shared_ptr<const TraceStore::Chunk> TraceStore::chunkFor(const DatasetWork& work, const DatasetItem& item,
                                                              std::stop_token stop) {
    const Key key{work.file, work.size(), item.first, item.count, work.trace.epoch, pointText(work.trace.point)};
    std::promise<std::shared_ptr<const Chunk>> promise;
    std::shared_future<std::shared_ptr<const Chunk>> future;
    bool builder = false;
    {
        std::lock_guard lock(mutex_);
        if (auto it = chunks_.find(key); it != chunks_.end()) {
            future = it->second;
        } else {
            // Traces of this file taken elsewhere (another point or epoch) are not needed again.
            std::erase_if(chunks_, [&](const auto& kept) {
                return std::get<0>(kept.first) == work.file &&
                       (std::get<4>(kept.first) != work.trace.epoch || std::get<5>(kept.first) != std::get<5>(key));
            });
            future = promise.get_future().share();
            chunks_.emplace(key, future);
            builder = true;
        }
    }
    if (builder) {
        auto chunk = std::make_shared<const Chunk>(cachedTraceChunk(engine_, lineTap_, work, item, stop));
        // A failed or stopped build is not kept: the next item tries again.
        if (!chunk->failure.empty()) {
            std::lock_guard lock(mutex_);
            chunks_.erase(key);
        }
        promise.set_value(std::move(chunk));
    }
    return future.get();
}

DatasetItemResult TraceStore::score(const DatasetWork& work, const DatasetItem& item, const uci::OptionValues& options,
                                    std::stop_token stop) {
    DatasetItemResult result;
    const std::shared_ptr<const Chunk> chunk = chunkFor(work, item, stop);
    if (stop.stop_requested()) {
        result.cancelled = true;
        return result;
    }
    if (!chunk->failure.empty()) {
        result.failure = "engine " + engine_.program.string() + ": " + chunk->failure;
        return result;
    }
    if (chunk->table.size() != item.count) {
        result.failure = "the trace has " + std::to_string(chunk->table.size()) + " positions for " +
                         std::to_string(item.count);
        return result;
    }
    const dataset::TraceWeights weights = dataset::traceWeights(chunk->table, options, chunk->base);
    if (!weights.missing.empty()) {
        result.failure = "the trace has term '" + weights.missing + "', which neither the candidate nor the engine sets";
        return result;
    }
    if (work.keepScores) {
        result.q = dataset::traceScores(chunk->table, 0, item.count, weights.values);
        return result;
    }
    result.squaredErrorSum = dataset::squaredErrorSum(chunk->table, 0, item.count, weights.values, work.k);
    return result;
}

}  // namespace mf::tuning
