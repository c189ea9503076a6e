#pragma once
// A data set's traces as the passes over them see it: one row sequence made of the chunks' tables
// in order, without copying them. A run keeps its traces chunk by chunk (each a mapped cache file,
// or pages of its own), and a copy into one table would hold every row twice: at 10^7 positions
// that is ~2.9 GB more. Rows are numbered 0..size()-1 across the chunks, so a pass sliced by row
// number gives the same sums as over one table holding the same rows.
#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/trace_table.h"

namespace mf::dataset {

class TraceRows {
public:
    TraceRows() = default;
    // One table's rows (a view of it: the table must outlive this).
    TraceRows(const TraceTable& table) { add(table); }  // NOLINT: a table is its own row sequence

    // Appends `table`'s rows (same terms; the caller checks). Kept by reference.
    void add(const TraceTable& table) {
        tables_.push_back(&table);
        ends_.push_back(size() + table.size());
    }
    std::size_t size() const { return ends_.empty() ? 0 : ends_.back(); }
    const std::vector<std::string>& terms() const {
        static const std::vector<std::string> none;
        return tables_.empty() ? none : tables_.front()->terms();
    }

    // Calls f(table, row of that table) for the rows first, ..., first + count - 1, in order.
    template <class F>
    void forRange(std::size_t first, std::size_t count, F f) const {
        const std::size_t end = first + count;
        std::size_t chunk = chunkOf(first);
        for (std::size_t i = first; i < end; ++chunk) {
            const std::size_t begin = chunk == 0 ? 0 : ends_[chunk - 1];
            const std::size_t stop = std::min(end, ends_[chunk]);
            const TraceTable& table = *tables_[chunk];
            for (; i < stop; ++i) f(table, i - begin);
        }
    }
    // Calls f(table, row of that table) for row i.
    template <class F>
    void forRow(std::size_t i, F f) const {
        const std::size_t chunk = chunkOf(i);
        f(*tables_[chunk], i - (chunk == 0 ? 0 : ends_[chunk - 1]));
    }

private:
    std::size_t chunkOf(std::size_t i) const {
        return static_cast<std::size_t>(std::upper_bound(ends_.begin(), ends_.end(), i) - ends_.begin());
    }

    std::vector<const TraceTable*> tables_;
    std::vector<std::size_t> ends_;  // one past each chunk's last row
};

}  // namespace mf::dataset
