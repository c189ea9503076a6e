#pragma once
// `--mpi` for the commands that search or play (tune, fight, solve, match, make-dataset): the same command, with the
// searches done by worker ranks of an Open MPI job (evolution/mpi). Under
// `mpirun -np N matefind-cli CMD ... --mpi`, rank 0 runs CMD exactly as without MPI; ranks
// 1..N-1 never parse the command line: they serve work items until rank 0 is done.
// A matefind-cli built without Open MPI (MATEFIND_MPI OFF) refuses --mpi with a message saying so.

#include <boost/program_options.hpp>
#include <cstddef>
#include <functional>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/match/match_runner.h"
#include "evolution/suite/self_play_venue.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/search_service.h"

namespace mf::cli {

void addMpiOption(boost::program_options::options_description& options);
bool mpiRequested(const boost::program_options::variables_map& values);

// Runs `command` on rank 0 and the worker loop on every other rank when `args` hold --mpi;
// otherwise just `command`. Returns the process exit code.
int runPossiblyDistributed(int argc, char** argv, const std::vector<std::string>& args,
                           const std::function<int()>& command);

// A local engine pool, or with `mpi` the MPI service over the worker ranks (each runs
// `workers` engines; 0: its hardware threads).
Result<std::unique_ptr<uci::SearchService>> makeSearchService(const uci::EngineConfig& config, std::size_t workers,
                                                              bool mpi, std::stop_token stop = {});

// The run controller's evaluator: the local evaluator, or with `mpi` the same split and merge
// over the MPI service. `onWorkers` (may be empty) learns how many engines search in all.
tuning::EvaluatorFactory evaluatorFactory(bool mpi, std::function<void(std::size_t)> onWorkers = {});

// match::runMatch, or with `mpi` the same match with its pairs played on the worker ranks
// (config.workers game slots each); then config.workers becomes the slots of all ranks, so the
// summary's efficiency is per slot as locally.
match::MatchSummary runMatch(match::MatchConfig& config, const match::PairHandler& onPair, std::stop_token stop,
                             bool mpi);

// Where make-dataset's self-play games are played: a local engine pool, or with `mpi` the worker
// ranks (each with `workers` engine processes), one game a work item.
suite::SelfPlayVenueFactory selfPlayVenue(bool mpi);

}  // namespace mf::cli
