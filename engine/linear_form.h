#pragma once
// A number of the evaluation together with how it moves with the weights: the integer the engine
// computes, and, for each tunable term t, d(number)/d(weight t). The evaluation (eval.cpp) is
// written once for its arithmetic type; run with int it is the engine's own code, run with
// LinearForm it yields the static evaluation's coefficients (forward-mode differentiation).
//
// Rules of the arithmetic, so that value() is always the engine's integer, bit for bit:
//   - value(): the same int operations in the same order as the int code, C++ truncation included;
//   - coefficients: real arithmetic (a division divides, it does not truncate), so at other weights
//     constant + sum(coefficient x weight) differs from the engine only by the engine's integer
//     rounding, never by a rounded coefficient;
//   - a product of two LinearForms does not exist: every weight enters the evaluation linearly
//     (multiplied by counts of the board, divided by constants); a branch on a weighted value is
//     taken on value(), so a trace freezes it at the weights it was made at.
// Entries are sparse and kept in term order: a position touches a few dozen of the terms, and the
// evaluation of the next step has hundreds; a dense vector per operation would cost more than the
// evaluation.
#include <cstdint>
#include <utility>
#include <vector>

namespace mf {

class LinearForm {
public:
    struct Entry {
        std::uint16_t term = 0;    // index into evalTerms()
        double coefficient = 0.0;  // d(value) / d(weight of term)
    };

    // A constant: no weight in it.
    LinearForm(int value = 0) : value_(value) {}  // NOLINT(google-explicit-constructor): constants mix in freely
    // The weight of `term` itself, at `value`.
    static LinearForm weight(std::uint16_t term, int value) {
        LinearForm f(value);
        f.entries_.push_back({term, 1.0});
        return f;
    }

    int value() const { return value_; }
    const std::vector<Entry>& entries() const { return entries_; }

    LinearForm& operator+=(const LinearForm& o) { return combine(o, 1.0, o.value_); }
    LinearForm& operator-=(const LinearForm& o) { return combine(o, -1.0, -o.value_); }
    LinearForm& operator*=(int k) {
        value_ *= k;
        for (Entry& e : entries_) e.coefficient *= k;
        return *this;
    }
    LinearForm& operator/=(int k) {
        value_ /= k;  // the engine's truncation
        for (Entry& e : entries_) e.coefficient /= k;  // real division
        return *this;
    }
    LinearForm operator-() const {
        LinearForm f = *this;
        f *= -1;
        return f;
    }
    friend LinearForm operator+(LinearForm a, const LinearForm& b) {
        a += b;
        return a;
    }
    friend LinearForm operator-(LinearForm a, const LinearForm& b) {
        a -= b;
        return a;
    }
    friend LinearForm operator*(LinearForm a, int k) {
        a *= k;
        return a;
    }
    friend LinearForm operator*(int k, LinearForm a) {
        a *= k;
        return a;
    }
    friend LinearForm operator/(LinearForm a, int k) {
        a /= k;
        return a;
    }

private:
    // value_ += addedValue; entries += sign x o's entries, merged in term order. Most additions
    // accumulate terms already present (a sum over pieces) or append later ones: neither allocates.
    LinearForm& combine(const LinearForm& o, double sign, int addedValue) {
        value_ += addedValue;
        if (o.entries_.empty()) return *this;
        if (entries_.empty() || entries_.back().term < o.entries_.front().term) {
            for (const Entry& e : o.entries_) entries_.push_back({e.term, sign * e.coefficient});
            return *this;
        }
        if (addInPlace(o, sign)) return *this;
        std::vector<Entry> merged;
        merged.reserve(entries_.size() + o.entries_.size());
        auto a = entries_.begin();
        auto b = o.entries_.begin();
        while (a != entries_.end() || b != o.entries_.end()) {
            if (b == o.entries_.end() || (a != entries_.end() && a->term < b->term)) {
                merged.push_back(*a++);
            } else if (a == entries_.end() || b->term < a->term) {
                merged.push_back({b->term, sign * b->coefficient});
                ++b;
            } else {
                merged.push_back({a->term, a->coefficient + sign * b->coefficient});
                ++a;
                ++b;
            }
        }
        entries_ = std::move(merged);
        return *this;
    }
    // When every term of o is already here: adds in place and returns true.
    bool addInPlace(const LinearForm& o, double sign) {
        auto a = entries_.begin();
        for (const Entry& e : o.entries_) {
            while (a != entries_.end() && a->term < e.term) ++a;
            if (a == entries_.end() || a->term != e.term) return false;
            ++a;
        }
        a = entries_.begin();
        for (const Entry& e : o.entries_) {
            while (a->term < e.term) ++a;
            a->coefficient += sign * e.coefficient;
        }
        return true;
    }

    int value_ = 0;
    std::vector<Entry> entries_;
};

// The engine's integer, for branches the evaluation takes on a weighted value.
inline int exactValue(int v) { return v; }
inline int exactValue(const LinearForm& f) { return f.value(); }

}  // namespace mf
