#pragma once
// The SearchService of an MPI job, on rank 0: every search request is a work item shipped to a
// worker rank, which runs it on its own local engine pool and sends the result back. Callers (the
// LocalEvaluator's split and merge, `solve`'s suite runner) do not change: they see one pool
// whose workers() is the sum of every rank's engines.
//
// Items go out on demand: each rank holds at most two items per engine (the one it searches and
// one queued behind it, so an engine never waits for a round trip to rank 0), and the next item
// goes to the rank with the most free slots, so a faster rank takes more. workers() counts those
// slots (callers such as the local evaluator keep that many searches submitted); engines() counts
// the engines. Pause: no item is shipped, items in flight (queued on a rank included) finish. Stop (the batch's token): queued items come back Cancelled
// at once, items in flight are cancelled on their rank and come back Cancelled. One thread of
// ours talks MPI; the caller's threads only queue.
//
// Creating the service starts the engines on every worker rank and runs the start-up check
// (start_check.h) before any work is handed out; the destructor releases the engines (the ranks
// wait for the next service or for shutdownWorkers()).

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/channel.h"
#include "evolution/mpi/start_check.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_service.h"

namespace mf::mpi {

struct RankLoad {
    int rank = 0;
    std::string host;
    std::size_t engines = 0;
    std::size_t items = 0;  // items this rank has returned
};

class MpiSearchService final : public uci::SearchService {
public:
    // Rank 0 only, with at least one worker rank. `enginesPerRank` 0: each rank's hardware
    // threads. Fails with every rank's problem, one per line, when the check fails.
    static Result<std::unique_ptr<MpiSearchService>> create(const uci::EngineConfig& config,
                                                            std::size_t enginesPerRank);
    ~MpiSearchService() override;

    std::size_t workers() const override { return totalEngines_ * kSlotsPerEngine; }
    // Engines searching at once over all worker ranks.
    std::size_t engines() const { return totalEngines_; }
    static constexpr std::size_t kSlotsPerEngine = 2;
    const uci::EngineIdentity& engine() const override { return identity_; }
    std::shared_ptr<uci::Batch> submit(std::vector<uci::SearchRequest> requests, std::stop_token stop = {},
                                       uci::ResultHandler onResult = {}) override;
    void pause() override;
    void resume() override;

    // Items returned per rank so far.
    std::vector<RankLoad> load() const;

private:
    MpiSearchService() = default;
    void communicate(std::stop_token stop);
    bool receive();
    bool cancelStopped();
    bool dispatch();
    void cancelEverything();

    struct Queued {
        std::shared_ptr<uci::Batch> batch;
        std::size_t index = 0;
    };
    struct InFlight {
        std::shared_ptr<uci::Batch> batch;
        std::size_t index = 0;
        std::size_t rankSlot = 0;  // index into ranks_
        bool cancelSent = false;
    };
    struct Rank {
        RankLoad load;
        std::size_t idle = 0;  // free slots (kSlotsPerEngine per engine)
    };

    Channel channel_;
    std::vector<Rank> ranks_;  // worker ranks 1..N-1
    std::size_t totalEngines_ = 0;
    uci::EngineIdentity identity_;

    mutable std::mutex mutex_;  // guards queue_, paused_, ranks_[].load (read by load())
    std::condition_variable wake_;
    std::deque<Queued> queue_;
    bool paused_ = false;

    // The communication thread's own state.
    std::map<std::uint64_t, InFlight> inFlight_;
    std::uint64_t nextItem_ = 1;

    std::jthread thread_;  // last: stopped and joined first
};

// Rank 0, at the end of the program: every worker rank leaves its loop.
void shutdownWorkers();

}  // namespace mf::mpi
