#include "evolution/dataset/texel_error.h"

#include <cmath>

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
    constexpr double Low = 0.05, High = 10.0, Step = 0.05;
    KFit best{Low, meanSquaredError(q, r, Low)};
    for (double k = Low + Step; k <= High + 1e-9; k += Step)
        if (const double e = meanSquaredError(q, r, k); e < best.error) best = {k, e};
    // Golden section on the bracket around the best grid point.
    double a = std::max(Low, best.k - Step), b = std::min(High, best.k + Step);
    const double phi = (std::sqrt(5.0) - 1.0) / 2.0;
    double c = b - phi * (b - a), d = a + phi * (b - a);
    double fc = meanSquaredError(q, r, c), fd = meanSquaredError(q, r, d);
    for (int i = 0; i < 40; ++i) {
        if (fc < fd) {
            b = d; d = c; fd = fc;
            c = b - phi * (b - a);
            fc = meanSquaredError(q, r, c);
        } else {
            a = c; c = d; fc = fd;
            d = a + phi * (b - a);
            fd = meanSquaredError(q, r, d);
        }
    }
    const double k = (a + b) / 2.0;
    if (const double e = meanSquaredError(q, r, k); e < best.error) best = {k, e};
    return best;
}

}  // namespace mf::dataset
