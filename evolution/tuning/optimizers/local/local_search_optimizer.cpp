#include "evolution/tuning/optimizers/local/local_search_optimizer.h"

#include "evolution/tuning/optimizers/start_values_state.h"

#include <algorithm>
#include <stdexcept>

#include "evolution/tuning/optimizers/local/coordinate_pass.h"
#include "evolution/tuning/optimizers/optimizer_state.h"

namespace mf::tuning {

namespace {

std::vector<int> wholeNumbers(const std::vector<double>& numbers) {
    return std::vector<int>(numbers.begin(), numbers.end());
}

std::optional<CoordinatePoint> readPoint(const ga::RunState& state) {
    const std::size_t terms = state.genome.size();
    const auto values = optimizerValue(state, "values");
    const auto score = optimizerValue(state, "score");
    const auto steps = optimizerValue(state, "steps");
    if (!values || !score || !steps) return std::nullopt;
    auto v = parseNumbers(*values, terms);
    auto f = parseNumbers(*score, 1);
    auto s = parseNumbers(*steps, terms);
    if (!v || !f || !s) return std::nullopt;
    return CoordinatePoint{wholeNumbers(*v), f->front(), wholeNumbers(*s)};
}

void writePoint(ga::RunState& state, const CoordinatePoint& point) {
    setOptimizerValue(state, "values", exactNumbers(std::vector<double>(point.values.begin(), point.values.end())));
    setOptimizerValue(state, "score", exactNumbers({point.score}));
    setOptimizerValue(state, "steps", exactNumbers(std::vector<double>(point.steps.begin(), point.steps.end())));
}

// The point replaces the worst member (unless it is a member already): the population keeps the
// best the stage has seen.
void keepInPopulation(ga::RunState& state, const CoordinatePoint& point) {
    const ga::Chromosome chromosome = ga::encode(state.genome, point.values);
    for (const ga::Member& m : state.population)
        if (m.chromosome == chromosome) return;
    auto worst = std::min_element(state.population.begin(), state.population.end(), [](const auto& a, const auto& b) {
        return a.fitness.value_or(-1.0) < b.fitness.value_or(-1.0);
    });
    if (worst != state.population.end()) *worst = ga::Member{chromosome, point.score};
}

// The context's scores, empty once the run is stopped (coordinatePass then returns).
BatchScore scorer(ga::RunState& state, OptimizerContext& context) {
    return [&state, &context](const std::vector<std::vector<int>>& batch) {
        auto scores = context.score(batch);
        if (context.stopped()) return std::vector<std::optional<double>>{};
        state.evaluations += batch.size();
        return scores;
    };
}

}  // namespace

ga::RunState LocalSearchOptimizer::start(const OptimizerInputs& inputs) const {
    // Generation 0 is the start values alone (every member the same chromosome: scored once).
    return startValuesState(inputs);
}

std::optional<std::string> LocalSearchOptimizer::checkState(const ga::RunState& state) const {
    if (state.optimizer.empty()) return std::nullopt;  // generation 0: the search begins at its best
    if (!readPoint(state)) return std::string("optimizer: values, score and steps: expected one number per term");
    return std::nullopt;
}

void LocalSearchOptimizer::enter(ga::RunState& state, const std::vector<int>& from, const OptimizerInputs& inputs,
                                 OptimizerContext& context) const {
    state.optimizer.clear();
    const auto scored = context.score({from});
    if (context.stopped()) return;
    if (scored.empty() || !scored.front())
        throw std::runtime_error("local search: the values it starts from could not be scored");
    writePoint(state, CoordinatePoint{from, *scored.front(), coordinateStartSteps(state.genome)});
    next(state, inputs, context);
}

void LocalSearchOptimizer::next(ga::RunState& state, const OptimizerInputs&, OptimizerContext& context) const {
    std::optional<CoordinatePoint> point = readPoint(state);
    if (!point) {  // after generation 0: from its best
        const auto best = std::max_element(state.population.begin(), state.population.end(), [](const auto& a, const auto& b) {
            return a.fitness.value_or(-1.0) < b.fitness.value_or(-1.0);
        });
        if (best == state.population.end() || !best->fitness)
            throw std::invalid_argument("local search: no member of generation " + std::to_string(state.generation) + " was scored");
        point = CoordinatePoint{ga::decode(state.genome, best->chromosome), *best->fitness, coordinateStartSteps(state.genome)};
    }
    ga::RunState working = state;
    const CoordinatePassResult pass = coordinatePass(working.genome, *point, scorer(working, context));
    if (pass.stopped) return;  // the run keeps the generation before
    writePoint(working, *point);
    if (pass.converged) setOptimizerValue(working, "converged", "1");
    keepInPopulation(working, *point);
    ++working.generation;
    state = std::move(working);
}

std::vector<int> LocalSearchOptimizer::pick(const ga::RunState& state) const {
    if (auto point = readPoint(state)) return point->values;
    return Optimizer::pick(state);
}

bool LocalSearchOptimizer::finished(const ga::RunState& state) const {
    return optimizerValue(state, "converged") == "1";
}

}  // namespace mf::tuning
