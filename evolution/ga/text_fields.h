#pragma once
// Small, locale-independent text helpers for the population file (internal to mf_ga).
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mf::ga {

std::string trim(std::string_view s);
std::vector<std::string> split(std::string_view s, char separator);  // parts trimmed

// A line of a text file, trimmed, with its 1-based number (kept for error messages).
struct NumberedLine {
    int number;
    std::string text;
};
// The lines of `text` (split at '\n', so CRLF files read the same) that are not blank.
std::vector<NumberedLine> nonBlankLines(std::string_view text);

// Whole-string parses (no trailing junk), std::from_chars based, so "1,5" or "12abc" fail.
bool parseInt(std::string_view s, int& out);
bool parseInt64(std::string_view s, std::int64_t& out);
bool parseUnsigned(std::string_view s, std::uint64_t& out);
bool parseDouble(std::string_view s, double& out);  // finite values only

// Shortest text that reads back to the same double (std::to_chars round trip).
std::string formatDouble(double x);

} // namespace mf::ga
