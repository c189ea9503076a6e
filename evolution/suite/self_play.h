#pragma once
// Games played by UCI engines from seeded random openings: a source of natural positions that
// needs nothing but engines. All games advance together, one search per game and round, so the
// pool stays busy; with node or depth limits and one thread each engine answers the same way
// every time, so the games depend only on the seed and the limits.

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/suite/candidate.h"
#include "evolution/uci/search_service.h"
#include "evolution/uci/search_types.h"

namespace mf::suite {

struct SelfPlayConfig {
    int games = 100;
    int randomPlies = 8;
    int maxPlies = 300;       // a game still running after this many half-moves ends there
    uci::SearchLimit limit = uci::SearchLimit::nodes(5000);
    int openingWindow = 150;  // the first engine score after the random moves must fit, else the
                              // game is dropped: lopsided openings give decided positions only
    int adjudicateCp = 1000;  // |score| at least this for `adjudicatePlies` half-moves in a row
    int adjudicatePlies = 8;  // ends the game (its later positions would be decided anyway)
    std::uint64_t seed = 1;
    // How `games` counts. Off: `games` games are started, and the unbalanced ones are dropped.
    // On: `games` counts the games kept with a result; a game dropped as unbalanced or ended
    // without a result (cut, at the ply limit) is replaced by the next seed's, up to `maxStarted`
    // games started in all (0: 3 x games). The same seeds give the same games either way.
    bool replaceUnusable = false;
    int maxStarted = 0;
    // At most this many games in play at once (0: all of them). A stop then loses only the games
    // in play: the finished ones are returned.
    int liveGames = 0;
};

struct SelfPlayReport {
    int played = 0;
    int unbalanced = 0;          // dropped after the opening check
    int failedSearches = 0;      // games cut short by a failed search (kept up to that point, result "*")
    int cutByNoMove = 0;         // of those: the engine answered no move in a live position
    int cutPastDeadline = 0;     // of those: no answer by the search's deadline
    int atPlyLimit = 0;          // games still running at maxPlies (result "*")
    // Searches that failed once and got a move on a fresh process (SearchResult::attempts 2):
    // their games go on as if nothing had happened.
    int recoveredSearches = 0;
    int started = 0;             // games begun (with replaceUnusable: kept, dropped and replaced)
    int leftInPlay = 0;          // games still in play when a stop came: not returned
    bool stopped = false;        // the stop token ended the games early
    std::vector<std::string> failures;    // one line per cut game: which game, ply, why
    std::vector<std::string> recoveries;  // one line per recovered search: which game, ply

    // "3 searches recovered by a retry on a fresh process; 1 game cut by a failed search (1 no
    // move) ...", for logs and file headers.
    std::string describe() const;
};

// What self-play tells its progress handler, on the caller's thread: the games counted so far of
// config.games (every ended game; with replaceUnusable the kept ones), and the games that ended
// since the last call, each once, in the order they ended: those the run returns (not dropped as
// unbalanced; with or without a result). The pointers hold during the call only. Handlers that
// count positions as games end (make-dataset) read `ended`; the others read the counts.
struct SelfPlayProgress {
    int done = 0;
    int total = 0;
    std::vector<const GameRecord*> ended;
};
using SelfPlayProgressHandler = std::function<void(const SelfPlayProgress& progress)>;

// Plays config.games games (see replaceUnusable). Engine k of `engines` plays White in games i with
// i % size == k and the other colour otherwise (one engine plays itself). Returns the kept games
// in game order; after a stop, the games that had ended. `progress` is told whenever a game ends
// (and once at the start), and may request the stop.
std::vector<GameRecord> playGames(const std::vector<uci::SearchService*>& engines, const SelfPlayConfig& config,
                                  SelfPlayReport& report, const SelfPlayProgressHandler& progress = {},
                                  std::stop_token stop = {});

// One game of playGames, played alone to its end (make-dataset --mpi plays each on a worker rank
// of an MPI job). It makes the same moves as in playGames: a game depends only on its index, the
// seed, the limits and the engine's answers (reproducible at a node or depth limit).
struct GameOutcome {
    int index = 0;
    GameRecord record;
    bool ended = false;     // false: a stop came while it was in play (its result is unknown)
    bool dropped = false;   // unbalanced after its opening
    SelfPlayReport report;  // this game's own counts and lines (failed, recovered searches, ...)
};
GameOutcome playOneGame(uci::SearchService& engine, const SelfPlayConfig& config, int index, std::stop_token stop = {});

}  // namespace mf::suite
