#include "evolution/dataset/trace_table.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace mf::dataset {

namespace {

// The largest multiple a cell holds.
constexpr double kMaxMultiple = 32767.0;
// A coefficient counts as a whole multiple of the scale when it is one to within float rounding
// (the engine writes float coefficients: about 6e-8 relative), with room for the scale's own.
constexpr double kMultipleTolerance = 2.5e-7;

// The multiples of `entries` for `scale`, or false when one is not whole or too large.
bool multiplesOf(std::span<const TraceEntry> entries, double scale, std::vector<std::int16_t>& multiples) {
    multiples.clear();
    for (const TraceEntry& e : entries) {
        if (e.coefficient == 0.0) continue;
        const double m = e.coefficient / scale;
        const double whole = std::round(m);
        if (std::abs(whole) > kMaxMultiple || std::abs(m - whole) > kMultipleTolerance * std::abs(whole)) return false;
        multiples.push_back(static_cast<std::int16_t>(whole));
    }
    return true;
}

// The row's scale (see trace_table.h), or 0 when it has none within kMaxScaleDivisor.
float findScale(std::span<const TraceEntry> entries, std::vector<std::int16_t>& multiples) {
    double smallest = std::numeric_limits<double>::infinity();
    for (const TraceEntry& e : entries)
        if (e.coefficient != 0.0) smallest = std::min(smallest, std::abs(e.coefficient));
    if (!std::isfinite(smallest)) return 1.0f;  // no non-zero: any scale will do
    for (int divisor = 1; divisor <= kMaxScaleDivisor; ++divisor) {
        // The scale as the table keeps it (a float), so the multiples are checked against it.
        const float scale = static_cast<float>(smallest / divisor);
        if (scale > 0.0f && std::isfinite(scale) && multiplesOf(entries, scale, multiples)) return scale;
    }
    return 0.0f;
}

std::int16_t halfOf(std::uint32_t bits, int shift) { return static_cast<std::int16_t>(std::uint16_t(bits >> shift)); }

}  // namespace

void TraceTable::own() {
    constant_ = ownConstant_;
    scale_ = ownScale_;
    rowEnd_ = ownRowEnd_;
    halfPoints_ = ownHalfPoints_;
    cells_ = ownCells_;
}

void TraceTable::addPosition(double constant, std::span<const TraceEntry> entries) {
    if (isView_) throw std::logic_error("rows added to a mapped trace table");
    thread_local std::vector<std::int16_t> multiples;
    const float scale = findScale(entries, multiples);
    if (scale != 0.0f) {
        std::size_t m = 0;
        for (const TraceEntry& e : entries)
            if (e.coefficient != 0.0) ownCells_.push_back({static_cast<std::uint16_t>(e.term), multiples[m++]});
    } else {
        for (const TraceEntry& e : entries) {
            if (e.coefficient == 0.0) continue;
            const auto bits = std::bit_cast<std::uint32_t>(static_cast<float>(e.coefficient));
            ownCells_.push_back({static_cast<std::uint16_t>(e.term), halfOf(bits, 16)});
            ownCells_.push_back({static_cast<std::uint16_t>(e.term), halfOf(bits, 0)});
        }
    }
    if (ownCells_.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a trace table holds at most 2^32 cells: trace the data set in smaller tables");
    ownConstant_.push_back(static_cast<float>(constant));
    ownScale_.push_back(scale);
    ownRowEnd_.push_back(static_cast<std::uint32_t>(ownCells_.size()));
    ownHalfPoints_.push_back(1);
    own();
}

void TraceTable::setResults(std::span<const double> results) {
    if (isView_) throw std::logic_error("results set on a mapped trace table");
    for (std::size_t i = 0; i < ownHalfPoints_.size() && i < results.size(); ++i)
        ownHalfPoints_[i] = static_cast<std::uint8_t>(std::lround(std::clamp(results[i], 0.0, 1.0) * 2.0));
}

void TraceTable::shiftConstant(std::size_t i, double by) {
    if (isView_) throw std::logic_error("a mapped trace table changed");
    ownConstant_[i] = static_cast<float>(double(ownConstant_[i]) + by);
}

std::size_t TraceTable::wideRows() const {
    std::size_t wide = 0;
    for (float s : scale_) wide += s == 0.0f;
    return wide;
}

std::size_t TraceTable::bytes() const {
    return cells_.size_bytes() + constant_.size_bytes() + scale_.size_bytes() + rowEnd_.size_bytes() +
           halfPoints_.size_bytes();
}

void TraceTable::append(const TraceTable& other) {
    if (isView_) throw std::logic_error("rows added to a mapped trace table");
    const std::size_t base = ownCells_.size();
    if (base + other.cells_.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a trace table holds at most 2^32 cells: trace the data set in smaller tables");
    ownConstant_.insert(ownConstant_.end(), other.constant_.begin(), other.constant_.end());
    ownScale_.insert(ownScale_.end(), other.scale_.begin(), other.scale_.end());
    ownHalfPoints_.insert(ownHalfPoints_.end(), other.halfPoints_.begin(), other.halfPoints_.end());
    ownCells_.insert(ownCells_.end(), other.cells_.begin(), other.cells_.end());
    for (std::uint32_t end : other.rowEnd_) ownRowEnd_.push_back(static_cast<std::uint32_t>(base + end));
    own();
}

TraceTable TraceTable::view(std::vector<std::string> terms, const Arrays& arrays, std::shared_ptr<const void> keepAlive) {
    TraceTable table;
    table.terms_ = std::move(terms);
    table.constant_ = arrays.constants;
    table.scale_ = arrays.scales;
    table.rowEnd_ = arrays.rowEnds;
    table.halfPoints_ = arrays.halfPoints;
    table.cells_ = arrays.cells;
    table.keepAlive_ = std::move(keepAlive);
    table.isView_ = true;
    return table;
}

TraceTable::TraceTable(const TraceTable& other) { *this = other; }

TraceTable& TraceTable::operator=(const TraceTable& other) {
    if (this == &other) return *this;
    terms_ = other.terms_;
    ownConstant_ = other.ownConstant_;
    ownScale_ = other.ownScale_;
    ownRowEnd_ = other.ownRowEnd_;
    ownHalfPoints_ = other.ownHalfPoints_;
    ownCells_ = other.ownCells_;
    keepAlive_ = other.keepAlive_;
    isView_ = other.isView_;
    if (isView_) {
        constant_ = other.constant_;
        scale_ = other.scale_;
        rowEnd_ = other.rowEnd_;
        halfPoints_ = other.halfPoints_;
        cells_ = other.cells_;
    } else {
        own();
    }
    return *this;
}

TraceTable::TraceTable(TraceTable&& other) noexcept { *this = std::move(other); }

TraceTable& TraceTable::operator=(TraceTable&& other) noexcept {
    if (this == &other) return *this;
    terms_ = std::move(other.terms_);
    ownConstant_ = std::move(other.ownConstant_);
    ownScale_ = std::move(other.ownScale_);
    ownRowEnd_ = std::move(other.ownRowEnd_);
    ownHalfPoints_ = std::move(other.ownHalfPoints_);
    ownCells_ = std::move(other.ownCells_);
    keepAlive_ = std::move(other.keepAlive_);
    isView_ = other.isView_;
    if (isView_) {
        constant_ = other.constant_;
        scale_ = other.scale_;
        rowEnd_ = other.rowEnd_;
        halfPoints_ = other.halfPoints_;
        cells_ = other.cells_;
    } else {
        own();
    }
    other.isView_ = false;
    other.own();
    return *this;
}

}  // namespace mf::dataset
