#pragma once
// The game pairs of an MPI job, on rank 0: every pair is a work item (a tuning::PairJob,
// tuning/measures/games/games_wire.h) shipped to a worker rank, which plays it on its own game
// slots (each one engine for side A, one for side B, as the local games measure sets them up)
// and sends the PairResult back as a plain value. The LocalEvaluator's split, dispatch and merge
// do not change: they see one GamePairService whose slotCount() is the sum of every rank's slots
// (kSlotsPerGame per game slot, so a slot that finishes a pair finds the next one queued on its
// rank instead of waiting for a round trip).
//
// Pause is the evaluator's (it stops handing out pairs; pairs in flight finish). Stop (the pair's
// token): a pair not yet shipped comes back unfinished at once, a pair in flight is cancelled on
// its rank (its engines get "stop") and comes back unfinished; either is counted cancelled by the
// evaluator, never scored. One thread of ours talks MPI; the caller's threads only queue.
//
// Creating the service starts the engines on every worker rank and runs the start-up check for
// both engines before any work is handed out; the destructor releases the engines.

#include <memory>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/item_dispatcher.h"
#include "evolution/tuning/measures/games/game_players.h"
#include "evolution/uci/engine_config.h"

namespace mf::mpi {

class MpiPairService final : public tuning::GamePairService {
public:
    // Rank 0 only, with at least one worker rank: `slotsPerRank` game slots on each (0: the
    // rank's hardware threads), side A on `engineA`, side B on `engineB`.
    static Result<std::unique_ptr<MpiPairService>> create(const uci::EngineConfig& engineA,
                                                          const uci::EngineConfig& engineB, std::size_t slotsPerRank);

    static constexpr std::size_t kSlotsPerGame = 2;
    std::size_t slotCount() const override { return dispatcher_->slots(); }
    // Game slots playing at once over all worker ranks.
    std::size_t gameSlots() const { return dispatcher_->engines(); }
    // How side B's engine announced itself on the first worker rank.
    const uci::EngineIdentity& identityB() const { return dispatcher_->firstReport().opponentIdentity; }
    void playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                  match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                  PairDone done, tuning::SpeedProbe speed = {}) override;

    // Pairs returned per rank so far.
    std::vector<RankLoad> load() const { return dispatcher_->load(); }

private:
    explicit MpiPairService(std::unique_ptr<ItemDispatcher> dispatcher) : dispatcher_(std::move(dispatcher)) {}

    std::unique_ptr<ItemDispatcher> dispatcher_;
};

}  // namespace mf::mpi
