#pragma once
// The self-play games of make-dataset --mpi, on rank 0: every game is a work item (its index and
// the run's game settings, self_play_payloads.h) shipped to a worker rank, which plays it with
// its own engines (a search pool of `workers` processes per rank, each game on a thread of its
// own, worker_games.h) and sends the game back move by move. Rank 0 begins the games by the
// local rule (suite::playDispatchedGames) and keeps them in game order, so the games are those
// of a local run whichever rank plays which game and whichever ends first.
//
// At most two games per engine are on a rank at once (a game waiting for its next search keeps
// the engine busy with the other game's), and the next game goes to the rank with the most free
// slots. Stop: games not yet shipped come back unplayed at once, games in flight are cancelled
// on their rank (their engines get "stop") and come back in play; neither is kept. An engine
// that crashes or hangs on a rank is restarted by that rank's pool and the search retried once,
// as locally; a search that fails twice cuts its game (result "*"), as locally.
//
// Creating it starts the engines on every worker rank and runs the start-up check before any
// game is handed out; the destructor releases the engines.

#include <memory>
#include <string>

#include "engine/result.h"
#include "evolution/mpi/item_dispatcher.h"
#include "evolution/suite/dispatched_self_play.h"
#include "evolution/suite/self_play_venue.h"
#include "evolution/uci/engine_config.h"

namespace mf::mpi {

class MpiSelfPlay final : public suite::SelfPlayVenue {
public:
    // Rank 0 only, with at least one worker rank: `enginesPerRank` engine processes on each (0:
    // the rank's hardware threads). Fails with every rank's problem, one per line.
    static Result<std::unique_ptr<MpiSelfPlay>> create(const uci::EngineConfig& config, std::size_t enginesPerRank);

    static constexpr std::size_t kGamesPerEngine = 2;
    std::string describe() const override;
    std::vector<suite::GameRecord> play(const suite::SelfPlayConfig& config, suite::SelfPlayReport& report,
                                        const suite::SelfPlayProgressHandler& progress, std::stop_token stop) override;

    // Games returned per rank so far.
    std::vector<RankLoad> load() const { return dispatcher_->load(); }

private:
    explicit MpiSelfPlay(std::unique_ptr<ItemDispatcher> dispatcher) : dispatcher_(std::move(dispatcher)) {}
    void begin(const suite::SelfPlayConfig& config, int index, std::stop_token stop, suite::GameDone done);

    std::unique_ptr<ItemDispatcher> dispatcher_;
};

}  // namespace mf::mpi
