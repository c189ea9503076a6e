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
    std::vector<std::string> failures;    // one line per cut game: which game, ply, why
    std::vector<std::string> recoveries;  // one line per recovered search: which game, ply

    // "3 searches recovered by a retry on a fresh process; 1 game cut by a failed search (1 no
    // move) ...", for logs and file headers.
    std::string describe() const;
};

// Plays config.games games. Engine k of `engines` plays White in games i with i % size == k and
// the other colour otherwise (one engine plays itself). Returns the kept games in game order.
std::vector<GameRecord> playGames(const std::vector<uci::SearchService*>& engines, const SelfPlayConfig& config,
                                  SelfPlayReport& report, const std::function<void(int done, int total)>& progress = {},
                                  std::stop_token stop = {});

}  // namespace mf::suite
