#pragma once
// The game pairs of an MPI job, on rank 0: every pair is a work item (a PairJob) shipped to a
// worker rank, which plays it on its own game slots (each one engine for side A, one for side B,
// as the local games measure sets them up) and sends the PairResult back as a plain value. The
// LocalEvaluator's split, dispatch and merge do not change: they see one GamePairService whose
// slotCount() is the sum of every rank's slots (kSlotsPerGame per game slot, so a slot that
// finishes a pair finds the next one queued on its rank instead of waiting for a round trip).
//
// Pause is the evaluator's (it stops handing out pairs; pairs in flight finish). Stop (the pair's
// token): a pair not yet shipped comes back unfinished at once, a pair in flight is cancelled on
// its rank (its engines get "stop") and comes back unfinished; either is counted cancelled by the
// evaluator, never scored. One thread of ours talks MPI; the caller's threads only queue.
//
// Creating the service starts the engines on every worker rank and runs the start-up check for
// both engines before any work is handed out; the destructor releases the engines.

#include <condition_variable>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/channel.h"
#include "evolution/mpi/mpi_search_service.h"
#include "evolution/tuning/game_players.h"
#include "evolution/uci/engine_config.h"

namespace mf::mpi {

class MpiPairService final : public tuning::GamePairService {
public:
    // Rank 0 only, with at least one worker rank: `slotsPerRank` game slots on each (0: the
    // rank's hardware threads), side A on `engineA`, side B on `engineB`.
    static Result<std::unique_ptr<MpiPairService>> create(const uci::EngineConfig& engineA,
                                                          const uci::EngineConfig& engineB, std::size_t slotsPerRank);
    ~MpiPairService() override;

    static constexpr std::size_t kSlotsPerGame = 2;
    std::size_t slotCount() const override { return totalSlots_ * kSlotsPerGame; }
    // Game slots playing at once over all worker ranks.
    std::size_t gameSlots() const { return totalSlots_; }
    // How the engines announced themselves on the first worker rank.
    const uci::EngineIdentity& identityA() const { return identityA_; }
    const uci::EngineIdentity& identityB() const { return identityB_; }
    void playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                  match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                  PairDone done) override;

    // Pairs returned per rank so far.
    std::vector<RankLoad> load() const;

private:
    MpiPairService() = default;
    void communicate(std::stop_token stop);
    bool receive();
    bool cancelStopped();
    bool dispatch();
    void cancelEverything();

    struct Pending {
        PairJob job;
        std::stop_token stop;
        PairDone done;
    };
    struct InFlight {
        Pending pending;
        std::size_t rankSlot = 0;  // index into ranks_
        bool cancelSent = false;
    };
    struct Rank {
        RankLoad load;
        std::size_t idle = 0;  // free slots (kSlotsPerGame per game slot)
    };

    Channel channel_;
    std::vector<Rank> ranks_;  // worker ranks 1..N-1
    std::size_t totalSlots_ = 0;
    uci::EngineIdentity identityA_, identityB_;

    mutable std::mutex mutex_;  // guards queue_ and ranks_[].load (read by load())
    std::condition_variable wake_;
    std::deque<Pending> queue_;

    // The communication thread's own state.
    std::map<std::uint64_t, InFlight> inFlight_;
    std::uint64_t nextItem_ = 1;

    std::jthread thread_;  // last: stopped and joined first
};

}  // namespace mf::mpi
