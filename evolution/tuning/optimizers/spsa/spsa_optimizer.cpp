#include "evolution/tuning/optimizers/spsa/spsa_optimizer.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <variant>

#include "evolution/tuning/optimizers/optimizer_state.h"
#include "evolution/tuning/optimizers/spsa/spsa_schedule.h"

namespace mf::tuning {

namespace {

// What the optimizer keys hold, read.
struct SpsaState {
    long long iterations = 0;
    long long iteration = 0;
    std::vector<double> theta;
    std::vector<std::vector<int>> delta;  // per iteration of the batch, +1 or -1 per term
};

std::optional<long long> parseCount(const std::optional<std::string>& text) {
    if (!text || text->empty() || text->size() > 18) return std::nullopt;
    long long n = 0;
    for (char c : *text) {
        if (c < '0' || c > '9') return std::nullopt;
        n = n * 10 + (c - '0');
    }
    return n;
}

std::variant<SpsaState, std::string> readState(const ga::RunState& state) {
    SpsaState s;
    const std::size_t terms = state.genome.size();
    const std::size_t pairs = state.population.size() / 2;
    auto iterations = parseCount(optimizerValue(state, "iterations"));
    auto iteration = parseCount(optimizerValue(state, "iteration"));
    if (!iterations || *iterations < 1) return std::string("optimizer: iterations: expected a positive integer");
    if (!iteration) return std::string("optimizer: iteration: expected a non-negative integer");
    s.iterations = *iterations;
    s.iteration = *iteration;
    auto theta = optimizerValue(state, "theta");
    auto numbers = theta ? parseNumbers(*theta, terms) : std::nullopt;
    if (!numbers) return "optimizer: theta: expected " + std::to_string(terms) + " numbers, one per term";
    s.theta = *numbers;
    const std::string delta = optimizerValue(state, "delta").value_or("");
    for (std::size_t start = 0; start < delta.size();) {
        std::size_t end = std::min(delta.find(' ', start), delta.size());
        std::vector<int> signs;
        for (std::size_t i = start; i < end; ++i) {
            if (delta[i] != '+' && delta[i] != '-') return std::string("optimizer: delta: expected words of + and -");
            signs.push_back(delta[i] == '+' ? 1 : -1);
        }
        if (signs.size() != terms)
            return "optimizer: delta: each word needs " + std::to_string(terms) + " signs, one per term";
        s.delta.push_back(std::move(signs));
        start = end + 1;
    }
    if (s.delta.size() != pairs)
        return "optimizer: delta: expected " + std::to_string(pairs) + " words, one per pair of members";
    return s;
}

SpsaState stateOrThrow(const ga::RunState& state) {
    auto read = readState(state);
    if (auto* error = std::get_if<std::string>(&read)) throw std::invalid_argument(*error);
    return std::get<SpsaState>(std::move(read));
}

void writeState(ga::RunState& state, const SpsaState& s) {
    setOptimizerValue(state, "iterations", std::to_string(s.iterations));
    setOptimizerValue(state, "iteration", std::to_string(s.iteration));
    setOptimizerValue(state, "theta", exactNumbers(s.theta));
    std::string delta;
    for (const auto& signs : s.delta) {
        if (!delta.empty()) delta += ' ';
        for (int sign : signs) delta += sign > 0 ? '+' : '-';
    }
    setOptimizerValue(state, "delta", delta);
}

int roundedInWindow(const ga::Term& term, double x) {
    const double clamped = std::clamp(x, double(term.low()), double(term.high()));
    return static_cast<int>(std::lround(clamped));
}

// Draws the batch's signs from the run's generator and makes its members from theta.
void drawBatch(ga::RunState& state, SpsaState& s, const OptimizerSettings& settings) {
    const ga::Genome& genome = state.genome;
    const std::size_t pairs = std::size_t(std::max(state.parameters.populationSize, 0)) / 2;
    s.delta.assign(pairs, {});
    state.population.clear();
    for (std::size_t j = 0; j < pairs; ++j) {
        std::vector<int> plus(genome.size()), minus(genome.size());
        for (std::size_t i = 0; i < genome.size(); ++i) {
            const int sign = state.rng.bernoulli(0.5) ? 1 : -1;
            s.delta[j].push_back(sign);
            const SpsaConstants constants = spsaConstants(termSteps(genome[i], settings.number(kSpsaREnd)), s.iterations);
            const double c = spsaStep(constants, s.iteration + static_cast<long long>(j)).c;
            plus[i] = roundedInWindow(genome[i], s.theta[i] + c * sign);
            minus[i] = roundedInWindow(genome[i], s.theta[i] - c * sign);
        }
        state.population.push_back({ga::encode(genome, plus), std::nullopt});
        state.population.push_back({ga::encode(genome, minus), std::nullopt});
    }
    writeState(state, s);
}

}  // namespace

std::vector<std::string> SpsaOptimizer::validate(const OptimizerInputs& inputs) const {
    std::vector<std::string> problems;
    const int n = inputs.parameters.populationSize;
    if (n < 2 || n % 2 != 0)
        problems.push_back("population: SPSA scores candidates in pairs (theta + c delta, theta - c delta): give an even "
                           "population size (2 per iteration), not " + std::to_string(n));
    return problems;
}

ga::RunState SpsaOptimizer::start(const OptimizerInputs& inputs) const {
    ga::RunState state;
    state.parameters = inputs.parameters;
    state.genome = inputs.genome;
    state.rng = ga::Rng(inputs.parameters.seed);
    SpsaState s;
    const long long pairs = std::max(inputs.parameters.populationSize, 0) / 2;
    s.iterations = std::max(1LL, static_cast<long long>(inputs.parameters.generations) * pairs);
    for (int v : inputs.genome.defaults()) s.theta.push_back(v);
    drawBatch(state, s, inputs.optimizer);
    return state;
}

std::optional<std::string> SpsaOptimizer::checkState(const ga::RunState& state) const {
    if (state.population.size() % 2 != 0) return std::string("SPSA needs an even population size");
    auto read = readState(state);
    if (auto* error = std::get_if<std::string>(&read)) return *error;
    return std::nullopt;
}

void SpsaOptimizer::next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext&) const {
    if (!ga::fullyEvaluated(state.population)) throw std::invalid_argument("SPSA: every member needs a fitness first");
    SpsaState s = stateOrThrow(state);
    const ga::Genome& genome = state.genome;
    const OptimizerSettings& settings = inputs.optimizer;
    const double scale = spsaResultScale(inputs.resultScale, settings.number(kSpsaScale));
    for (std::size_t j = 0; j < s.delta.size(); ++j) {
        const double result = scale * (*state.population[2 * j].fitness - *state.population[2 * j + 1].fitness);
        for (std::size_t i = 0; i < genome.size(); ++i) {
            const SpsaConstants constants = spsaConstants(termSteps(genome[i], settings.number(kSpsaREnd)), s.iterations);
            const SpsaStep step = spsaStep(constants, s.iteration + static_cast<long long>(j));
            const double moved = s.theta[i] + step.r * step.c * result * s.delta[j][i];
            s.theta[i] = std::clamp(moved, double(genome[i].low()), double(genome[i].high()));
        }
    }
    s.iteration += static_cast<long long>(s.delta.size());
    drawBatch(state, s, settings);
    ++state.generation;
}

std::vector<int> SpsaOptimizer::pick(const ga::RunState& state) const {
    auto read = readState(state);
    if (std::holds_alternative<std::string>(read)) return Optimizer::pick(state);
    const SpsaState& s = std::get<SpsaState>(read);
    std::vector<int> values;
    for (std::size_t i = 0; i < state.genome.size(); ++i) values.push_back(roundedInWindow(state.genome[i], s.theta[i]));
    return values;
}

}  // namespace mf::tuning
