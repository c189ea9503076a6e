#pragma once
// The trace path's memory: each chunk of a data set traced once (by the engine's own `evalfit
// trace`, or by finite differences over the direct path: TraceSpec), kept, and every candidate's
// item scored from it as dot products (trace/trace_error.h). Shared by the threads of a scoring
// service: the first thread that needs a chunk builds it (with an engine process of its own,
// quit when done), the others wait for it; chunks of other trace points or epochs are dropped.
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <string>
#include <tuple>

#include "evolution/tuning/measures/evalfit/trace/trace_table.h"
#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

// A chunk's traces and the weights a candidate's unset columns take.
struct TraceChunk {
    dataset::TraceTable table;
    uci::OptionValues base;  // the trace point, then the engine's defaults
    std::string failure;     // non-empty: the chunk could not be traced
};

// Traces positions [item.first, item.first + item.count) of trace work `work` as its TraceSpec says,
// on an engine process of its own (quit when done), with their results; the engine's terms that
// the genome does not name are folded into the rows' constants.
TraceChunk traceChunk(const EngineSpec& engine, const uci::LineTap& lineTap, const DatasetWork& work,
                      const DatasetItem& item, std::stop_token stop);

class TraceStore {
public:
    TraceStore(EngineSpec engine, uci::LineTap lineTap = {});

    // Scores `item` of trace work `work` with `options` (the sum of squared errors, or q when the
    // work keeps scores). Blocks while the chunk's traces are built.
    DatasetItemResult score(const DatasetWork& work, const DatasetItem& item, const uci::OptionValues& options,
                            std::stop_token stop);

private:
    using Chunk = TraceChunk;
    using Key = std::tuple<std::string, std::size_t, std::size_t, std::size_t, int, std::string>;
    std::shared_ptr<const Chunk> chunkFor(const DatasetWork& work, const DatasetItem& item, std::stop_token stop);

    EngineSpec engine_;
    uci::LineTap lineTap_;
    std::mutex mutex_;
    std::map<Key, std::shared_future<std::shared_ptr<const Chunk>>> chunks_;
};

}  // namespace mf::tuning
