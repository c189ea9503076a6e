// parseWholeNumber: the whole text is the number, or there is none.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>

#include "engine/whole_number.h"

namespace mf {
namespace {

template <class T>
struct Case {
    std::string text;
    std::optional<T> expected;
};

TEST(WholeNumber, Int) {
    const Case<int> cases[] = {
        {"0", 0},          {"42", 42},           {"-7", -7},     {"007", 7},
        {"2147483647", 2147483647}, {"-2147483648", std::numeric_limits<int>::min()},
        {"2147483648", std::nullopt},  // does not fit
        {"", std::nullopt},  {"+3", std::nullopt},  {" 7", std::nullopt}, {"7 ", std::nullopt},
        {"12abc", std::nullopt}, {"1,5", std::nullopt}, {"1.0", std::nullopt}, {"-", std::nullopt},
        {"0x10", std::nullopt},
    };
    for (const auto& c : cases) EXPECT_EQ(parseWholeNumber<int>(c.text), c.expected) << "'" << c.text << "'";
}

TEST(WholeNumber, Unsigned64) {
    const Case<std::uint64_t> cases[] = {
        {"18446744073709551615", std::numeric_limits<std::uint64_t>::max()},
        {"18446744073709551616", std::nullopt},
        {"-1", std::nullopt},
        {"9", 9},
    };
    for (const auto& c : cases) EXPECT_EQ(parseWholeNumber<std::uint64_t>(c.text), c.expected) << "'" << c.text << "'";
}

TEST(WholeNumber, Double) {
    const Case<double> cases[] = {
        {"0.5", 0.5}, {"-2", -2.0}, {"1e3", 1000.0}, {".25", 0.25},
        {"", std::nullopt}, {"1,5", std::nullopt}, {"0.5x", std::nullopt}, {" 1", std::nullopt},
    };
    for (const auto& c : cases) EXPECT_EQ(parseWholeNumber<double>(c.text), c.expected) << "'" << c.text << "'";
    // from_chars reads infinities and NaN: a caller that needs a finite value checks for it.
    EXPECT_TRUE(std::isinf(*parseWholeNumber<double>("inf")));
    EXPECT_TRUE(std::isnan(*parseWholeNumber<double>("nan")));
}

}  // namespace
}  // namespace mf
