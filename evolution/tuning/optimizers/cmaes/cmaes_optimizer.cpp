#include "evolution/tuning/optimizers/cmaes/cmaes_optimizer.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <pagmo/algorithm.hpp>
#include <pagmo/algorithms/cmaes.hpp>
#include <pagmo/population.hpp>
#include <pagmo/problem.hpp>
#include <pagmo/s11n.hpp>

#include "evolution/ga/start_population.h"
#include "evolution/tuning/optimizers/optimizer_state.h"

namespace mf::tuning {

namespace {

// What pagmo asked to be evaluated, and (on the real pass) the answers, in asking order.
struct Answers {
    std::vector<pagmo::vector_double> asked;
    std::vector<double> given;  // empty: the learning pass, every answer 0
};

// The windows scaled to 0..1, evaluated from `answers` (pagmo minimises: answers are -fitness).
struct WindowProblem {
    std::shared_ptr<Answers> answers = std::make_shared<Answers>();
    unsigned dimension = 1;

    pagmo::vector_double fitness(const pagmo::vector_double& x) const {
        const std::size_t i = answers->asked.size();
        answers->asked.push_back(x);
        if (answers->given.empty()) return {0.0};
        if (i >= answers->given.size()) throw std::logic_error("CMA-ES asked for more candidates than its batch holds");
        return {answers->given[i]};
    }
    std::pair<pagmo::vector_double, pagmo::vector_double> get_bounds() const {
        return {pagmo::vector_double(dimension, 0.0), pagmo::vector_double(dimension, 1.0)};
    }
};

double fraction(const ga::Term& term, int value) {
    if (term.high() == term.low()) return 0.5;
    return (double(value) - term.low()) / (double(term.high()) - term.low());
}

std::vector<int> valuesAt(const ga::Genome& genome, const pagmo::vector_double& x) {
    std::vector<int> values;
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const ga::Term& t = genome[i];
        const double v = t.low() + std::clamp(x[i], 0.0, 1.0) * (double(t.high()) - t.low());
        values.push_back(std::clamp(static_cast<int>(std::lround(v)), t.low(), t.high()));
    }
    return values;
}

// pagmo's cmaes sizes its member `variation` when it starts but never fills or reads it, so its
// saved state would hold whatever the heap held there, and equal runs would write different
// files. The member is private; an explicit instantiation may name a private member, which gives
// a pointer to it here (a compile error, not a silent fault, should pagmo rename it).
struct VariationTag {
    using type = Eigen::VectorXd pagmo::cmaes::*;
    friend type variationMember(VariationTag);
};
template <class Tag, typename Tag::type Member>
struct MemberAccess {
    friend typename Tag::type variationMember(Tag) { return Member; }
};
template struct MemberAccess<VariationTag, &pagmo::cmaes::variation>;

// Zeroes `variation` (its size kept), so that the saved state depends on nothing but the run.
void clearUnusedMemory(pagmo::algorithm& algorithm) {
    pagmo::cmaes* cmaes = algorithm.extract<pagmo::cmaes>();
    if (!cmaes) return;
    Eigen::VectorXd& variation = cmaes->*variationMember(VariationTag{});
    variation.setZero();
}

std::string toHex(const std::string& bytes) {
    static const char* digits = "0123456789abcdef";
    std::string hex;
    hex.reserve(bytes.size() * 2);
    for (unsigned char c : bytes) {
        hex += digits[c >> 4];
        hex += digits[c & 15];
    }
    return hex;
}

std::optional<std::string> fromHex(const std::string& hex) {
    if (hex.size() % 2 != 0) return std::nullopt;
    auto digit = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;
    };
    std::string bytes;
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int high = digit(hex[i]), low = digit(hex[i + 1]);
        if (high < 0 || low < 0) return std::nullopt;
        bytes += static_cast<char>(high * 16 + low);
    }
    return bytes;
}

std::string saveAlgorithm(const pagmo::algorithm& algorithm) {
    std::ostringstream out;
    {
        boost::archive::text_oarchive archive(out);
        archive << algorithm;
    }
    return toHex(out.str());
}

std::optional<pagmo::algorithm> loadAlgorithm(const std::string& hex) {
    auto bytes = fromHex(hex);
    if (!bytes) return std::nullopt;
    try {
        std::istringstream in(*bytes);
        boost::archive::text_iarchive archive(in);
        pagmo::algorithm algorithm;
        archive >> algorithm;
        if (!algorithm.is<pagmo::cmaes>()) return std::nullopt;
        return algorithm;
    } catch (const std::exception&) {
        return std::nullopt;
    }
}

// The population pagmo's generation starts from: `size` copies of the first mean, the first the
// best. pagmo reads it only to find its first mean; the samples of the generation replace it.
pagmo::population startPopulation(const WindowProblem& problem, const std::vector<double>& start, std::size_t size) {
    pagmo::population population(pagmo::problem(problem), 0u, 0u);
    for (std::size_t i = 0; i < size; ++i) population.push_back(start, pagmo::vector_double{i == 0 ? -1.0 : 0.0});
    return population;
}

// One pagmo generation of `algorithm` (changed by it) with `given` as the answers (empty: all 0):
// the points it sampled, in order.
std::vector<pagmo::vector_double> generation(pagmo::algorithm& algorithm, const ga::Genome& genome,
                                             const std::vector<double>& start, std::size_t size,
                                             std::vector<double> given) {
    WindowProblem problem;
    problem.dimension = static_cast<unsigned>(genome.size());
    problem.answers->given = std::move(given);
    algorithm.evolve(startPopulation(problem, start, size));
    return problem.answers->asked;
}

}  // namespace

std::vector<std::string> CmaesOptimizer::validate(const OptimizerInputs& inputs) const {
    std::vector<std::string> problems;
    if (inputs.parameters.populationSize < 5)
        problems.push_back("population: CMA-ES (pagmo) needs at least 5 samples per generation, not " +
                           std::to_string(inputs.parameters.populationSize));
    return problems;
}

ga::RunState CmaesOptimizer::start(const OptimizerInputs& inputs) const {
    ga::RunState state = ga::startRun(inputs.parameters, inputs.genome, inputs.start);
    // pagmo's seed is an unsigned int: the top 32 bits of one draw.
    setOptimizerValue(state, "seed", std::to_string(static_cast<unsigned>(state.rng.next() >> 32)));
    return state;
}

std::optional<std::string> CmaesOptimizer::checkState(const ga::RunState& state) const {
    const auto seed = optimizerValue(state, "seed");
    if (!seed || seed->empty() || seed->find_first_not_of("0123456789") != std::string::npos || seed->size() > 10)
        return std::string("optimizer: seed: expected an unsigned integer");
    if (state.generation == 0 && !optimizerValue(state, "algorithm")) return std::nullopt;
    const auto start = optimizerValue(state, "start");
    if (!start || !parseNumbers(*start, state.genome.size()))
        return "optimizer: start: expected " + std::to_string(state.genome.size()) + " numbers, one per term";
    const auto algorithm = optimizerValue(state, "algorithm");
    if (!algorithm || !loadAlgorithm(*algorithm)) return std::string("optimizer: algorithm: not a saved pagmo cmaes");
    return std::nullopt;
}

void CmaesOptimizer::next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext&) const {
    if (!ga::fullyEvaluated(state.population)) throw std::invalid_argument("CMA-ES: every member needs a fitness first");
    if (auto problem = checkState(state)) throw std::invalid_argument(*problem);
    const ga::Genome& genome = state.genome;
    const std::size_t size = state.population.size();
    std::optional<pagmo::algorithm> algorithm;
    std::vector<double> start;
    if (auto saved = optimizerValue(state, "algorithm")) {
        // This batch was sampled by the saved state: the real pass, with its fitness.
        algorithm = loadAlgorithm(*saved);
        start = *parseNumbers(*optimizerValue(state, "start"), genome.size());
        std::vector<double> given;
        for (const ga::Member& m : state.population) given.push_back(-*m.fitness);
        const auto asked = generation(*algorithm, genome, start, size, given);
        for (std::size_t i = 0; i < size; ++i)
            if (i >= asked.size() || valuesAt(genome, asked[i]) != ga::decode(genome, state.population[i].chromosome))
                throw std::runtime_error("CMA-ES: the batch does not follow from the saved state (member " +
                                         std::to_string(i) + ")");
    } else {
        // Generation 0, the start population: its best member is the first mean.
        for (int v : bestValues(state)) start.push_back(fraction(genome[start.size()], v));
        const unsigned seed = static_cast<unsigned>(std::stoul(*optimizerValue(state, "seed")));
        algorithm.emplace(pagmo::cmaes(1u, -1, -1, -1, -1, inputs.optimizer.number(kCmaesSigma), -1.0, -1.0, true, true, seed));
        setOptimizerValue(state, "start", exactNumbers(start));
    }
    clearUnusedMemory(*algorithm);
    setOptimizerValue(state, "algorithm", saveAlgorithm(*algorithm));
    pagmo::algorithm learner = *algorithm;  // the learning pass leaves the saved state as it is
    state.population.clear();
    for (const auto& x : generation(learner, genome, start, size, {}))
        state.population.push_back({ga::encode(genome, valuesAt(genome, x)), std::nullopt});
    ++state.generation;
}

}  // namespace mf::tuning
