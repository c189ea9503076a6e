#pragma once
// Rank 0's half of the work-item protocol, whatever the items are (searches, game pairs): starts
// the worker ranks (start_ranks.h), queues encoded items, ships each to the rank with the most
// free slots (a rank holds at most `slotsPerEngine` items per engine, so an engine never waits
// for a round trip, and a faster rank, answering more often, takes more), and hands every answer
// back. Pause: nothing is shipped, items in flight finish. Stop (an item's token): a queued item
// comes back unanswered at once, an item in flight is cancelled on its rank and answers as
// cancelled. One thread of ours talks MPI; the callers' threads only queue.
//
// The services (MpiSearchService, MpiPairService) only encode their jobs and decode the answers.

#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/channel.h"
#include "evolution/mpi/messages.h"
#include "evolution/mpi/start_check.h"

namespace mf::mpi {

struct RankLoad {
    int rank = 0;
    std::string host;
    std::size_t engines = 0;
    std::size_t items = 0;  // items this rank has returned
};

class ItemDispatcher {
public:
    // The end of one item: the answer's bytes and the rank that sent them, or no answer (the item
    // was stopped before it was shipped, or the dispatcher went away first). Runs on the
    // dispatcher's thread, with no lock held.
    using Finish = std::function<void(const std::string* answer, int rank)>;
    struct Work {
        ItemKind kind = ItemKind::Search;
        std::string payload;  // the encoded job
        std::stop_token stop;
        Finish finish;
    };

    // Rank 0 only, with at least one worker rank. Fails with every rank's problem, one per line,
    // when the start-up check fails.
    static Result<std::unique_ptr<ItemDispatcher>> create(const StartRequest& start, std::size_t slotsPerEngine);
    // Unanswered items finish without an answer; the ranks release their engines.
    ~ItemDispatcher();

    void submit(std::vector<Work> work);
    void pause();
    void resume();

    // Engines over all worker ranks, and the slots (engines x slotsPerEngine).
    std::size_t engines() const { return totalEngines_; }
    std::size_t slots() const { return totalEngines_ * slotsPerEngine_; }
    // What the first worker rank reported (its engines' identities).
    const StartReport& firstReport() const { return firstReport_; }
    // Items returned per rank so far.
    std::vector<RankLoad> load() const;

private:
    ItemDispatcher() = default;
    void communicate(std::stop_token stop);
    bool receive();
    bool cancelStopped();
    bool dispatch();
    void finishEverything();

    struct InFlight {
        Work work;
        std::size_t rankSlot = 0;  // index into ranks_
        bool cancelSent = false;
    };
    struct Rank {
        RankLoad load;
        std::size_t idle = 0;  // free slots
    };

    Channel channel_;
    std::vector<Rank> ranks_;  // worker ranks 1..N-1
    std::size_t totalEngines_ = 0;
    std::size_t slotsPerEngine_ = 1;
    StartReport firstReport_;

    mutable std::mutex mutex_;  // guards queue_, paused_, ranks_[] (load() reads them)
    std::condition_variable wake_;
    std::deque<Work> queue_;
    bool paused_ = false;

    // The communication thread's own state.
    std::map<std::uint64_t, InFlight> inFlight_;
    std::uint64_t nextItem_ = 1;

    std::jthread thread_;  // last: stopped and joined first
};

}  // namespace mf::mpi
