#pragma once

#include <string_view>

namespace mf {

// The text without leading and trailing blanks (space, tab, and the CR/LF a Windows-edited file
// or a GUI may leave at line ends). Shared by the UCI command loop and the options-file reader.
inline std::string_view trim(std::string_view s) {
    const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
    while (!s.empty() && blank(s.front())) s.remove_prefix(1);
    while (!s.empty() && blank(s.back())) s.remove_suffix(1);
    return s;
}

} // namespace mf
