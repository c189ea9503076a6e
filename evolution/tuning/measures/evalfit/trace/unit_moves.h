#pragma once
// The last step of the gradient polish: from whole-valued weights, +-1 moves on the terms until no
// single move lowers E on the table.
//
// Why in sweeps: trying each move by scoring the whole table costs a pass over every row per move,
// 2 x terms passes a round; with the full evaluation (624 terms, 10^6 positions) a round took
// minutes and rounds went on for hours. A move of one term changes q only in the rows that use it,
// so one pass over the rows gives every term's change of E for +1 and for -1 at once. A sweep
// applies every move that lowers E on its own; as the moves are unit steps their interaction is
// second order, and when the sum of them does not lower E (scored exactly, a pass over the rows)
// the sweep tries the better half of them, and so on down to the single best one. It stops when
// no single move lowers E.
//
// Why a Taylor series: a row's change for a move of a is f(q + a) - f(q), f(q) = (R - sigmoid(c q))^2.
// Taken exactly it costs two exp calls per non-zero and direction: at 10^7 positions (5.8 x 10^8
// non-zeros) 3 to 5 s a sweep, and the polish of the full evaluation takes a hundred sweeps and
// more. A unit move shifts q by |a| of a few tenths of a centipawn at most, where f's terms fall
// by c |a| (c ~ 0.006 a centipawn) each order: f' a + f'' a^2 / 2 + f''' a^3 / 6 is the change to
// a relative 1e-6 or better, with one exp per row: 4 to 5 times faster a sweep
// (tests/dataset/unit_moves_bench, which also prints the difference: 3.3e-9 relative at worst). Every set of moves
// is kept only when the exact E falls, so the series chooses moves and never accepts one.
#include <cstddef>
#include <functional>
#include <span>
#include <stop_token>
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/trace_rows.h"

namespace mf::dataset {

struct UnitMoveTerm {
    std::size_t column = 0;  // the table's column
    int low = 0;             // its window
    int high = 0;
};

// For each of `terms`: the change of the summed squared error (not divided by the rows) when that
// term alone moves by +1 (`plus`) and by -1 (`minus`) from `weights` (to third order in the move).
void unitMoveChanges(const TraceRows& table, double k, std::span<const double> weights,
                     const std::vector<UnitMoveTerm>& terms, std::size_t threads, std::vector<double>& plus,
                     std::vector<double>& minus);

struct UnitMoveResult {
    std::size_t moves = 0;   // +-1 moves kept
    std::size_t sweeps = 0;  // passes over the rows
    bool stopped = false;    // `stop` came first: the moves kept so far are in the weights
};

// After each sweep: its number, the moves kept so far, E.
using UnitMoveProgress = std::function<void(std::size_t sweeps, std::size_t moves, double error)>;

// Moves `weights` (whole values inside the windows) until no single +-1 move of a term lowers E;
// `error` is E at `weights` on entry and at the result on return (traceError's value there).
UnitMoveResult polishByUnitMoves(const TraceRows& table, double k, std::vector<double>& weights,
                                 const std::vector<UnitMoveTerm>& terms, std::size_t threads, double& error,
                                 std::stop_token stop = {}, const UnitMoveProgress& onSweep = {});

}  // namespace mf::dataset
