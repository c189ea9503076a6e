#pragma once
// `matefind-cli match --mpi`: match::runMatch with its game pairs played on the worker ranks of
// an MPI job (MpiPairService: each rank plays on `config.workers` game slots of its own, one
// engine per side each). Rank 0 hands out pairs in order, keeps at most the service's slots in
// flight, and delivers the results in pair order with the same statistics and the same SPRT stop
// as runMatch, so in nodes or depth mode the games, the PGN and the figures are those of a local
// match. Endgame tables (config.game.tables) are not shipped: the caller refuses --tb with --mpi.

#include <stop_token>

#include "evolution/match/match_runner.h"

namespace mf::mpi {

// Rank 0 only. An engine that cannot start or a failed start-up check is the stopReason, with
// no pairs played (as runMatch).
match::MatchSummary runMatchOnRanks(const match::MatchConfig& config, const match::PairHandler& onPair = {},
                                    std::stop_token stop = {});

}  // namespace mf::mpi
