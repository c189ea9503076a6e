#pragma once
// The one random generator of a run. Every random choice of the GA draws from an Rng the caller
// owns, so the same seed and the same fitness values give the same evolution bit for bit.
//
// Portability: the generator is MT19937-64, whose output sequence the C++ standard fixes
// (std::mt19937_64; tested against it), implemented here so its state can be saved and restored
// exactly: the std engine's textual state differs between standard libraries, and the
// std::uniform_*_distribution classes map raw draws differently in each library. So raw 64-bit
// draws are mapped here by hand too.
//
// Saved state (population files): "seed <s> draws <d>" while d <= kMaxReplayDraws — restoring
// replays d draws, well under a second — and "seed <s> draws <d> state <i> <312 hex words>"
// beyond, so loading a file never replays more than kMaxReplayDraws draws whatever it says: a
// file claiming more draws without the state is refused with a clear reason.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mf::ga {

// MT19937-64 with an open state (same output as std::mt19937_64 for the same seed).
class Mt19937_64 {
public:
    static constexpr std::size_t kWords = 312;
    explicit Mt19937_64(std::uint64_t seed = 5489);
    std::uint64_t operator()();
    void discard(std::uint64_t count);

    std::array<std::uint64_t, kWords> words{};
    std::size_t index = kWords;  // next word to temper; kWords: regenerate first

    friend bool operator==(const Mt19937_64&, const Mt19937_64&) = default;

private:
    void regenerate();
};

class Rng {
public:
    // Loading replays at most this many draws (about 0.3 s); beyond it the state is written out.
    static constexpr std::uint64_t kMaxReplayDraws = 100'000'000;

    explicit Rng(std::uint64_t seed = 0);

    std::uint64_t next();                       // one raw 64-bit draw
    double uniform01();                         // in [0, 1), from the top 53 bits of one draw
    std::uint64_t below(std::uint64_t n);       // uniform in [0, n), n >= 1, by rejection
    bool bernoulli(double p);                   // true with probability p; always one draw

    std::uint64_t seed() const { return seed_; }
    std::uint64_t draws() const { return draws_; }

    // "seed <s> draws <d>" (+ " state <i> <words>" past kMaxReplayDraws); fromState() accepts
    // what state() writes and says in `why` (when given) what is wrong with anything else.
    std::string state() const;
    static std::optional<Rng> fromState(std::string_view text, std::string* why = nullptr);

    friend bool operator==(const Rng& a, const Rng& b) { return a.seed_ == b.seed_ && a.draws_ == b.draws_; }

private:
    Mt19937_64 engine_;
    std::uint64_t seed_ = 0;
    std::uint64_t draws_ = 0;
};

} // namespace mf::ga
