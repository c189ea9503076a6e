#include "evolution/dataset/gradient_polish.h"

#include <algorithm>
#include <cmath>

#include "evolution/dataset/trace_error.h"

namespace mf::dataset {

namespace {

// Adam's moment estimates for the moving terms.
struct Adam {
    explicit Adam(std::size_t n) : m(n, 0.0), v(n, 0.0) {}
    std::vector<double> m, v;
    double beta1Power = 1.0, beta2Power = 1.0;
    static constexpr double Beta1 = 0.9, Beta2 = 0.999, Epsilon = 1e-12;

    // The step of term i for gradient g at step size `rate`.
    double step(std::size_t i, double g, double rate) const {
        const double mHat = m[i] / (1.0 - beta1Power), vHat = v[i] / (1.0 - beta2Power);
        return rate * mHat / (std::sqrt(vHat) + Epsilon);
    }
    void update(std::size_t i, double g) {
        m[i] = Beta1 * m[i] + (1.0 - Beta1) * g;
        v[i] = Beta2 * v[i] + (1.0 - Beta2) * g * g;
    }
};

}  // namespace

std::vector<double> centipawnsPerUnit(const TraceTable& table) {
    const std::size_t columns = table.terms().size();
    std::vector<double> sum(columns, 0.0);
    std::vector<std::size_t> count(columns, 0);
    for (std::size_t e = 0; e < table.nonZeros(); ++e) {
        sum[table.columns()[e]] += std::abs(double(table.coefficients()[e]));
        ++count[table.columns()[e]];
    }
    std::vector<double> scale(columns, 1.0);
    for (std::size_t c = 0; c < columns; ++c)
        if (count[c] && sum[c] > 0.0) scale[c] = sum[c] / double(count[c]);
    return scale;
}


GradientResult descendByGradient(const TraceTable& table, std::span<const double> results, double k,
                                 std::vector<double> weights, const std::vector<GradientTerm>& terms,
                                 const GradientSettings& settings, const std::function<void(const GradientStep&)>& onStep) {
    Adam adam(terms.size());
    const std::vector<double> scale = centipawnsPerUnit(table);
    std::vector<double> gradient;
    GradientResult out;
    for (int it = 1; it <= settings.iterations; ++it) {
        const double error = traceErrorGradient(table, weights, results, k, gradient, settings.threads);
        if (onStep && (it % 20 == 1 || it == settings.iterations)) onStep({it, error});
        adam.beta1Power *= Adam::Beta1;
        adam.beta2Power *= Adam::Beta2;
        const double rate = settings.step * (1.0 - 0.9 * double(it - 1) / std::max(1, settings.iterations - 1));
        for (std::size_t i = 0; i < terms.size(); ++i) {
            const GradientTerm& term = terms[i];
            adam.update(i, gradient[term.column]);
            weights[term.column] = std::clamp(weights[term.column] - adam.step(i, gradient[term.column], rate / scale[term.column]),
                                              double(term.low), double(term.high));
        }
        out.iterations = it;
    }
    for (const GradientTerm& term : terms) weights[term.column] = std::round(weights[term.column]);
    out.error = traceError(table, weights, results, k, settings.threads);
    out.unitSteps = polishByUnitMoves(table, results, k, weights, terms, settings.threads, out.error).moves;
    for (const GradientTerm& term : terms) out.values.push_back(static_cast<int>(weights[term.column]));
    return out;
}

}  // namespace mf::dataset
