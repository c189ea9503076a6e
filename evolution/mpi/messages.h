#pragma once
// What rank 0 and the worker ranks say to each other, by message family, as plain values and
// their byte form (wire.h). No MPI here: the messages are tested without it.
//
//   rank 0 -> worker   Start       the service to run (ServiceKind), its engines, timeouts,
//                                  engines per rank; for game pairs also the opponent's engine,
//                                  for data set scoring the data files (path and digest)
//   worker -> rank 0   StartReport host, this program's digest, the engines' digests and identities,
//                                  the data files' digests as this rank reads them, or why the
//                                  engines did not start                       (start_messages.h)
//   rank 0 -> worker   Item        one work item: an id, a kind, the kind's payload
//   rank 0 -> worker   Cancel      stop the item with this id (its result comes back Cancelled)
//   worker -> rank 0   ItemDone    the item's id and the kind's result payload (item_messages.h)
//   rank 0 -> worker   Release     quit the engines (the service is done); wait for Start
//   rank 0 -> worker   Shutdown    leave the worker loop
//
// The payload of each item kind: a search (search_payloads.h), a game pair
// (tuning/measures/games/games_wire.h), a chunk of a data set (tuning/measures/evalfit/evalfit_wire.h),
// a self-play game of make-dataset (self_play_payloads.h).

#include "evolution/mpi/item_messages.h"
#include "evolution/mpi/search_payloads.h"
#include "evolution/mpi/self_play_payloads.h"
#include "evolution/mpi/start_messages.h"

namespace mf::mpi {

enum class Tag : int { Start = 1, StartReport, Item, Cancel, ItemDone, Release, Shutdown };

}  // namespace mf::mpi
