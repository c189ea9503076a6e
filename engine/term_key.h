#pragma once
// The transposition-table keys of tunable values (evalWeightsKey, searchConstantsKey): each value
// that differs from its default contributes a mixed (term, value) word, and the words are XORed,
// so a key is independent of order and 0 when every value is at its default.
#include <cstdint>

namespace mf {

// The word of term `termId` at `value`. Keys of different tables give their terms different ids,
// so a change in one table cannot cancel a change in the other.
inline std::uint64_t termValueWord(std::uint64_t termId, int value) {
    std::uint64_t x = (termId << 32) ^ static_cast<std::uint32_t>(value);
    // splitmix64's finaliser: every input bit affects every output bit.
    x += 0x9E3779B97F4A7C15ULL;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
    return x ^ (x >> 31);
}

}  // namespace mf
