#include "evolution/ga/selection.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mf::ga {

std::string_view selectionName(SelectionType type) {
    switch (type) {
    case SelectionType::Proportional: return "proportional";
    case SelectionType::Baker: return "baker";
    case SelectionType::Linear: return "linear";
    case SelectionType::Nonlinear: return "nonlinear";
    case SelectionType::Tournament: return "tournament";
    }
    return "?";
}

std::optional<SelectionType> parseSelectionType(std::string_view name) {
    for (SelectionType t : kAllSelectionTypes)
        if (selectionName(t) == name)
            return t;
    return std::nullopt;
}

std::optional<std::string> selectionSettingsProblem(const SelectionSettings& s) {
    switch (s.type) {
    case SelectionType::Proportional:
    case SelectionType::Baker:
        return std::nullopt;
    case SelectionType::Linear:
        if (!(s.linearMax >= 1.0 && s.linearMax <= 2.0))
            return "linear ranking needs 1 <= MAX <= 2, got " + std::to_string(s.linearMax);
        return std::nullopt;
    case SelectionType::Nonlinear:
        if (!(s.qNolin > 0.0 && s.qNolin < 1.0))
            return "nonlinear ranking needs 0 < q_nolin < 1, got " + std::to_string(s.qNolin);
        return std::nullopt;
    case SelectionType::Tournament:
        if (s.tournamentSize < 1)
            return "tournament selection needs k >= 1, got " + std::to_string(s.tournamentSize);
        return std::nullopt;
    }
    return "unknown selection type";
}

std::vector<double> rankProbabilities(const SelectionSettings& s, std::size_t count) {
    const double n = static_cast<double>(count);
    std::vector<double> p(count, 0.0);
    if (count == 0)
        return p;
    if (auto problem = selectionSettingsProblem(s))
        throw std::invalid_argument("rankProbabilities: " + *problem);
    switch (s.type) {
    case SelectionType::Proportional:
        throw std::invalid_argument("rankProbabilities: proportional selection depends on fitness, not rank");
    case SelectionType::Baker:
        // p(i) = 2(N - i + 1) / (N(N + 1))
        for (std::size_t i = 1; i <= count; ++i)
            p[i - 1] = 2.0 * (n - static_cast<double>(i) + 1.0) / (n * (n + 1.0));
        break;
    case SelectionType::Linear: {
        // p(i) = q - (i - 1) r, r = 2(qN - 1) / (N(N - 1)), q = MAX / N.
        const double q = s.linearMax / n;
        const double r = count > 1 ? 2.0 * (q * n - 1.0) / (n * (n - 1.0)) : 0.0;
        for (std::size_t i = 1; i <= count; ++i)
            p[i - 1] = std::max(0.0, q - static_cast<double>(i - 1) * r);  // max: -1e-17 at MAX = 2
        if (count == 1)
            p[0] = 1.0;
        break;
    }
    case SelectionType::Nonlinear: {
        // p(i) = q (1 - q)^(i - 1), divided by the sum 1 - (1 - q)^N so the N members share 1.
        const double q = s.qNolin;
        const double total = 1.0 - std::pow(1.0 - q, n);
        for (std::size_t i = 1; i <= count; ++i)
            p[i - 1] = q * std::pow(1.0 - q, static_cast<double>(i - 1)) / total;
        break;
    }
    case SelectionType::Tournament: {
        // Rank i wins when it is drawn and nobody better is: ((N-i+1)^k - (N-i)^k) / N^k.
        const double k = static_cast<double>(s.tournamentSize);
        for (std::size_t i = 1; i <= count; ++i) {
            const double notBetter = (n - static_cast<double>(i) + 1.0) / n;
            const double worse = (n - static_cast<double>(i)) / n;
            p[i - 1] = std::pow(notBetter, k) - std::pow(worse, k);
        }
        break;
    }
    }
    return p;
}

namespace {

// Proportional selection relies on fitness >= 0 (fitness here counts solved positions plus a
// non-negative prize): a negative f_i would be a negative probability.
std::vector<double> proportionalByMember(const Population& population) {
    std::vector<double> p(population.size(), 0.0);
    double sum = 0;
    for (const Member& m : population) {
        if (!m.fitness)
            throw std::invalid_argument("selection: population has members without fitness");
        if (*m.fitness < 0 || !std::isfinite(*m.fitness))
            throw std::invalid_argument("proportional selection needs finite fitness >= 0");
        sum += *m.fitness;
    }
    for (std::size_t i = 0; i < population.size(); ++i)
        p[i] = sum > 0 ? *population[i].fitness / sum : 1.0 / static_cast<double>(population.size());
    return p;
}

} // namespace

std::vector<double> selectionProbabilities(const SelectionSettings& s, const Population& population) {
    if (s.type == SelectionType::Proportional)
        return proportionalByMember(population);
    const std::vector<std::size_t> order = rankOrder(population);
    const std::vector<double> byRank = rankProbabilities(s, population.size());
    std::vector<double> p(population.size(), 0.0);
    for (std::size_t rank = 0; rank < order.size(); ++rank)
        p[order[rank]] = byRank[rank];
    return p;
}

Selector::Selector(const SelectionSettings& s, const Population& population)
    : settings_(s), order_(rankOrder(population)) {
    if (population.empty())
        throw std::invalid_argument("Selector: empty population");
    // Parameters are validated on entry (ga::validate); this catches a caller that skipped it,
    // before k = 0 reads past the ranking or q_nolin = 0 divides 0 by 0.
    if (auto problem = selectionSettingsProblem(s))
        throw std::invalid_argument("Selector: " + *problem);
    if (s.type == SelectionType::Tournament)
        return;
    std::vector<double> byRank;
    if (s.type == SelectionType::Proportional) {
        const std::vector<double> byMember = proportionalByMember(population);
        for (std::size_t index : order_)
            byRank.push_back(byMember[index]);
    } else {
        byRank = rankProbabilities(s, population.size());
    }
    double running = 0;
    for (double p : byRank) {
        running += p;
        cumulative_.push_back(running);
    }
}

std::size_t Selector::draw(Rng& rng) const {
    const std::size_t n = order_.size();
    if (settings_.type == SelectionType::Tournament) {
        // k uniform draws with replacement; the best rank wins, which settles ties in fitness
        // by the fixed rank order.
        std::size_t bestRank = n;
        for (int j = 0; j < settings_.tournamentSize; ++j)
            bestRank = std::min(bestRank, static_cast<std::size_t>(rng.below(n)));
        return order_[bestRank];
    }
    const double u = rng.uniform01() * cumulative_.back();
    auto it = std::upper_bound(cumulative_.begin(), cumulative_.end(), u);
    if (it == cumulative_.end()) {
        // u rounded up to the total: take the last rank with a non-zero share.
        it = std::prev(cumulative_.end());
        while (it != cumulative_.begin() && *it == *std::prev(it))
            --it;
    }
    return order_[static_cast<std::size_t>(it - cumulative_.begin())];
}

} // namespace mf::ga
