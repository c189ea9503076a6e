#pragma once
// A data set's evaluation traces: for every position, the score q (White's view, centipawns) as a
// linear function of the engine's weights,
//     q = constant + sum over terms t of coefficient(t) * weight(t),
// recorded once (from the engine's `evalfit trace`, or by finite differences through `evalfit
// scores` or UCI) so that any candidate's q, and Texel's E over the whole data set, costs dot
// products instead of a search per position.
//
// Layout: compressed rows (CSR). Most positions touch few terms (material differences are often 0,
// a term absent from the board contributes nothing), and the full evaluation of the next step has
// hundreds of terms of which a position uses a few dozen, so the rows keep only non-zero
// coefficients: a float each (the rounding it adds to q is below 1e-4 cp at weights of a few
// thousand), with a 16-bit term index, plus a double constant per position.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace mf::dataset {

struct TraceEntry {
    std::uint32_t term = 0;    // column: index into TraceTable::terms()
    double coefficient = 0.0;  // centipawns of q per unit of the term's weight
};

class TraceTable {
public:
    // The engine's term names (UCI option names), one per column, in the engine's order.
    const std::vector<std::string>& terms() const { return terms_; }
    void setTerms(std::vector<std::string> names) { terms_ = std::move(names); }

    // Appends one position. Zero coefficients are dropped. Terms must be < terms().size()
    // (the readers check it and name the line; here it is a precondition).
    void addPosition(double constant, std::span<const TraceEntry> entries) {
        constant_.push_back(constant);
        for (const TraceEntry& e : entries) {
            if (e.coefficient == 0.0) continue;
            column_.push_back(static_cast<std::uint16_t>(e.term));
            coefficient_.push_back(static_cast<float>(e.coefficient));
        }
        rowEnd_.push_back(static_cast<std::uint32_t>(column_.size()));
    }

    // Moves row i's constant by `by` centipawns (the trace anchored on the engine's own scores).
    void shiftConstant(std::size_t i, double by) { constant_[i] += by; }

    std::size_t size() const { return constant_.size(); }
    std::size_t nonZeros() const { return column_.size(); }

    // Row i: [rowStart(i), rowEnd(i)) in columns() and coefficients().
    std::uint32_t rowStart(std::size_t i) const { return i == 0 ? 0 : rowEnd_[i - 1]; }
    std::uint32_t rowEnd(std::size_t i) const { return rowEnd_[i]; }
    double constant(std::size_t i) const { return constant_[i]; }
    const std::vector<double>& constants() const { return constant_; }
    const std::vector<std::uint32_t>& rowEnds() const { return rowEnd_; }
    const std::vector<std::uint16_t>& columns() const { return column_; }
    const std::vector<float>& coefficients() const { return coefficient_; }

    // q of position i for `weights` (one per term, in terms() order).
    double score(std::size_t i, std::span<const double> weights) const {
        double q = constant_[i];
        for (std::uint32_t k = rowStart(i); k < rowEnd_[i]; ++k) q += double(coefficient_[k]) * weights[column_[k]];
        return q;
    }

    // Appends another table's rows (same terms; the caller checks). For traces made in chunks.
    void append(const TraceTable& other) {
        const auto base = static_cast<std::uint32_t>(column_.size());
        constant_.insert(constant_.end(), other.constant_.begin(), other.constant_.end());
        column_.insert(column_.end(), other.column_.begin(), other.column_.end());
        coefficient_.insert(coefficient_.end(), other.coefficient_.begin(), other.coefficient_.end());
        for (std::uint32_t end : other.rowEnd_) rowEnd_.push_back(base + end);
    }

private:
    std::vector<std::string> terms_;
    std::vector<double> constant_;
    std::vector<std::uint32_t> rowEnd_;
    std::vector<std::uint16_t> column_;
    std::vector<float> coefficient_;
};

}  // namespace mf::dataset
