#pragma once
// Where self-play games are played: on engine processes of this machine (localSelfPlayVenue:
// playGames on a local engine pool) or on the worker ranks of an MPI job (mpi::MpiSelfPlay, for
// make-dataset --mpi, one game a work item). Either begins the same games by the same rule
// (game_schedule.h) and returns them in game order, so at a node or depth limit the games, and
// the file made of them, do not depend on where they were played.

#include <cstddef>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/self_play.h"
#include "evolution/uci/engine_config.h"

namespace mf::suite {

class SelfPlayVenue {
public:
    virtual ~SelfPlayVenue() = default;
    // The engines that play, for the log: "2 process(es)", "4 process(es) on 2 worker ranks".
    virtual std::string describe() const = 0;
    // As playGames with `config` (its liveGames is the venue's own choice): the ended, undropped
    // games in game order; after a stop, those that had ended.
    virtual std::vector<GameRecord> play(const SelfPlayConfig& config, SelfPlayReport& report,
                                         const SelfPlayProgressHandler& progress, std::stop_token stop) = 0;
};

// Starts the venue's engines from `config`, `workers` of them (per worker rank with MPI); fails
// with the reason, naming the engine or the ranks (an engine that does not start, a failed MPI
// start-up check).
using SelfPlayVenueFactory =
    std::function<Result<std::unique_ptr<SelfPlayVenue>>(const uci::EngineConfig& config, std::size_t workers)>;

// A local engine pool of `workers` processes, a few games per process in play at once (enough
// that a process never waits for the slowest game of a round, few enough that a stop loses little).
Result<std::unique_ptr<SelfPlayVenue>> localSelfPlayVenue(const uci::EngineConfig& config, std::size_t workers);

}  // namespace mf::suite
