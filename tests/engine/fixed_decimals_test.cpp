#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "engine/fixed_decimals.h"

namespace mf {
namespace {

TEST(FixedDecimals, Table) {
    struct Row {
        double value;
        int decimals;
        const char* text;
    };
    const Row rows[] = {
        {3.14159, 2, "3.14"},
        {2.5, 0, "2"},  // rounds half to even, as printf does
        {-0.04, 1, "-0.0"},
        {12.0, 3, "12.000"},
        {0.1234, 1, "0.1"},
        {1e20, 1, "100000000000000000000.0"},
        {-1234.5678, 2, "-1234.57"},
    };
    for (const Row& row : rows) EXPECT_EQ(fixedDecimals(row.value, row.decimals), row.text) << row.value;
}

TEST(FixedDecimals, LongerThanAnyFixedBuffer) {
    const std::string text = fixedDecimals(1e300, 2);
    EXPECT_EQ(text.size(), 304u);
    EXPECT_EQ(text.substr(text.size() - 3), ".00");
    EXPECT_EQ(fixedDecimals(std::numeric_limits<double>::infinity(), 1), "inf");
}

// Saved fitted numbers must read back to the same double; the short ones stay short, as typed
// (0.6 once came out as 0.59999999999999998 in a saved run's settings).
TEST(ExactDecimal, ReadsBackToTheSameDouble) {
    EXPECT_EQ(exactDecimal(0.5), "0.5");
    EXPECT_EQ(exactDecimal(1.0), "1");
    EXPECT_EQ(exactDecimal(0.1), "0.1");
    EXPECT_EQ(exactDecimal(0.6), "0.6");
    EXPECT_EQ(exactDecimal(1.0 / 3), "0.3333333333333333");
    for (double v : {0.1, 0.6, 1.0 / 3, 1.4983, 0.098500123456789, -2.5e-7, 1e300, 0.1 + 0.2})
        EXPECT_EQ(std::stod(exactDecimal(v)), v) << exactDecimal(v);
}

}  // namespace
}  // namespace mf
