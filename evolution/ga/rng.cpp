#include "evolution/ga/rng.h"

#include <charconv>
#include <cstdio>
#include <limits>

namespace mf::ga {

namespace {
// MT19937-64 constants ([rand.predef] mt19937_64).
constexpr std::size_t kShift = 156;
constexpr std::uint64_t kMatrix = 0xB5026F5AA96619E9ULL;
constexpr std::uint64_t kUpper = 0xFFFFFFFF80000000ULL;  // the top 33 bits
constexpr std::uint64_t kLower = 0x000000007FFFFFFFULL;  // the low 31 bits
} // namespace

Mt19937_64::Mt19937_64(std::uint64_t seed) {
    words[0] = seed;
    for (std::size_t i = 1; i < kWords; ++i)
        words[i] = 6364136223846793005ULL * (words[i - 1] ^ (words[i - 1] >> 62)) + i;
    index = kWords;
}

void Mt19937_64::regenerate() {
    for (std::size_t i = 0; i < kWords; ++i) {
        const std::uint64_t x = (words[i] & kUpper) | (words[(i + 1) % kWords] & kLower);
        words[i] = words[(i + kShift) % kWords] ^ (x >> 1) ^ ((x & 1U) ? kMatrix : 0U);
    }
    index = 0;
}

std::uint64_t Mt19937_64::operator()() {
    if (index >= kWords)
        regenerate();
    std::uint64_t y = words[index++];
    y ^= (y >> 29) & 0x5555555555555555ULL;
    y ^= (y << 17) & 0x71D67FFFEDA60000ULL;
    y ^= (y << 37) & 0xFFF7EEE000000000ULL;
    y ^= y >> 43;
    return y;
}

void Mt19937_64::discard(std::uint64_t count) {
    // Whole blocks of 312 draws only need the regeneration, not the tempering.
    while (count > 0) {
        if (index >= kWords)
            regenerate();
        const std::uint64_t step = std::min<std::uint64_t>(count, kWords - index);
        index += static_cast<std::size_t>(step);
        count -= step;
    }
}

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
    std::string out = "seed " + std::to_string(seed_) + " draws " + std::to_string(draws_);
    if (draws_ <= kMaxReplayDraws)
        return out;
    out += " state " + std::to_string(engine_.index);
    char word[24];
    for (std::uint64_t w : engine_.words) {
        std::snprintf(word, sizeof word, " %016llx", static_cast<unsigned long long>(w));
        out += word;
    }
    return out;
}

namespace {
void skipSpaces(std::string_view& text) {
    while (!text.empty() && text.front() == ' ')
        text.remove_prefix(1);
}

bool readWord(std::string_view& text, std::string_view word) {
    skipSpaces(text);
    if (text.substr(0, word.size()) != word)
        return false;
    text.remove_prefix(word.size());
    return true;
}

bool readNumber(std::string_view& text, std::uint64_t& out, int base = 10) {
    skipSpaces(text);
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out, base);
    if (ec != std::errc() || end == text.data())
        return false;
    text.remove_prefix(static_cast<std::size_t>(end - text.data()));
    return true;
}
} // namespace

std::optional<Rng> Rng::fromState(std::string_view text, std::string* why) {
    auto fail = [&](std::string reason) -> std::optional<Rng> {
        if (why)
            *why = std::move(reason);
        return std::nullopt;
    };
    std::uint64_t seed = 0;
    std::uint64_t draws = 0;
    if (!readWord(text, "seed ") || !readNumber(text, seed) || !readWord(text, "draws ") ||
        !readNumber(text, draws))
        return fail("expected 'seed <n> draws <n>' (optionally followed by 'state <i> <312 hex words>')");
    Rng rng(seed);
    rng.draws_ = draws;
    skipSpaces(text);
    if (text.empty()) {
        // Replaying is bounded: a larger count needs the state written beside it.
        if (draws > kMaxReplayDraws)
            return fail("draws " + std::to_string(draws) + " is more than " + std::to_string(kMaxReplayDraws) +
                        " and the generator's state is missing (replaying that many draws is refused)");
        rng.engine_.discard(draws);
        return rng;
    }
    std::uint64_t index = 0;
    if (!readWord(text, "state ") || !readNumber(text, index) || index > Mt19937_64::kWords)
        return fail("expected 'state <i> <312 hex words>' after the draws, i from 0 to 312");
    rng.engine_.index = static_cast<std::size_t>(index);
    bool allZero = true;
    for (std::uint64_t& w : rng.engine_.words) {
        if (!readNumber(text, w, 16))
            return fail("the generator's state needs 312 hexadecimal words");
        allZero = allZero && w == 0;
    }
    skipSpaces(text);
    if (!text.empty())
        return fail("unexpected text after the generator's state");
    if (allZero)
        return fail("the generator's state is all zero (not a state MT19937-64 can reach)");
    return rng;
}

} // namespace mf::ga
