#include "evolution/tuning/measures/evalfit/trace/unit_scale.h"

#include <algorithm>
#include <cmath>

namespace mf::dataset {

std::vector<double> centipawnsPerUnit(const TraceRows& table) {
    const std::size_t columns = table.terms().size();
    std::vector<double> sum(columns, 0.0);
    std::vector<std::size_t> count(columns, 0);
    table.forRange(0, table.size(), [&](const TraceTable& t, std::size_t i) {
        t.forEachCoefficient(i, [&](std::uint16_t column, double coefficient) {
            sum[column] += std::abs(coefficient);
            ++count[column];
        });
    });
    std::vector<double> scale(columns, 1.0);
    for (std::size_t c = 0; c < columns; ++c)
        if (count[c] && sum[c] > 0.0) scale[c] = sum[c] / double(count[c]);
    return scale;
}

}  // namespace mf::dataset
