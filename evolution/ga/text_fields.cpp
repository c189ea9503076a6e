#include "evolution/ga/text_fields.h"

#include "engine/whole_number.h"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace mf::ga {

std::string trim(std::string_view s) {
    const auto isSpace = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
    while (!s.empty() && isSpace(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back()))
        s.remove_suffix(1);
    return std::string(s);
}

std::vector<std::string> split(std::string_view s, char separator) {
    std::vector<std::string> parts;
    std::size_t start = 0;
    for (;;) {
        const std::size_t at = s.find(separator, start);
        parts.push_back(trim(s.substr(start, at == std::string_view::npos ? std::string_view::npos : at - start)));
        if (at == std::string_view::npos)
            return parts;
        start = at + 1;
    }
}

std::vector<NumberedLine> nonBlankLines(std::string_view text) {
    std::vector<NumberedLine> lines;
    int number = 0;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        ++number;
        std::string line = trim(text.substr(start, end - start));
        if (!line.empty())
            lines.push_back({number, std::move(line)});
        start = end + 1;
    }
    return lines;
}

namespace {
template <class T>
bool parseWhole(std::string_view s, T& out) {
    const auto value = parseWholeNumber<T>(s);
    if (!value)
        return false;
    out = *value;
    return true;
}
} // namespace

bool parseInt(std::string_view s, int& out) { return parseWhole(s, out); }
bool parseInt64(std::string_view s, std::int64_t& out) { return parseWhole(s, out); }
bool parseUnsigned(std::string_view s, std::uint64_t& out) { return parseWhole(s, out); }

bool parseDouble(std::string_view s, double& out) {
    double value = 0;
    if (!parseWhole(s, value) || !std::isfinite(value))
        return false;
    out = value;
    return true;
}

std::string formatDouble(double x) {
    char buffer[64];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, x);
    return ec == std::errc() ? std::string(buffer, end) : std::string("nan");
}

} // namespace mf::ga
