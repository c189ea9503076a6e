#include "evolution/ga/gray.h"

namespace mf::ga {

std::string toBitString(std::uint64_t n, int width) {
    std::string out(static_cast<std::size_t>(width), '0');
    for (int i = 0; i < width; ++i)
        if ((n >> (width - 1 - i)) & 1U)
            out[static_cast<std::size_t>(i)] = '1';
    return out;
}

std::string shortestBitString(std::uint64_t n) {
    int width = 1;
    while (width < 64 && (n >> width) != 0)
        ++width;
    return toBitString(n, width);
}

std::optional<std::uint64_t> parseBitString(std::string_view bits) {
    if (bits.empty() || bits.size() > 64)
        return std::nullopt;
    std::uint64_t n = 0;
    for (char c : bits) {
        if (c != '0' && c != '1')
            return std::nullopt;
        n = (n << 1) | static_cast<std::uint64_t>(c == '1');
    }
    return n;
}

GrayForms grayForms(std::uint64_t value) {
    return GrayForms{value, shortestBitString(value), shortestBitString(binaryToGray(value))};
}

std::optional<GrayForms> fromGrayString(std::string_view grayBits) {
    const auto gray = parseBitString(grayBits);
    if (!gray)
        return std::nullopt;
    return grayForms(grayToBinary(*gray));
}

} // namespace mf::ga
