// A small, fast, seeded pseudo-random generator (xorshift64*). Every random choice in the engine
// comes from one of these, owned by the caller and seeded explicitly: runs are reproducible.
#pragma once

#include <cstdint>

namespace mf {

class Random {
public:
    using result_type = std::uint64_t;

    constexpr explicit Random(std::uint64_t seed) : state_(seed ? seed : 0x9E3779B97F4A7C15ULL) {}

    constexpr std::uint64_t next() {
        state_ ^= state_ >> 12;
        state_ ^= state_ << 25;
        state_ ^= state_ >> 27;
        return state_ * 2685821657736338717ULL;
    }
    // Numbers with about 1/8 of the bits set: good candidates for magic multipliers.
    constexpr std::uint64_t sparse() { return next() & next() & next(); }
    // Uniform enough in [0, bound) for tests and game play-outs (bound > 0).
    constexpr std::uint64_t below(std::uint64_t bound) { return next() % bound; }

    // UniformRandomBitGenerator, so <random> distributions and std::shuffle accept it.
    static constexpr std::uint64_t min() { return 0; }
    static constexpr std::uint64_t max() { return ~std::uint64_t(0); }
    constexpr std::uint64_t operator()() { return next(); }

private:
    std::uint64_t state_;
};

} // namespace mf
