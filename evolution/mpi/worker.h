#pragma once
// A worker rank (1..N-1) of `matefind-cli ... --mpi`. It parses no command line: rank 0 sends
// the engine to start (Start), then work items, up to two per engine; the worker runs each
// on its own engines and sends the result back as a plain value: searches on a local engine pool
// (the same mf_uci pool a local run uses: restarts, retries, fault reports included), game pairs
// on game slots of two engines each (tuning::GamePlayers, as the local games measure plays
// them: an engine fault is handled by the session, a failed move loses that game), chunks of a
// data set on scorer threads with an engine process each (tuning::LocalDatasetScoring, as the
// local evalfit measure: a crashed or hung engine is restarted and the chunk retried once, a
// second failure fails it, never scores it; the data file is read from the same path as on rank 0,
// once, and kept), self-play games of make-dataset each on a thread of its own with its searches on
// the search pool (worker_games.h). Release ends the engines, Shutdown the loop.

#include <functional>

namespace mf::mpi {

// Runs until rank 0 sends Shutdown; returns the process exit code.
int runWorker();

// A whole MPI job's process: initialises MPI, then a worker rank runs runWorker() and rank 0 runs
// `rankZero` and sends every worker Shutdown (also when `rankZero` throws); MPI is finalised on
// every rank. Returns the exit code: rankZero's or the worker's, 1 when MPI does not start (the
// reason on stderr).
int runJob(int* argc, char*** argv, const std::function<int()>& rankZero);

}  // namespace mf::mpi
