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

// +-1 on each term in turn while E falls: the rounded point's own local minimum at unit resolution.
std::size_t unitPolish(const TraceTable& table, std::span<const double> results, double k, std::vector<double>& weights,
                       const std::vector<GradientTerm>& terms, std::size_t threads, double& error) {
    std::size_t moves = 0;
    for (bool moved = true; moved;) {
        moved = false;
        for (const GradientTerm& term : terms) {
            for (int direction : {+1, -1}) {
                const double was = weights[term.column];
                const double next = was + direction;
                if (next < term.low || next > term.high) continue;
                weights[term.column] = next;
                const double e = traceError(table, weights, results, k, threads);
                if (e < error) {
                    error = e;
                    moved = true;
                    ++moves;
                    break;
                }
                weights[term.column] = was;
            }
        }
    }
    return moves;
}

}  // namespace

GradientResult descendByGradient(const TraceTable& table, std::span<const double> results, double k,
                                 std::vector<double> weights, const std::vector<GradientTerm>& terms,
                                 const GradientSettings& settings, const std::function<void(const GradientStep&)>& onStep) {
    Adam adam(terms.size());
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
            weights[term.column] = std::clamp(weights[term.column] - adam.step(i, gradient[term.column], rate),
                                              double(term.low), double(term.high));
        }
        out.iterations = it;
    }
    for (const GradientTerm& term : terms) weights[term.column] = std::round(weights[term.column]);
    out.error = traceError(table, weights, results, k, settings.threads);
    out.unitSteps = unitPolish(table, results, k, weights, terms, settings.threads, out.error);
    for (const GradientTerm& term : terms) out.values.push_back(static_cast<int>(weights[term.column]));
    return out;
}

}  // namespace mf::dataset
