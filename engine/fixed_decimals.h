#pragma once
// A number as text with a fixed count of decimals ("3.14", "-0.5", "12"): the one way the CLI's
// reports and the evaluation report print rounded figures (the window formats with Qt).
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

} // namespace mf
