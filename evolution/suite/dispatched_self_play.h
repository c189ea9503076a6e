#pragma once
// Self-play whose games are played elsewhere, one game at a time (make-dataset --mpi: each game
// is a work item for a worker rank of an MPI job, played there with playOneGame). The games begun
// are those of playGames with the same config (game_schedule.h), and they come back in game
// order whichever ends first, so the games, the report's counts and the file made of them are
// those of a local run.

#include <functional>
#include <stop_token>
#include <vector>

#include "evolution/suite/candidate.h"
#include "evolution/suite/self_play.h"

namespace mf::suite {

using GameDone = std::function<void(GameOutcome outcome)>;
// Begins game `index` somewhere and calls `done` once with its outcome, from any thread (possibly
// before it returns). After `stop` the game must come back soon, ended or not.
using BeginGame = std::function<void(int index, std::stop_token stop, GameDone done)>;

// Plays the games of `config` through `begin`, at most `inPlay` begun and not yet done
// (config.liveGames is not used). Returns the ended, undropped games in game order; after a stop,
// once every game begun has come back. `report` holds the sum of the games' own reports plus the
// run's counts (started, played, left in play, stopped); `progress` is told as by playGames, on the
// caller's thread.
std::vector<GameRecord> playDispatchedGames(const BeginGame& begin, int inPlay, const SelfPlayConfig& config,
                                            SelfPlayReport& report, const SelfPlayProgressHandler& progress = {},
                                            std::stop_token stop = {});

// Adds one game's counts and lines to a run's report.
void addGameReport(SelfPlayReport& run, const SelfPlayReport& game);

}  // namespace mf::suite
