#pragma once
// The payloads of ItemKind::SelfPlayGame (make-dataset --mpi): one self-play game to play on a
// worker rank's engines, and how it went, as bytes. The job carries the game's index and what of
// the run's SelfPlayConfig one game uses (seed, opening plies and window, limit, adjudication, ply
// limit); the outcome carries the game move by move (UCI moves from the start position's FEN, read
// back as legal moves), its result and its own report. Pure bytes, no MPI.

#include <string>
#include <string_view>

#include "engine/result.h"
#include "evolution/suite/self_play.h"

namespace mf::mpi {

struct SelfPlayGameJob {
    // Only the fields one game uses travel (games, replaceUnusable, maxStarted and liveGames stay on rank 0).
    suite::SelfPlayConfig config;
    int index = 0;
};

std::string encode(const SelfPlayGameJob& job);
std::string encode(const suite::GameOutcome& outcome);
// Each fails with "self-play game job: <field>: <why>" / "self-play game outcome: ..." on bytes
// that are not one (an outcome whose moves are not legal from its start included).
Result<SelfPlayGameJob> decodeSelfPlayGameJob(std::string_view bytes);
Result<suite::GameOutcome> decodeGameOutcome(std::string_view bytes);

}  // namespace mf::mpi
