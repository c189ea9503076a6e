#include "evolution/tuning/optimizers/gradient/gradient_optimizer.h"

#include "evolution/tuning/optimizers/start_values_state.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "evolution/tuning/optimizers/optimizer_state.h"

namespace mf::tuning {

namespace {

constexpr double kBeta1 = 0.9, kBeta2 = 0.999, kEpsilon = 1e-12;

struct Descent {
    std::vector<int> at;          // where the model was made
    std::vector<double> theta, m, v;
    long long stepsDone = 0;
    std::optional<std::uint64_t> batchSeed;  // mini-batches only
};

std::vector<double> reals(const std::vector<int>& values) { return {values.begin(), values.end()}; }

std::optional<Descent> readDescent(const ga::RunState& state) {
    const std::size_t n = state.genome.size();
    Descent d;
    const auto at = optimizerValue(state, "at");
    const auto theta = optimizerValue(state, "theta");
    const auto m = optimizerValue(state, "m");
    const auto v = optimizerValue(state, "v");
    const auto done = optimizerValue(state, "steps_done");
    if (!at || !theta || !m || !v || !done) return std::nullopt;
    auto a = parseNumbers(*at, n);
    auto t = parseNumbers(*theta, n);
    auto mm = parseNumbers(*m, n);
    auto vv = parseNumbers(*v, n);
    auto k = parseNumbers(*done, 1);
    if (!a || !t || !mm || !vv || !k || k->front() < 0) return std::nullopt;
    d.at.assign(a->begin(), a->end());
    d.theta = *t;
    d.m = *mm;
    d.v = *vv;
    d.stepsDone = static_cast<long long>(k->front());
    if (const auto seed = optimizerValue(state, "batch_seed")) {
        try {
            d.batchSeed = std::stoull(*seed);
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    return d;
}

void writeDescent(ga::RunState& state, const Descent& d) {
    setOptimizerValue(state, "at", exactNumbers(reals(d.at)));
    setOptimizerValue(state, "theta", exactNumbers(d.theta));
    setOptimizerValue(state, "m", exactNumbers(d.m));
    setOptimizerValue(state, "v", exactNumbers(d.v));
    setOptimizerValue(state, "steps_done", std::to_string(d.stepsDone));
    if (d.batchSeed) setOptimizerValue(state, "batch_seed", std::to_string(*d.batchSeed));
}

GradientModel& modelAt(OptimizerContext& context, const std::vector<int>& at) {
    GradientModel* model = context.gradientModel();
    if (!model) throw std::runtime_error("gradient: the run's measure has no smooth model of its error (evalfit on traces)");
    if (auto problem = model->prepareAt(at, context.stopToken())) throw std::runtime_error("gradient: " + *problem);
    return *model;
}

// `count` Adam steps of the stage's `total`, the step size falling linearly from `step` to a tenth;
// each step on the next `batch` samples of the shuffle (0: on all of them).
void descend(Descent& d, GradientModel& model, const ga::Genome& genome, int count, long long total, double step,
             std::size_t batch, const OptimizerContext& context) {
    const std::vector<double> scale = model.unitScale();
    std::vector<double> gradient(genome.size());
    for (int i = 0; i < count && !context.stopped(); ++i) {
        SampleBatch samples;
        if (batch > 0 && d.batchSeed) samples = {*d.batchSeed, std::uint64_t(d.stepsDone) * batch, batch};
        model.error(d.theta, gradient, samples);
        ++d.stepsDone;
        const double rate = step * (1.0 - 0.9 * double(d.stepsDone - 1) / double(std::max(1LL, total - 1)));
        const double beta1Power = std::pow(kBeta1, double(d.stepsDone)), beta2Power = std::pow(kBeta2, double(d.stepsDone));
        for (std::size_t t = 0; t < genome.size(); ++t) {
            const double g = gradient[t];
            d.m[t] = kBeta1 * d.m[t] + (1.0 - kBeta1) * g;
            d.v[t] = kBeta2 * d.v[t] + (1.0 - kBeta2) * g * g;
            const double mHat = d.m[t] / (1.0 - beta1Power), vHat = d.v[t] / (1.0 - beta2Power);
            const double moved = d.theta[t] - rate / scale[t] * mHat / (std::sqrt(vHat) + kEpsilon);
            d.theta[t] = std::clamp(moved, double(genome[t].low()), double(genome[t].high()));
        }
    }
}

// The point, rounded, as a pending member in place of the worst (unless a member has it).
void putInPopulation(ga::RunState& state, const std::vector<int>& values) {
    const ga::Chromosome chromosome = ga::encode(state.genome, values);
    for (const ga::Member& m : state.population)
        if (m.chromosome == chromosome) return;
    auto worst = std::min_element(state.population.begin(), state.population.end(), [](const auto& a, const auto& b) {
        return a.fitness.value_or(-1.0) < b.fitness.value_or(-1.0);
    });
    *worst = ga::Member{chromosome, std::nullopt};
}

}  // namespace

std::vector<std::string> GradientOptimizer::validate(const OptimizerInputs& inputs) const {
    if (inputs.measureHasModel) return {};
    return {"optimizer: gradient descends on the measure's smooth model of its error: it needs --measure evalfit"};
}

ga::RunState GradientOptimizer::start(const OptimizerInputs& inputs) const {
    // Generation 0 is the start values alone; the descent begins at its best.
    return startValuesState(inputs);
}

std::optional<std::string> GradientOptimizer::checkState(const ga::RunState& state) const {
    if (state.optimizer.empty() || readDescent(state)) return std::nullopt;
    return std::string("optimizer: at, theta, m, v and steps_done: expected one number per term");
}

void GradientOptimizer::enter(ga::RunState& state, const std::vector<int>& from, const OptimizerInputs& inputs,
                              OptimizerContext& context) const {
    state.optimizer.clear();
    const std::size_t n = state.genome.size();
    Descent d{from, reals(from), std::vector<double>(n), std::vector<double>(n), 0, std::nullopt};
    if (inputs.optimizer.number(kGradientBatch) > 0) d.batchSeed = state.rng.next();
    writeDescent(state, d);
    next(state, inputs, context);
}

void GradientOptimizer::next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const {
    std::optional<Descent> d = readDescent(state);
    if (!d) {  // a run that begins with the descent: from generation 0's best
        enter(state, bestValues(state), inputs, context);
        return;
    }
    GradientModel& model = modelAt(context, d->at);
    const int perGeneration = static_cast<int>(inputs.optimizer.number(kGradientStepsPerGeneration));
    // The stage's first batch (made by enter, at stageFirst) and every later one take their steps.
    const long long total = static_cast<long long>(perGeneration) * std::max(1, inputs.stageGenerations);
    const auto batch = static_cast<std::size_t>(inputs.optimizer.number(kGradientBatch));
    if (batch > 0 && !d->batchSeed) d->batchSeed = state.rng.next();  // a file from before mini-batches
    descend(*d, model, state.genome, perGeneration, total, inputs.optimizer.number(kGradientStep), batch, context);
    std::vector<int> values;
    for (double x : d->theta) values.push_back(static_cast<int>(std::lround(x)));
    const bool lastOfStage = state.generation + 1 >= inputs.stageFirst + inputs.stageGenerations - 1;
    if (lastOfStage) model.polishUnitSteps(values, context.stopToken());
    if (context.stopped()) return;  // the generation is not made: the run keeps the one before
    writeDescent(state, *d);
    putInPopulation(state, values);
    ++state.generation;
}

}  // namespace mf::tuning
