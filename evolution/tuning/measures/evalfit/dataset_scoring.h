#pragma once
// The "run" step (fitness_evaluator.h) of dataset work: scores one DatasetItem, a chunk of a data
// set's positions with one candidate's options, on engines of the machine it runs on. The scores
// come from measures/evalfit/scoring/evalfit_scoring.h: the bundled engine's fast path (`evalfit load`
// once per engine process, then `evalfit scores` per candidate) where the engine has it, any UCI
// engine's `go depth 1` score otherwise (path auto|fast|uci of the work; the run controller
// resolves auto before the first item, so the uci path's work comes in chunks: see splitItems).
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "evolution/tuning/measures/evalfit/evalfit_measure.h"
#include "evolution/tuning/measures/evalfit/trace/trace_store.h"
#include "evolution/tuning/common/engine_spec.h"

namespace mf::tuning {

class DatasetScoringService {
public:
    using Done = std::function<void(DatasetItemResult)>;
    virtual ~DatasetScoringService() = default;
    // Items scored at once.
    virtual std::size_t workers() const = 0;
    // Starts scoring `item` of `work` with `options` and returns at once; `done` is called exactly
    // once, from another thread, with q of the item's positions (White's view), a failure, or
    // cancelled when `stop` came first. `work` must stay alive until then.
    virtual void score(const DatasetWork& work, const DatasetItem& item, const uci::OptionValues& options,
                       std::stop_token stop, Done done) = 0;
};

// This machine's engines: `workers` threads, each with its own engine process (started when its
// first item of a data set arrives, and kept for the following ones: the positions are loaded
// once per process). An engine that crashes or hangs is restarted and the item retried once
// (evalfit_scoring.h); a second failure fails the item, never scores it. Trace work is scored
// from the traces its threads share (trace_store.h), each chunk traced once.
class LocalDatasetScoring final : public DatasetScoringService {
public:
    // `lineTap` sees every line of the uci path's engines (labelled with the thread's index).
    LocalDatasetScoring(EngineSpec engine, std::size_t workers, uci::LineTap lineTap = {});
    ~LocalDatasetScoring() override;  // items still queued come back cancelled; engines quit

    std::size_t workers() const override { return threads_.size(); }
    void score(const DatasetWork& work, const DatasetItem& item, const uci::OptionValues& options,
               std::stop_token stop, Done done) override;

private:
    struct Job {
        const DatasetWork* work = nullptr;
        DatasetItem item;
        uci::OptionValues options;
        std::stop_token stop;
        Done done;
    };
    void loop(std::stop_token quit, std::size_t worker);

    EngineSpec engine_;
    uci::LineTap lineTap_;
    TraceStore traces_;
    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<Job> jobs_;
    std::vector<std::jthread> threads_;
};

}  // namespace mf::tuning
