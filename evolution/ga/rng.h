#pragma once
// The one random generator of a run. Every random choice of the GA draws from an Rng the caller
// owns, so the same seed and the same fitness values give the same evolution bit for bit.
//
// Portability: std::mt19937_64's output sequence is fixed by the C++ standard, but the
// std::uniform_*_distribution classes are not (each library maps raw draws differently) and the
// textual state of the engine differs between standard libraries. So raw 64-bit draws are mapped
// here by hand, and the saved state is (seed, number of raw draws so far): restoring replays the
// generator with discard(), which gives the same state on every conforming implementation.
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <string_view>

namespace mf::ga {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0);

    std::uint64_t next();                       // one raw 64-bit draw
    double uniform01();                         // in [0, 1), from the top 53 bits of one draw
    std::uint64_t below(std::uint64_t n);       // uniform in [0, n), n >= 1, by rejection
    bool bernoulli(double p);                   // true with probability p; always one draw

    std::uint64_t seed() const { return seed_; }
    std::uint64_t draws() const { return draws_; }

    // "seed <s> draws <d>"; fromState() accepts exactly what state() writes.
    std::string state() const;
    static std::optional<Rng> fromState(std::string_view text);

    friend bool operator==(const Rng& a, const Rng& b) { return a.seed_ == b.seed_ && a.draws_ == b.draws_; }

private:
    std::mt19937_64 engine_;
    std::uint64_t seed_ = 0;
    std::uint64_t draws_ = 0;
};

} // namespace mf::ga
