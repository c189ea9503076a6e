#pragma once
// Numbers as text for reports and files. fixedDecimals: a fixed count of decimals ("3.14", "-0.5",
// "12"), the one way the CLI's reports and the evaluation report print rounded figures (the window
// formats with Qt); exactDecimal: the digits a saved number needs to read back unchanged.
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

// A double as text that reads back to the same double (17 significant digits, "%.17g"): how fitted
// numbers (Texel's K and E, the run history's figures) are saved.
inline std::string exactDecimal(double value) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", value);
    return buffer;
}

} // namespace mf
