#pragma once
// The start-up check of an MPI run, before any work is handed out: every worker rank started its
// engines from the same paths, runs the same matefind-cli build as rank 0 and the same engine
// build as the others, and the engines announced the same identity; a data set scoring run's
// data files are on every rank, the same as rank 0's. Each problem names the rank
// and its host. Pure: the reports are plain values, so the check is tested without MPI.

#include <optional>
#include <string>
#include <vector>

#include "evolution/mpi/messages.h"

namespace mf::mpi {

struct RankReport {
    int rank = 0;
    StartReport report;
};

// `rank0Build`: rank 0's own digest. `rank0Engine`: the digest of the engine program as rank 0
// sees it ("" when rank 0 has no copy: then the first worker that started is the reference).
// `rank0Opponent` (game pairs only): the same for the opponent's engine, whose digest every rank
// reports too. Empty when everything agrees.
std::vector<std::string> startProblems(const std::string& rank0Build, const std::string& rank0Engine,
                                       const std::vector<RankReport>& reports,
                                       const std::optional<std::string>& rank0Opponent = std::nullopt);

// Data set scoring: each rank whose copy of one of `rank0Files` is missing, unreadable or other
// than rank 0's (StartReport::dataDigests), one problem per rank and file. A rank that reported
// no digests at all (it could not read the start request) is left to startProblems.
std::vector<std::string> dataProblems(const std::vector<DataFile>& rank0Files, const std::vector<RankReport>& reports);

}  // namespace mf::mpi
