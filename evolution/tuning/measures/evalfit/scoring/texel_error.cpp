#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"

#include <algorithm>
#include <boost/math/tools/minima.hpp>
#include <cmath>
#include <cstdint>
#include <limits>

namespace mf::dataset {

double expectedScore(double q, double k) { return 1.0 / (1.0 + std::pow(10.0, -k * q / 400.0)); }

double meanSquaredError(std::span<const int> q, std::span<const double> r, double k) {
    if (q.empty() || q.size() != r.size()) return 0.0;
    double sum = 0.0;
    for (std::size_t i = 0; i < q.size(); ++i) {
        const double d = r[i] - expectedScore(double(q[i]), k);
        sum += d * d;
    }
    return sum / double(q.size());
}

KFit fitK(std::span<const int> q, std::span<const double> r) {
    return fitK([&](double k) { return meanSquaredError(q, r, k); });
}

KFit fitK(const std::function<double(double k)>& errorAt) {
    constexpr double Low = 0.05, High = 10.0, Step = 0.05;
    KFit best{Low, errorAt(Low)};
    for (int i = 1; Low + i * Step <= High + 1e-9; ++i) {
        const double k = Low + i * Step;
        if (const double e = errorAt(k); e < best.error) best = {k, e};
    }
    // Brent on the bracket around the best grid point, to about 1e-8 in K (Boost's bits argument:
    // half the double's mantissa is the most a minimum can be located to).
    const double a = std::max(Low, best.k - Step), b = std::min(High, best.k + Step);
    std::uintmax_t iterations = 100;
    const auto [k, e] = boost::math::tools::brent_find_minima(errorAt, a, b, std::numeric_limits<double>::digits / 2,
                                                              iterations);
    if (e < best.error) best = {k, e};
    return best;
}

}  // namespace mf::dataset
