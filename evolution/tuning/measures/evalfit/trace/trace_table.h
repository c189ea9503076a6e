#pragma once
// A data set's evaluation traces: for every position, the score q (White's view, centipawns) as a
// linear function of the engine's weights,
//     q = constant + sum over terms t of coefficient(t) * weight(t),
// recorded once (from the engine's `evalfit trace`, or by finite differences through `evalfit
// scores` or UCI) so that any candidate's q, and Texel's E over the whole data set, costs dot
// products instead of a search per position. Each row also holds its position's game result.
//
// Layout: compressed rows, 4 bytes a non-zero coefficient and 19 bytes a row (docs/evalfit.md,
// "What a position costs"). An engine's coefficients are counts of the board times a few common
// fractions (the game phase over 24, a term's divisor: 1/360 for a piece-square entry, 1/512 for
// the king's safety), so the coefficients of a row are whole multiples of one or two small
// numbers: a row keeps them (its scales, floats) and each non-zero as a 16-bit term index and a
// 16-bit signed multiple, the cells of the first scale before those of the second. A scale is
// found when the row is added: the smallest coefficient (of those left) divided by 1, 2, ... up
// to kMaxScaleDivisor, the first that gives every coefficient (or, for the first of two, some) as
// a whole multiple to float precision. A row without such scales (finite differences of noisy
// scores, an engine with irregular fractions) is kept wide: first scale 0 and each coefficient as
// a float split over two cells, 8 bytes a non-zero. Either way q differs from the engine's float
// coefficients by float rounding only (below 1e-4 cp at weights of a few thousand). A coefficient
// below 1e-12 is a zero (an engine's rounding residue: it moves q by less than 1e-8 cp). The
// constant is a float too, and the result a byte (half points).
//
// The arrays are views: of vectors the table owns (a table being built), or of a file mapped into
// memory (trace_cache.h: the cache on disk is the table), kept alive by `keepAlive`.
#include <bit>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

namespace mf::dataset {

struct TraceEntry {
    std::uint32_t term = 0;    // column: index into TraceTable::terms()
    double coefficient = 0.0;  // centipawns of q per unit of the term's weight
};

// One non-zero: a column and the coefficient's multiple of the row's scale (or, in a wide row,
// half of the coefficient's float bits).
struct TraceCell {
    std::uint16_t column = 0;
    std::int16_t multiple = 0;
};
static_assert(sizeof(TraceCell) == 4);

inline constexpr int kMaxScaleDivisor = 128;

class TraceTable {
public:
    // The engine's term names (UCI option names), one per column, in the engine's order.
    const std::vector<std::string>& terms() const { return terms_; }
    void setTerms(std::vector<std::string> names) { terms_ = std::move(names); }

    // Appends one position. Zero coefficients are dropped. Terms must be < terms().size()
    // (the readers check it and name the line; here it is a precondition).
    void addPosition(double constant, std::span<const TraceEntry> entries);
    // Each row's game result, White's view (0, 0.5, 1), in row order; one per row (a row added
    // without one is a draw until then).
    void setResults(std::span<const double> results);
    // Moves row i's constant by `by` centipawns (the trace anchored on the engine's own scores).
    void shiftConstant(std::size_t i, double by);

    std::size_t size() const { return constant_.size(); }
    static constexpr std::size_t kRowBytes = 19;  // constant, two scales, row end, split, result
    std::size_t cellCount() const { return cells_.size(); }
    std::size_t wideRows() const;
    // Bytes the rows take (what a position costs: docs/evalfit.md).
    std::size_t bytes() const;

    std::uint32_t rowStart(std::size_t i) const { return i == 0 ? 0 : rowEnd_[i - 1]; }
    std::uint32_t rowEnd(std::size_t i) const { return rowEnd_[i]; }
    double constant(std::size_t i) const { return constant_[i]; }
    double result(std::size_t i) const { return double(halfPoints_[i]) / 2.0; }
    bool wide(std::size_t i) const { return scaleA_[i] == 0.0f; }

    // Sum of coefficient x weights[column] over row i.
    double dot(std::size_t i, const double* weights) const {
        const TraceCell* cell = cells_.data();
        const std::uint32_t start = rowStart(i), end = rowEnd_[i];
        if (scaleA_[i] != 0.0f) {
            const std::uint32_t split = start + splitA_[i];
            double a = 0.0, b = 0.0;
            for (std::uint32_t k = start; k < split; ++k) a += double(cell[k].multiple) * weights[cell[k].column];
            for (std::uint32_t k = split; k < end; ++k) b += double(cell[k].multiple) * weights[cell[k].column];
            return a * double(scaleA_[i]) + b * double(scaleB_[i]);
        }
        double sum = 0.0;
        for (std::uint32_t k = start; k < end; k += 2) sum += wideCoefficient(cell[k], cell[k + 1]) * weights[cell[k].column];
        return sum;
    }
    // q of position i for `weights` (one per term, in terms() order).
    double score(std::size_t i, std::span<const double> weights) const { return constant_[i] + dot(i, weights.data()); }
    // Calls f(column, coefficient) for every non-zero of row i (a column once, in no set order).
    template <class F>
    void forEachCoefficient(std::size_t i, F f) const {
        const TraceCell* cell = cells_.data();
        const std::uint32_t start = rowStart(i), end = rowEnd_[i];
        if (scaleA_[i] != 0.0f) {
            const std::uint32_t split = start + splitA_[i];
            const double a = scaleA_[i], b = scaleB_[i];
            for (std::uint32_t k = start; k < split; ++k) f(cell[k].column, double(cell[k].multiple) * a);
            for (std::uint32_t k = split; k < end; ++k) f(cell[k].column, double(cell[k].multiple) * b);
        } else {
            for (std::uint32_t k = start; k < end; k += 2) f(cell[k].column, wideCoefficient(cell[k], cell[k + 1]));
        }
    }

    // Appends another table's rows (same terms; the caller checks). For traces made in chunks.
    void append(const TraceTable& other);
    // Gives back what the arrays reserved while rows were added (a vector grows by doubling): a
    // table kept for the run holds its rows and nothing more.
    void shrinkToFit();
    // The same rows in one block of pages of their own (an anonymous mapping), as a read-only
    // view. A table kept for a whole run lives there: the heap is left to what comes and goes
    // (a chunk's wide traces, folded and freed), so freed heap pages go back to the system
    // instead of being pinned between kept rows (without it the run's peak was ~45 % above its
    // rows). Falls back to shrinkToFit on a copy when no mapping can be made.
    TraceTable packed() const;

    // The raw arrays, for the cache file (trace_cache.h) and a table made over a mapped one.
    struct Arrays {
        std::span<const float> constants;
        std::span<const float> scalesA;
        std::span<const float> scalesB;
        std::span<const std::uint32_t> rowEnds;
        std::span<const std::uint16_t> splits;  // cells of the first scale in each row
        std::span<const std::uint8_t> halfPoints;
        std::span<const TraceCell> cells;
    };
    Arrays arrays() const { return {constant_, scaleA_, scaleB_, rowEnd_, splitA_, halfPoints_, cells_}; }
    // A table over arrays that live elsewhere (a mapped file), which `keepAlive` keeps. Read only:
    // adding rows to it is a precondition violation. The caller has checked the arrays' sizes
    // and that every row end and column is in range.
    static TraceTable view(std::vector<std::string> terms, const Arrays& arrays, std::shared_ptr<const void> keepAlive);

private:
    static double wideCoefficient(TraceCell high, TraceCell low) {
        const auto bits = std::uint32_t(std::uint16_t(high.multiple)) << 16 | std::uint16_t(low.multiple);
        return double(std::bit_cast<float>(bits));
    }
    void own();  // makes the views point at the owned vectors (after they may have moved)

    std::vector<std::string> terms_;
    // Owned storage (empty for a view), and the views every reader uses.
    std::vector<float> ownConstant_, ownScaleA_, ownScaleB_;
    std::vector<std::uint32_t> ownRowEnd_;
    std::vector<std::uint16_t> ownSplitA_;
    std::vector<std::uint8_t> ownHalfPoints_;
    std::vector<TraceCell> ownCells_;
    std::span<const float> constant_, scaleA_, scaleB_;
    std::span<const std::uint32_t> rowEnd_;
    std::span<const std::uint16_t> splitA_;
    std::span<const std::uint8_t> halfPoints_;
    std::span<const TraceCell> cells_;
    std::shared_ptr<const void> keepAlive_;
    bool isView_ = false;

public:
    TraceTable() = default;
    TraceTable(const TraceTable& other);
    TraceTable& operator=(const TraceTable& other);
    TraceTable(TraceTable&& other) noexcept;
    TraceTable& operator=(TraceTable&& other) noexcept;
};

}  // namespace mf::dataset
