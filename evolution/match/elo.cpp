#include "evolution/match/elo.h"

#include <cmath>
#include <cstdio>
#include <limits>

namespace mf::match {
namespace {

constexpr double z95 = 1.959963984540054;  // the 97.5% quantile of the standard normal

double normalCdf(double x) { return 0.5 * std::erfc(-x / std::sqrt(2.0)); }

// Mean and variance of samples taking `values[k]` with frequency counts[k].
template <std::size_t N>
EloEstimate estimate(const std::array<std::int64_t, N>& counts, const std::array<double, N>& values) {
    EloEstimate e;
    for (auto c : counts) e.samples += c;
    if (e.samples == 0) return e;
    const double n = double(e.samples);
    double mean = 0;
    for (std::size_t k = 0; k < N; ++k) mean += double(counts[k]) * values[k];
    mean /= n;
    double variance = 0;
    for (std::size_t k = 0; k < N; ++k) variance += double(counts[k]) * (values[k] - mean) * (values[k] - mean);
    variance /= n;
    const double stderror = std::sqrt(variance / n);
    e.score = mean;
    e.variance = variance;
    e.elo = eloFromScore(mean);
    e.low = eloFromScore(mean - z95 * stderror);
    e.high = eloFromScore(mean + z95 * stderror);
    e.los = stderror > 0 ? normalCdf((mean - 0.5) / stderror) : (mean > 0.5 ? 1.0 : mean < 0.5 ? 0.0 : 0.5);
    return e;
}

}  // namespace

double eloFromScore(double score) {
    if (score >= 1) return std::numeric_limits<double>::infinity();
    if (score <= 0) return -std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / score - 1.0);
}

double scoreFromElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate trinomialElo(const Trinomial& t) {
    return estimate<3>({t.losses, t.draws, t.wins}, {0.0, 0.5, 1.0});
}

EloEstimate pentanomialElo(const Pentanomial& p) {
    return estimate<5>(p.counts, {0.0, 0.25, 0.5, 0.75, 1.0});
}

SprtStatus sprt(const Pentanomial& p, const SprtConfig& config) {
    SprtStatus status;
    status.lower = std::log(config.beta / (1 - config.alpha));
    status.upper = std::log((1 - config.beta) / config.alpha);
    const EloEstimate e = pentanomialElo(p);
    // No variance yet (no pairs, or all pairs alike): the data cannot tell the hypotheses apart.
    if (e.samples == 0 || e.variance <= 0) return status;
    const double s0 = scoreFromElo(config.elo0), s1 = scoreFromElo(config.elo1);
    status.llr = double(e.samples) * (s1 - s0) * (2 * e.score - s0 - s1) / (2 * e.variance);
    if (status.llr >= status.upper) status.decision = SprtStatus::Decision::AcceptH1;
    else if (status.llr <= status.lower) status.decision = SprtStatus::Decision::AcceptH0;
    return status;
}

std::string_view decisionName(SprtStatus::Decision decision) {
    switch (decision) {
        case SprtStatus::Decision::Continue: return "continue";
        case SprtStatus::Decision::AcceptH0: return "H0 accepted";
        case SprtStatus::Decision::AcceptH1: return "H1 accepted";
    }
    return "?";
}

std::string formatElo(const EloEstimate& e) {
    if (std::isinf(e.elo)) return e.elo > 0 ? "+inf" : "-inf";
    const double margin = e.margin();
    char buffer[64];
    if (std::isinf(margin)) std::snprintf(buffer, sizeof buffer, "%+.1f +- inf", e.elo);
    else std::snprintf(buffer, sizeof buffer, "%+.1f +- %.1f", e.elo, margin);
    return buffer;
}

}  // namespace mf::match
