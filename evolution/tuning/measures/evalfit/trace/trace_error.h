#pragma once
// Texel's error E computed from a data set's traces (trace_table.h): for every position
// q = constant + sum coefficient x weight, then (R - sigmoid(K q / 400))^2, summed. No engine is
// asked: a candidate costs one pass over the table, at memory speed. Rows are summed in order
// within a slice, slices in order, so a result never depends on the number of threads.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/trace_rows.h"
#include "evolution/tuning/measures/evalfit/trace/trace_table.h"
#include "evolution/uci/search_types.h"

namespace mf::dataset {

// A candidate's weights in the table's column order: each column's value from `options` when
// the candidate sets it, else from `base` (the values the trace was taken at, or the engine's
// defaults). A column named by neither is an error naming it.
struct TraceWeights {
    std::vector<double> values;
    std::string missing;  // non-empty: the first column no value was found for
};
TraceWeights traceWeights(const TraceTable& table, const uci::OptionValues& options, const uci::OptionValues& base);

// The table with only the columns named in `kept` (in the table's order): every other column is
// a weight no candidate changes, so its coefficient x its value in `base` moves into the row's
// constant. A genome of 30 of an engine's 654 terms then scores 13 non-zeros a row, not 68.
// `missing` names a folded column `base` has no value for (the table is then returned as it is).
TraceTable foldFixedColumns(const TraceTable& table, const std::vector<std::string>& kept, const uci::OptionValues& base,
                            std::string& missing);

// Sum over rows [first, first + count) of (R - sigmoid(K q / 400))^2, R each row's result.
double squaredErrorSum(const TraceTable& table, std::size_t first, std::size_t count, std::span<const double> weights,
                       double k);

// E over the whole table, on `threads` threads (1: this one), each taking one contiguous slice.
double traceError(const TraceRows& table, std::span<const double> weights, double k, std::size_t threads = 1);

// q of rows [first, first + count), rounded to whole centipawns as an engine reports them.
std::vector<int> traceScores(const TraceTable& table, std::size_t first, std::size_t count,
                             std::span<const double> weights);

// A batch of rows for the mini-batch gradient: rows order(first), ..., order(first + count - 1)
// of a shuffled order of the table's N rows, order(j) = (multiplier x j + offset) mod N with the
// multiplier prime to N: a permutation that costs no memory (a list of 10^7 row numbers would
// cost 40 MB) and is the same for the same multiplier and offset, so a descent resumed at a step
// takes the batch the uninterrupted one took. The whole table: multiplier 1, offset 0, all rows.
struct RowBatch {
    std::uint64_t multiplier = 1;
    std::uint64_t offset = 0;
    std::size_t first = 0;
    std::size_t count = 0;  // 0: every row
    std::size_t row(std::size_t j, std::size_t rows) const {
        // Below rows^2 + rows: no overflow for rows < 2^32 (a table holds fewer: trace_table.h).
        const std::uint64_t n = rows;
        return static_cast<std::size_t>(((multiplier % n) * ((first + j) % n) + offset % n) % n);
    }
};

// E and its gradient dE/dweight for every column over the batch's rows (the trace path makes E
// differentiable: q is linear in the weights, the sigmoid is smooth), each a mean over the
// batch. `gradient` is resized to the columns.
double traceErrorGradient(const TraceRows& table, std::span<const double> weights, double k,
                          std::vector<double>& gradient, std::size_t threads = 1, const RowBatch& batch = {});

}  // namespace mf::dataset
