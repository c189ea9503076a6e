// A number that is the whole of a text: the one rule for reading numbers from files, command lines
// and protocol lines. std::from_chars underneath, so the text is read the same in every locale,
// and a text that only starts with a number ("12abc", "1,5", " 7", "+3") is not one.
#pragma once

#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>

namespace mf {

// The value when all of `text` is one number of type T (an integer, or a floating-point value
// in from_chars' general format, which reads "inf" and "nan" too); nullopt when it is empty, has
// anything else in it, or does not fit in T.
template <class T>
std::optional<T> parseWholeNumber(std::string_view text) {
    T value{};
    const char* end = text.data() + text.size();
    const auto [stop, ec] = std::from_chars(text.data(), end, value);
    if (text.empty() || ec != std::errc() || stop != end) return std::nullopt;
    return value;
}

} // namespace mf
