#pragma once
// The last step of the gradient polish: from whole-valued weights, +-1 moves on the terms until no
// single move lowers E on the table.
//
// Why in sweeps: trying each move by scoring the whole table costs a pass over every row per move,
// 2 x terms passes a round; with the full evaluation (624 terms, 10^6 positions) a round took
// minutes and rounds went on for hours. A move of one term changes q only in the rows that use it,
// so one pass over the rows gives every term's change of E for +1 and for -1 at once (an exp per
// non-zero entry and direction). A sweep applies every move that lowers E on its own; as the moves
// are unit steps their interaction is second order, and when the sum of them does not lower E the
// sweep tries the better half of them, and so on down to the single best one, which does. It stops
// when no single move lowers E: the same end point as trying the moves one at a time.
#include <cstddef>
#include <span>
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/trace_table.h"

namespace mf::dataset {

struct UnitMoveTerm {
    std::size_t column = 0;  // the table's column
    int low = 0;             // its window
    int high = 0;
};

// For each of `terms`: the change of the summed squared error (not divided by the rows) when that
// term alone moves by +1 (`plus`) and by -1 (`minus`) from `weights`.
void unitMoveChanges(const TraceTable& table, double k, std::span<const double> weights,
                     const std::vector<UnitMoveTerm>& terms, std::size_t threads, std::vector<double>& plus,
                     std::vector<double>& minus);

struct UnitMoveResult {
    std::size_t moves = 0;   // +-1 moves kept
    std::size_t sweeps = 0;  // passes over the rows
};

// Moves `weights` (whole values inside the windows) until no single +-1 move of a term lowers E;
// `error` is E at `weights` on entry and at the result on return (traceError's value there).
UnitMoveResult polishByUnitMoves(const TraceTable& table, double k,
                                 std::vector<double>& weights, const std::vector<UnitMoveTerm>& terms, std::size_t threads,
                                 double& error);

}  // namespace mf::dataset
