#pragma once
// Helpers shared by the passes over a trace table's rows (trace_error.cpp, unit_moves.cpp).
#include <algorithm>
#include <cstddef>
#include <numbers>
#include <thread>
#include <vector>

namespace mf::dataset {

// sigmoid(K q / 400) = 1 / (1 + 10^(-K q / 400)) = 1 / (1 + exp(-c q)), c = K ln 10 / 400: exp is
// the one transcendental call per row.
inline double logisticScale(double k) { return k * std::numbers::ln10 / 400.0; }

// Calls slice(first, count, part) for `threads` contiguous slices of `rows`, one thread each. The
// slices depend only on `rows` and `threads`, so sums made per slice and added in slice order are
// the same from run to run.
template <class Slice>
void forSlices(std::size_t rows, std::size_t threads, Slice slice) {
    threads = std::clamp<std::size_t>(threads, 1, std::max<std::size_t>(1, rows));
    std::vector<std::jthread> workers;
    for (std::size_t t = 1; t < threads; ++t)
        workers.emplace_back([&, t] { slice(rows * t / threads, rows * (t + 1) / threads - rows * t / threads, t); });
    slice(0, rows / threads, 0);
}

}  // namespace mf::dataset
