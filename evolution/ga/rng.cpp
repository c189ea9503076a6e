#include "evolution/ga/rng.h"

#include <charconv>
#include <limits>

namespace mf::ga {

Rng::Rng(std::uint64_t seed) : engine_(seed), seed_(seed) {}

std::uint64_t Rng::next() {
    ++draws_;
    return engine_();
}

double Rng::uniform01() {
    // 53 bits fill a double's mantissa exactly: k / 2^53 for k in [0, 2^53).
    return static_cast<double>(next() >> 11) * 0x1.0p-53;
}

std::uint64_t Rng::below(std::uint64_t n) {
    if (n <= 1) {
        next();  // keep the number of draws independent of n
        return 0;
    }
    // Reject the top partial block so every residue is equally likely: draws below
    // `threshold` = 2^64 mod n would make the small residues one count more frequent.
    const std::uint64_t threshold = (0 - n) % n;
    for (;;) {
        const std::uint64_t x = next();
        if (x >= threshold)
            return x % n;
    }
}

bool Rng::bernoulli(double p) {
    return uniform01() < p;
}

std::string Rng::state() const {
    return "seed " + std::to_string(seed_) + " draws " + std::to_string(draws_);
}

namespace {
bool readWord(std::string_view& text, std::string_view word) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    if (text.substr(0, word.size()) != word)
        return false;
    text.remove_prefix(word.size());
    return true;
}

bool readNumber(std::string_view& text, std::uint64_t& out) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
    if (ec != std::errc() || end == text.data())
        return false;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return true;
}
} // namespace

std::optional<Rng> Rng::fromState(std::string_view text) {
    std::uint64_t seed = 0;
    std::uint64_t draws = 0;
    if (!readWord(text, "seed ") || !readNumber(text, seed) || !readWord(text, "draws ") ||
        !readNumber(text, draws))
        return std::nullopt;
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
    if (!text.empty())
        return std::nullopt;
    Rng rng(seed);
    rng.engine_.discard(draws);
    rng.draws_ = draws;
    return rng;
}

} // namespace mf::ga
