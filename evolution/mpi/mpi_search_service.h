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

#include <memory>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/item_dispatcher.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_service.h"

namespace mf::mpi {

class MpiSearchService final : public uci::SearchService {
public:
    // Rank 0 only, with at least one worker rank. `enginesPerRank` 0: each rank's hardware
    // threads. Fails with every rank's problem, one per line, when the check fails.
    static Result<std::unique_ptr<MpiSearchService>> create(const uci::EngineConfig& config,
                                                            std::size_t enginesPerRank);

    std::size_t workers() const override { return dispatcher_->slots(); }
    // Engines searching at once over all worker ranks.
    std::size_t engines() const { return dispatcher_->engines(); }
    static constexpr std::size_t kSlotsPerEngine = 2;
    const uci::EngineIdentity& engine() const override { return dispatcher_->firstReport().identity; }
    std::shared_ptr<uci::Batch> submit(std::vector<uci::SearchRequest> requests, std::stop_token stop = {},
                                       uci::ResultHandler onResult = {}) override;
    void pause() override { dispatcher_->pause(); }
    void resume() override { dispatcher_->resume(); }

    // Items returned per rank so far.
    std::vector<RankLoad> load() const { return dispatcher_->load(); }

private:
    explicit MpiSearchService(std::unique_ptr<ItemDispatcher> dispatcher) : dispatcher_(std::move(dispatcher)) {}

    std::unique_ptr<ItemDispatcher> dispatcher_;
};

// Rank 0, at the end of the program: every worker rank leaves its loop.
void shutdownWorkers();

}  // namespace mf::mpi
