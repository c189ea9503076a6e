#pragma once
// Reflected binary (Gray) code. Neighbouring values differ in one bit, so a single mutation
// moves a weight by a small step more often than plain binary would.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mf::ga {

constexpr std::uint64_t binaryToGray(std::uint64_t n) { return n ^ (n >> 1); }

constexpr std::uint64_t grayToBinary(std::uint64_t g) {
    for (int shift = 1; shift < 64; shift <<= 1)
        g ^= g >> shift;
    return g;
}

// The lowest `width` bits of n, most significant first ("0101" for 5, width 4).
std::string toBitString(std::uint64_t n, int width);

// Shortest form: no leading zeros, "0" for zero.
std::string shortestBitString(std::uint64_t n);

// A string of '0'/'1' (1..64 characters) as a number; nullopt for anything else.
std::optional<std::uint64_t> parseBitString(std::string_view bits);

// What the GUI's converter shows for a number: its shortest binary and Gray forms.
struct GrayForms {
    std::uint64_t value = 0;
    std::string binary;  // shortest binary of value
    std::string gray;    // shortest binary of binaryToGray(value); same length as `binary`
};
GrayForms grayForms(std::uint64_t value);

// The converter's other direction: a Gray bit string to the number it encodes.
std::optional<GrayForms> fromGrayString(std::string_view grayBits);

} // namespace mf::ga
