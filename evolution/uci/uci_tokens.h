#pragma once
// Whitespace tokenizer and number parsing shared by the UCI line parsers (internal header).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/whole_number.h"

namespace mf::uci::detail {

inline std::vector<std::string_view> tokenize(std::string_view line) {
    std::vector<std::string_view> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n')) ++i;
        std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '\r' && line[i] != '\n') ++i;
        if (i > start) tokens.push_back(line.substr(start, i - start));
    }
    return tokens;
}

// An integer token. Unlike parseWholeNumber a leading '+' is accepted: these parsers read what
// other engines send, and "+30" from one of them still means a single number.
template <class Int>
std::optional<Int> parseInteger(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    return parseWholeNumber<Int>(text);
}

// Joins tokens [first, last) with single spaces (UCI names and values may hold spaces).
inline std::string joinTokens(const std::vector<std::string_view>& tokens, std::size_t first, std::size_t last) {
    std::string out;
    for (std::size_t i = first; i < last && i < tokens.size(); ++i) {
        if (!out.empty()) out += ' ';
        out += tokens[i];
    }
    return out;
}

}  // namespace mf::uci::detail
