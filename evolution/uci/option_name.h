#pragma once
// UCI option names match case-insensitively ("the name of the option ... should not be case
// sensitive"): one comparison for every place that looks an option up by name.
#include <algorithm>
#include <cctype>
#include <string_view>

namespace mf::uci {

inline bool sameOptionName(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

}  // namespace mf::uci
