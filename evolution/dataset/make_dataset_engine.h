#pragma once
// The options make-dataset starts a self-play engine with, chosen from what the engine announces
// (engines differ: Glaurung 2.2 wants Hash >= 4 and searches with 2 threads by default, Toga II
// calls its thread option "Number of Threads", some engines have no hash or thread option):
// - one search thread, under whichever of the common names the engine announces; none is sent
//   when it announces neither (a single-threaded engine),
// - the hash size of --hash, moved into the announced [min, max] when it lies outside,
// - its own opening book and pondering off when it has those options, so every move of a game
//   comes from its search; the user's --option values are sent after these and win.
// Every adjustment is written in `notes`, for the log. Then the engine must honour the limit
// (uci::checkLimitHonoured, as solve, tune and match do) before its games are played.
#include <iosfwd>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/dataset/make_dataset_progress.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/self_play_venue.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::dataset {

struct SelfPlayEngineOptions {
    uci::OptionValues startOptions;  // the fixed options, then the user's
    std::vector<std::string> notes;  // "Hash 4 MB: --hash 2 is below Glaurung 2.2's minimum 4"
};

// Fails when a user option is unknown to the engine or out of its range, or sets the threads
// (make-dataset plays with one).
Result<SelfPlayEngineOptions> selfPlayEngineOptions(const uci::EngineIdentity& engine, int hashMb,
                                                    const uci::OptionValues& userOptions);

struct MakeDatasetOptions;

struct SelfPlayGames {
    int exitCode = 0;                  // non-zero: nothing was played (the reason is in the log)
    std::vector<suite::GameRecord> games;
    std::vector<std::string> header;   // what the file's header says about the games
    bool stopped = false;              // `stop` ended the games early: `games` holds those that ended
};

// Starts the engine of `options` bare to read what it announces, fits the options, checks the
// limit, then plays the games on options.workers processes: selfPlay.games games kept with a result
// (unbalanced and resultless games replaced, at most 3x as many begun), a few per process in play at
// once, so that `stop` loses only those and returns every game that had ended. Writes the steps,
// every adjustment, every recovered search and every cut game to `log`. Exit codes: 1 the engine
// cannot be used (does not start, rejects an option), 2 it does not honour the limit (without the
// override).
// `venue` starts the engines that play (default: a local pool of options.workers processes;
// make-dataset --mpi passes the worker ranks of an MPI job, options.workers processes on each).
// `progress` hears of the games kept and their positions whenever a game ends; the log gets the
// same figures every 5 % of the games.
SelfPlayGames playSelfPlayGames(const MakeDatasetOptions& options, std::ostream& log, std::stop_token stop = {},
                                const suite::SelfPlayVenueFactory& venue = suite::localSelfPlayVenue,
                                const MakeDatasetProgressHandler& progress = {});

}  // namespace mf::dataset
