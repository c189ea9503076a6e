#include "evolution/tuning/measures/evalfit/trace/trace_table.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <cstring>
#include <stdexcept>

#include <sys/mman.h>

namespace mf::dataset {

namespace {

// The largest multiple a cell holds.
constexpr double kMaxMultiple = 32767.0;
// A coefficient counts as a whole multiple of the scale when it is one to within float rounding
// (the engine writes float coefficients: about 6e-8 relative), with room for the scale's own.
constexpr double kMultipleTolerance = 2.5e-7;

// Below this a coefficient is an engine's rounding residue (1.8e-17 where two terms cancel).
constexpr double kZero = 1e-12;

bool isZero(double coefficient) { return std::abs(coefficient) < kZero; }

// The multiple of `coefficient` for `scale`, when it is a whole one within a cell's range.
std::optional<std::int16_t> multipleOf(double coefficient, float scale) {
    const double m = coefficient / double(scale);
    const double whole = std::round(m);
    if (std::abs(whole) > kMaxMultiple || std::abs(m - whole) > kMultipleTolerance * std::abs(whole)) return std::nullopt;
    return static_cast<std::int16_t>(whole);
}

bool allMultiples(std::span<const double> coefficients, float scale) {
    return std::all_of(coefficients.begin(), coefficients.end(), [&](double c) { return multipleOf(c, scale).has_value(); });
}

double smallestOf(std::span<const double> coefficients) {
    double smallest = std::numeric_limits<double>::infinity();
    for (double c : coefficients) smallest = std::min(smallest, std::abs(c));
    return smallest;
}

// A scale of which every coefficient is a whole multiple, or 0.
float oneScale(std::span<const double> coefficients) {
    const double smallest = smallestOf(coefficients);
    for (int divisor = 1; divisor <= kMaxScaleDivisor; ++divisor) {
        // The scale as the table keeps it (a float), so the multiples are checked against it.
        const auto scale = static_cast<float>(smallest / divisor);
        if (scale > 0.0f && std::isfinite(scale) && allMultiples(coefficients, scale)) return scale;
    }
    return 0.0f;
}

// The row's scales (see trace_table.h): {a, 0} when one does, {a, b} when the coefficients that
// are no multiple of a are all multiples of b, {0, 0} when neither. The first scale is tried on
// the smallest coefficient's first kMaxFirstDivisor divisors only: the search stays short on rows
// that are wide anyway.
constexpr int kMaxFirstDivisor = 32;
std::pair<float, float> scalesOf(std::span<const double> coefficients, std::vector<double>& rest) {
    if (coefficients.empty()) return {1.0f, 0.0f};
    if (const float a = oneScale(coefficients); a != 0.0f) return {a, 0.0f};
    const double smallest = smallestOf(coefficients);
    for (int divisor = 1; divisor <= kMaxFirstDivisor; ++divisor) {
        const auto a = static_cast<float>(smallest / divisor);
        if (!(a > 0.0f) || !std::isfinite(a)) continue;
        rest.clear();
        for (double c : coefficients)
            if (!multipleOf(c, a)) rest.push_back(c);
        if (const float b = oneScale(rest); b != 0.0f) return {a, b};
    }
    return {0.0f, 0.0f};
}

std::int16_t halfOf(std::uint32_t bits, int shift) { return static_cast<std::int16_t>(std::uint16_t(bits >> shift)); }

}  // namespace

void TraceTable::own() {
    constant_ = ownConstant_;
    scaleA_ = ownScaleA_;
    scaleB_ = ownScaleB_;
    rowEnd_ = ownRowEnd_;
    splitA_ = ownSplitA_;
    halfPoints_ = ownHalfPoints_;
    cells_ = ownCells_;
}

void TraceTable::addPosition(double constant, std::span<const TraceEntry> entries) {
    if (isView_) throw std::logic_error("rows added to a mapped trace table");
    thread_local std::vector<double> coefficients, rest;
    coefficients.clear();
    for (const TraceEntry& e : entries)
        if (!isZero(e.coefficient)) coefficients.push_back(e.coefficient);
    auto [a, b] = scalesOf(coefficients, rest);
    std::size_t inA = 0;
    if (a != 0.0f) {
        for (const TraceEntry& e : entries)
            if (!isZero(e.coefficient) && multipleOf(e.coefficient, a)) ++inA;
        if (inA > std::numeric_limits<std::uint16_t>::max()) a = b = 0.0f;
    }
    if (a != 0.0f) {
        // The first scale's cells, then the second's.
        for (const TraceEntry& e : entries)
            if (!isZero(e.coefficient))
                if (auto m = multipleOf(e.coefficient, a)) ownCells_.push_back({static_cast<std::uint16_t>(e.term), *m});
        for (const TraceEntry& e : entries)
            if (!isZero(e.coefficient) && !multipleOf(e.coefficient, a))
                ownCells_.push_back({static_cast<std::uint16_t>(e.term), *multipleOf(e.coefficient, b)});
    } else {
        for (const TraceEntry& e : entries) {
            if (isZero(e.coefficient)) continue;
            const auto bits = std::bit_cast<std::uint32_t>(static_cast<float>(e.coefficient));
            ownCells_.push_back({static_cast<std::uint16_t>(e.term), halfOf(bits, 16)});
            ownCells_.push_back({static_cast<std::uint16_t>(e.term), halfOf(bits, 0)});
        }
    }
    if (ownCells_.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a trace table holds at most 2^32 cells: trace the data set in smaller tables");
    ownConstant_.push_back(static_cast<float>(constant));
    ownScaleA_.push_back(a);
    ownScaleB_.push_back(b);
    ownRowEnd_.push_back(static_cast<std::uint32_t>(ownCells_.size()));
    ownSplitA_.push_back(static_cast<std::uint16_t>(inA));
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
    for (float s : scaleA_) wide += s == 0.0f;
    return wide;
}

std::size_t TraceTable::bytes() const {
    return cells_.size_bytes() + constant_.size_bytes() + scaleA_.size_bytes() + scaleB_.size_bytes() +
           rowEnd_.size_bytes() + splitA_.size_bytes() + halfPoints_.size_bytes();
}

void TraceTable::shrinkToFit() {
    if (isView_) return;
    ownConstant_.shrink_to_fit();
    ownScaleA_.shrink_to_fit();
    ownScaleB_.shrink_to_fit();
    ownRowEnd_.shrink_to_fit();
    ownSplitA_.shrink_to_fit();
    ownHalfPoints_.shrink_to_fit();
    ownCells_.shrink_to_fit();
    own();
}

namespace {

// Room for `span` in a block being laid out, 8-byte aligned; returns its offset.
template <class T>
std::size_t place(std::size_t& size, std::span<const T> span) {
    const std::size_t at = (size + 7) / 8 * 8;
    size = at + span.size_bytes();
    return at;
}

template <class T>
std::span<const T> copyInto(std::byte* block, std::size_t at, std::span<const T> span) {
    if (!span.empty()) std::memcpy(block + at, span.data(), span.size_bytes());
    return {reinterpret_cast<const T*>(block + at), span.size()};
}

}  // namespace

TraceTable TraceTable::packed() const {
    const Arrays from = arrays();
    std::size_t size = 0;
    const std::size_t at[] = {place(size, from.constants), place(size, from.scalesA), place(size, from.scalesB),
                              place(size, from.rowEnds),   place(size, from.splits),  place(size, from.halfPoints),
                              place(size, from.cells)};
    void* data = size == 0 ? MAP_FAILED : ::mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (data == MAP_FAILED) {
        TraceTable copy(*this);
        copy.shrinkToFit();
        return copy;
    }
    std::shared_ptr<const void> block(data, [size](const void* p) { ::munmap(const_cast<void*>(p), size); });
    auto* bytes = static_cast<std::byte*>(data);
    const Arrays to{copyInto(bytes, at[0], from.constants), copyInto(bytes, at[1], from.scalesA),
                    copyInto(bytes, at[2], from.scalesB),   copyInto(bytes, at[3], from.rowEnds),
                    copyInto(bytes, at[4], from.splits),    copyInto(bytes, at[5], from.halfPoints),
                    copyInto(bytes, at[6], from.cells)};
    return view(terms_, to, std::move(block));
}

void TraceTable::append(const TraceTable& other) {
    if (isView_) throw std::logic_error("rows added to a mapped trace table");
    const std::size_t base = ownCells_.size();
    if (base + other.cells_.size() > std::numeric_limits<std::uint32_t>::max())
        throw std::length_error("a trace table holds at most 2^32 cells: trace the data set in smaller tables");
    ownConstant_.insert(ownConstant_.end(), other.constant_.begin(), other.constant_.end());
    ownScaleA_.insert(ownScaleA_.end(), other.scaleA_.begin(), other.scaleA_.end());
    ownScaleB_.insert(ownScaleB_.end(), other.scaleB_.begin(), other.scaleB_.end());
    ownSplitA_.insert(ownSplitA_.end(), other.splitA_.begin(), other.splitA_.end());
    ownHalfPoints_.insert(ownHalfPoints_.end(), other.halfPoints_.begin(), other.halfPoints_.end());
    ownCells_.insert(ownCells_.end(), other.cells_.begin(), other.cells_.end());
    for (std::uint32_t end : other.rowEnd_) ownRowEnd_.push_back(static_cast<std::uint32_t>(base + end));
    own();
}

TraceTable TraceTable::view(std::vector<std::string> terms, const Arrays& arrays, std::shared_ptr<const void> keepAlive) {
    TraceTable table;
    table.terms_ = std::move(terms);
    table.constant_ = arrays.constants;
    table.scaleA_ = arrays.scalesA;
    table.scaleB_ = arrays.scalesB;
    table.rowEnd_ = arrays.rowEnds;
    table.splitA_ = arrays.splits;
    table.halfPoints_ = arrays.halfPoints;
    table.cells_ = arrays.cells;
    table.keepAlive_ = std::move(keepAlive);
    table.isView_ = true;
    return table;
}

TraceTable::TraceTable(const TraceTable& other) { *this = other; }

TraceTable& TraceTable::operator=(const TraceTable& other) {
    if (this == &other) return *this;
    // A view copies its views (the mapping stays shared); an owned table copies the arrays.
    if (other.isView_) return *this = view(other.terms_, other.arrays(), other.keepAlive_);
    TraceTable copy;
    copy.terms_ = other.terms_;
    copy.ownConstant_.assign(other.constant_.begin(), other.constant_.end());
    copy.ownScaleA_.assign(other.scaleA_.begin(), other.scaleA_.end());
    copy.ownScaleB_.assign(other.scaleB_.begin(), other.scaleB_.end());
    copy.ownRowEnd_.assign(other.rowEnd_.begin(), other.rowEnd_.end());
    copy.ownSplitA_.assign(other.splitA_.begin(), other.splitA_.end());
    copy.ownHalfPoints_.assign(other.halfPoints_.begin(), other.halfPoints_.end());
    copy.ownCells_.assign(other.cells_.begin(), other.cells_.end());
    copy.own();
    return *this = std::move(copy);
}

TraceTable::TraceTable(TraceTable&& other) noexcept { *this = std::move(other); }

TraceTable& TraceTable::operator=(TraceTable&& other) noexcept {
    if (this == &other) return *this;
    terms_ = std::move(other.terms_);
    ownConstant_ = std::move(other.ownConstant_);
    ownScaleA_ = std::move(other.ownScaleA_);
    ownScaleB_ = std::move(other.ownScaleB_);
    ownRowEnd_ = std::move(other.ownRowEnd_);
    ownSplitA_ = std::move(other.ownSplitA_);
    ownHalfPoints_ = std::move(other.ownHalfPoints_);
    ownCells_ = std::move(other.ownCells_);
    keepAlive_ = std::move(other.keepAlive_);
    isView_ = other.isView_;
    if (isView_) {
        constant_ = other.constant_;
        scaleA_ = other.scaleA_;
        scaleB_ = other.scaleB_;
        rowEnd_ = other.rowEnd_;
        splitA_ = other.splitA_;
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
