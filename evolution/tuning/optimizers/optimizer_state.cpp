#include "evolution/tuning/optimizers/optimizer_state.h"

#include <charconv>
#include <cmath>

#include "engine/fixed_decimals.h"

namespace mf::tuning {

std::optional<std::string> optimizerValue(const ga::RunState& state, std::string_view key) {
    for (const auto& [k, v] : state.optimizer)
        if (k == key) return v;
    return std::nullopt;
}

void setOptimizerValue(ga::RunState& state, std::string_view key, std::string value) {
    for (auto& [k, v] : state.optimizer)
        if (k == key) {
            v = std::move(value);
            return;
        }
    state.optimizer.emplace_back(std::string(key), std::move(value));
}

std::string exactNumbers(const std::vector<double>& numbers) {
    std::string text;
    for (double x : numbers) text += (text.empty() ? "" : " ") + exactDecimal(x);
    return text;
}

std::optional<std::vector<double>> parseNumbers(std::string_view text, std::size_t count) {
    std::vector<double> numbers;
    const char* p = text.data();
    const char* end = text.data() + text.size();
    while (p < end) {
        if (*p == ' ') {
            ++p;
            continue;
        }
        double x = 0;
        auto [next, error] = std::from_chars(p, end, x);
        if (error != std::errc() || !std::isfinite(x) || (next < end && *next != ' ')) return std::nullopt;
        numbers.push_back(x);
        p = next;
    }
    if (numbers.size() != count) return std::nullopt;
    return numbers;
}

std::vector<int> bestValues(const ga::RunState& state) {
    if (state.population.empty()) return state.genome.defaults();
    std::size_t best = 0;
    if (ga::fullyEvaluated(state.population)) best = ga::rankOrder(state.population).front();
    return ga::decode(state.genome, state.population[best].chromosome);
}

}  // namespace mf::tuning
