#pragma once
// Numbers as text for reports and files. fixedDecimals: a fixed count of decimals ("3.14", "-0.5",
// "12"), the one way the CLI's reports and the evaluation report print rounded figures (the window
// formats with Qt); exactDecimal: the digits a saved number needs to read back unchanged.
#include <charconv>
#include <cstdio>
#include <string>

namespace mf {

inline std::string fixedDecimals(double value, int decimals) {
    const int length = std::snprintf(nullptr, 0, "%.*f", decimals, value);
    if (length <= 0) return {};
    std::string text(std::size_t(length) + 1, '\0');
    std::snprintf(text.data(), text.size(), "%.*f", decimals, value);
    text.pop_back();  // the terminating zero snprintf wrote
    return text;
}

// A double as the shortest text that reads back to the same double (std::to_chars): how fitted
// numbers (Texel's K and E, the run history's figures) and typed settings are saved. Shortest, not
// 17 digits ("%.17g"), so that a setting typed as 0.6 is saved as 0.6, not 0.59999999999999998.
inline std::string exactDecimal(double value) {
    char buffer[40];
    const auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
    if (error != std::errc{}) return {};  // cannot happen: 40 characters hold any double
    return std::string(buffer, end);
}

} // namespace mf
