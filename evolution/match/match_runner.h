#pragma once
// A match: game pairs between two sides on N workers, each worker with its own two engine
// processes (one per side, reused across games). Pair i is played from opening i modulo the
// number of openings. Results are handed to the caller in pair order whatever order the workers
// finish in, and the statistics (and the SPRT's stop) are taken over that ordered prefix, so in
// nodes or depth mode a match gives the same games, figures and stopping point for any number of
// workers.

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/match/elo.h"
#include "evolution/match/game.h"
#include "evolution/uci/engine_config.h"

namespace mf::match {

struct MatchConfig {
    Side a, b;
    uci::EngineConfig engineA, engineB;  // how to start each side's engine
    std::vector<Opening> openings;       // in the order they are played
    std::int64_t pairs = 0;              // 0: one pair per opening
    GameSettings game;
    std::size_t workers = 1;
    std::optional<SprtConfig> sprt;      // stop when a bound is crossed
};

struct MatchSummary {
    std::int64_t pairsPlanned = 0;
    std::int64_t pairsDone = 0;
    Trinomial games;                     // side A's wins/draws/losses
    Pentanomial pairs;
    EloEstimate elo;                     // pentanomial
    EloEstimate trinomialElo;
    std::optional<SprtStatus> sprt;
    std::map<std::string, int> endings;  // ending name -> games
    int forfeitsA = 0, forfeitsB = 0;    // games lost by a fault, an illegal move or on time
    int timeLossesA = 0, timeLossesB = 0;  // of those, on time (a flag fall against a lone king draws)
    int restarts = 0;                    // engine processes restarted
    std::vector<std::string> skipped;    // pairs not played, with the reason
    std::chrono::nanoseconds thinkTime{0};  // engines' measured think time, all games
    double wallSeconds = 0;
    std::string stopReason;              // "" when all planned pairs were played
};

// Called for each finished pair in pair order with the summary including it. From a worker
// thread, one call at a time.
using PairHandler = std::function<void(const PairResult&, const MatchSummary&)>;

// Plays the match; returns the final summary, or an error (an engine that cannot start, no
// openings) as the stopReason with no pairs played.
MatchSummary runMatch(const MatchConfig& config, const PairHandler& onPair = {}, std::stop_token stop = {});

// Adds one finished pair to a summary (its counts, endings, forfeits; not the Elo fields).
void addPair(MatchSummary& summary, const PairResult& pair);
// Recomputes the Elo, trinomial Elo and SPRT fields from the counts.
void updateStatistics(MatchSummary& summary, const std::optional<SprtConfig>& sprt);

}  // namespace mf::match
