#pragma once
// Rank 0's start of an MPI service: sends Start to every worker rank, gathers their reports and
// runs the start-up check (start_check.h) before any work is handed out. Shared by the search
// service and the game pair service.

#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/channel.h"
#include "evolution/mpi/start_check.h"

namespace mf::mpi {

// The worker ranks whose engines started, in rank order; fails with every rank's problem, one
// per line, when the check fails (the ranks are then released, nothing was handed out).
Result<std::vector<RankReport>> startWorkerRanks(Channel& channel, const StartRequest& start);

// The first item id of a new service. Item ids are unique for the whole process (of every
// service kind), so a late answer to a released service's item is never taken for another's.
std::uint64_t nextItemBase();

}  // namespace mf::mpi
