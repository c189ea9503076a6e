#pragma once
// The polish by gradient, on a data set's traces: q is linear in the weights, so E is smooth in
// them and its gradient costs one pass over the table (trace_error.h). Adam's update (per-term step
// sizes from running averages of the gradient and its square) walks every genome term at once;
// the weights stay real-valued during the descent, are kept inside the terms' windows, and are
// rounded to whole values at the end, then polished by +-1 steps on the same table until no single
// unit step lowers E (the rounding can cost a little; unit_moves.h).
//
// Why Adam and not plain gradient steps: E's slope differs by orders of magnitude between terms
// (a queen's value moves q in few positions, the tempo in all of them), and Adam's per-term
// scaling makes one step size (in centipawns) fit every term.
#include <cstddef>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "evolution/dataset/trace_table.h"
#include "evolution/dataset/unit_moves.h"

namespace mf::dataset {

// A moving term: its column and window.
using GradientTerm = UnitMoveTerm;

struct GradientSettings {
    int iterations = 400;
    double step = 2.0;          // Adam's step size, centipawns, decayed linearly to a tenth
    std::size_t threads = 1;
};

struct GradientStep {
    int iteration = 0;
    double error = 0.0;
};

struct GradientResult {
    std::vector<int> values;     // genome order (as `terms`)
    double error = 0.0;          // E at `values` on the table
    int iterations = 0;
    std::size_t unitSteps = 0;   // +-1 moves kept after rounding
};

// Centipawns of q per unit of each column's weight, where the column is used: the mean |coefficient|
// over its non-zero entries (1 for a column no row uses). Adam moves a weight by about its rate a
// step whatever the gradient's size, so dividing the rate by this makes a step move q by about the
// same number of centipawns for every term, whatever its unit (a piece value in centipawns, a
// piece-square entry in 1/30 cp, a king distance in 1/96 cp).
std::vector<double> centipawnsPerUnit(const TraceTable& table);

// `weights`: every column's value at the start (trace_error.h's traceWeights); the terms' columns
// move, the others stay. `onStep` (optional) sees every 20th iteration.
GradientResult descendByGradient(const TraceTable& table, std::span<const double> results, double k,
                                 std::vector<double> weights, const std::vector<GradientTerm>& terms,
                                 const GradientSettings& settings,
                                 const std::function<void(const GradientStep&)>& onStep = {});

}  // namespace mf::dataset
