#include "evolution/dataset/evalfit_run.h"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "evolution/ga/population_file.h"
#include "evolution/ga/statistics.h"

namespace mf::dataset {

namespace {

std::string exact(double v) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "%.17g", v);
    return buffer;
}

std::optional<std::string> extra(const ga::RunState& s, const std::string& key) {
    for (const auto& [k, v] : s.extras)
        if (k == key) return v;
    return std::nullopt;
}

}  // namespace

EvalfitRun::EvalfitRun(EvalfitRunSettings settings, std::vector<double> results, ScoreFunction score,
                       std::vector<double> heldOutResults, ScoreFunction heldOutScore)
    : settings_(std::move(settings)), results_(std::move(results)), score_(std::move(score)),
      heldOutResults_(std::move(heldOutResults)), heldOutScore_(std::move(heldOutScore)) {}

uci::OptionValues EvalfitRun::optionsOf(const std::vector<int>& values) const {
    uci::OptionValues o;
    for (std::size_t i = 0; i < values.size(); ++i)
        o.emplace_back(settings_.genome.terms()[i].option, std::to_string(values[i]));
    return o;
}

Result<EvalfitFit> EvalfitRun::fit() {
    std::vector<int> defaults;
    for (const ga::Term& t : settings_.genome.terms()) defaults.push_back(t.defaultValue);
    const auto scores = score_({optionsOf(defaults)});
    if (scores.size() != 1 || !scores[0].failure.empty())
        return Error{"scoring the defaults failed: " + (scores.empty() ? std::string("no result") : scores[0].failure)};
    const KFit k = fitK(scores[0].q, results_);
    fit_.k = k.k;
    fit_.startError = meanSquaredError(scores[0].q, results_, k.k);
    if (heldOutScore_) {
        const auto held = heldOutScore_({optionsOf(defaults)});
        if (held.size() != 1 || !held[0].failure.empty())
            return Error{"scoring the defaults on the held-out data failed: " + (held.empty() ? std::string() : held[0].failure)};
        fit_.heldOutStartError = meanSquaredError(held[0].q, heldOutResults_, fit_.k);
    }
    state_ = ga::startRun(settings_.parameters, settings_.genome, settings_.start);
    state_.extras = extras();
    evaluatedCurrent_ = false;
    return fit_;
}

Result<EvalfitFit> EvalfitRun::resume(ga::RunState saved) {
    auto number = [&](const std::string& key) -> Result<double> {
        const auto text = extra(saved, key);
        if (!text) return Error{"the population file has no '" + key + "' extra (not an evalfit run?)"};
        double v = 0;
        const auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), v);
        if (ec != std::errc() || p != text->data() + text->size()) return Error{"extra '" + key + "': '" + *text + "' is not a number"};
        return v;
    };
    auto k = number("evalfit_k");
    if (!k) return k.error();
    auto e0 = number("evalfit_e0");
    if (!e0) return e0.error();
    fit_.k = *k;
    fit_.startError = *e0;
    if (auto h = number("evalfit_heldout_e0")) fit_.heldOutStartError = *h;
    if (auto start = extra(saved, "start"))
        if (auto s = ga::parseStartPopulation(*start)) settings_.start = *s;
    state_ = std::move(saved);
    state_.extras = extras();
    evaluatedCurrent_ = ga::fullyEvaluated(state_.population);
    return fit_;
}

std::vector<std::pair<std::string, std::string>> EvalfitRun::extras() const {
    std::vector<std::pair<std::string, std::string>> e = {
        {kEvalfitMeasureKey, kEvalfitMeasure},
        {"data", settings_.data},
        {"evalfit_k", exact(fit_.k)},
        {"evalfit_e0", exact(fit_.startError)},
        {"start", std::string(ga::startPopulationName(settings_.start))},
    };
    if (!settings_.heldOutData.empty()) {
        e.emplace_back("heldout", settings_.heldOutData);
        e.emplace_back("heldout_every", std::to_string(settings_.heldOutEvery));
        if (fit_.heldOutStartError) e.emplace_back("evalfit_heldout_e0", exact(*fit_.heldOutStartError));
    }
    for (const auto& kv : settings_.engineExtras) e.push_back(kv);
    return e;
}

EvalfitGeneration EvalfitRun::evaluate() {
    EvalfitGeneration g;
    const auto pending = ga::pendingMembers(state_.population);
    std::vector<std::size_t> toScore;
    std::vector<std::vector<int>> values;
    for (std::size_t i : pending) {
        std::vector<int> v = ga::decode(state_.genome, state_.population[i].chromosome);
        const auto hit = std::find_if(cache_.begin(), cache_.end(), [&](const auto& c) { return c.first == v; });
        if (hit != cache_.end()) {
            state_.population[i].fitness = evalfitFitness(hit->second, fit_.startError);
            ++g.cached;
            continue;
        }
        toScore.push_back(i);
        values.push_back(std::move(v));
    }
    std::vector<uci::OptionValues> options;
    for (const auto& v : values) options.push_back(optionsOf(v));
    const auto scores = options.empty() ? std::vector<CandidateScores>{} : score_(options);
    const auto errors = errorsOf(scores, results_, fit_.k, fit_.startError);
    for (std::size_t j = 0; j < toScore.size(); ++j) {
        ga::Member& m = state_.population[toScore[j]];
        if (j >= errors.size() || !errors[j].failure.empty()) {
            // Never scored: the member gets the lowest fitness so it is not bred from.
            m.fitness = 0.0;
            ++g.failed;
            g.failures.push_back(j < errors.size() ? errors[j].failure : "no result");
            continue;
        }
        m.fitness = errors[j].fitness;
        cache_.emplace_back(values[j], errors[j].error);
        ++g.scored;
    }
    state_.evaluations += pending.size();
    g.stats = ga::computeStats(state_);
    g.bestError = errorFromFitness(g.stats.best, fit_.startError);
    double sum = 0;
    std::size_t n = 0;
    for (const ga::Member& m : state_.population)
        if (m.fitness && *m.fitness > 0) {
            sum += errorFromFitness(*m.fitness, fit_.startError);
            ++n;
        }
    g.meanError = n ? sum / double(n) : 0.0;
    return g;
}

Result<void> EvalfitRun::run(int lastGeneration, const std::function<void(const EvalfitGeneration&)>& onGeneration,
                             std::stop_token stop) {
    for (;;) {
        if (stop.stop_requested()) return {};
        if (evaluatedCurrent_) {
            if (state_.generation >= lastGeneration) return {};
            ga::nextGeneration(state_);
        }
        EvalfitGeneration g = evaluate();
        evaluatedCurrent_ = true;
        const bool last = state_.generation >= lastGeneration;
        if (heldOutScore_ && (last || (settings_.heldOutEvery > 0 && state_.generation % settings_.heldOutEvery == 0))) {
            const auto held = heldOutScore_({optionsOf(g.stats.bestValues)});
            if (held.size() == 1 && held[0].failure.empty()) g.heldOutError = meanSquaredError(held[0].q, heldOutResults_, fit_.k);
            else g.failures.push_back("held-out: " + (held.empty() ? std::string("no result") : held[0].failure));
        }
        if (!settings_.out.empty())
            if (auto error = ga::savePopulation(state_, settings_.out))
                return Error{"cannot write " + settings_.out.string() + ": " + error->message()};
        if (onGeneration) onGeneration(g);
    }
}

Result<EvalfitPolish> EvalfitRun::polish(int maxPasses, const std::function<void(const PolishPass&)>& onPass) {
    if (!evaluatedCurrent_ || state_.population.empty()) return Error{"polish: the current generation is not evaluated"};
    auto fitnessOf = [](const ga::Member& m) { return m.fitness ? *m.fitness : 0.0; };
    const auto byFitness = [&](const ga::Member& a, const ga::Member& b) { return fitnessOf(a) < fitnessOf(b); };
    const auto bestIt = std::max_element(state_.population.begin(), state_.population.end(), byFitness);
    if (fitnessOf(*bestIt) <= 0.0) return Error{"polish: no member of the current generation was scored"};
    EvalfitPolish out;
    out.startError = errorFromFitness(fitnessOf(*bestIt), fit_.startError);
    const BatchError errorOf = [&](const std::vector<std::vector<int>>& candidates) {
        std::vector<std::optional<double>> result(candidates.size());
        std::vector<std::size_t> toScore;
        std::vector<uci::OptionValues> options;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            const auto hit = std::find_if(cache_.begin(), cache_.end(), [&](const auto& e) { return e.first == candidates[c]; });
            if (hit != cache_.end()) {
                result[c] = hit->second;
                continue;
            }
            toScore.push_back(c);
            options.push_back(optionsOf(candidates[c]));
        }
        if (options.empty()) return result;
        const auto errors = errorsOf(score_(options), results_, fit_.k, fit_.startError);
        for (std::size_t j = 0; j < toScore.size(); ++j) {
            if (j >= errors.size() || !errors[j].failure.empty()) {
                out.failures.push_back(j < errors.size() ? errors[j].failure : "no result");
                continue;
            }
            result[toScore[j]] = errors[j].error;
            cache_.emplace_back(candidates[toScore[j]], errors[j].error);
        }
        return result;
    };
    out.result = polishWeights(state_.genome, ga::decode(state_.genome, bestIt->chromosome), out.startError, maxPasses, errorOf, onPass);
    state_.evaluations += out.result.evaluations;
    if (out.result.error < out.startError) {
        const auto worstIt = std::min_element(state_.population.begin(), state_.population.end(), byFitness);
        *worstIt = ga::Member{ga::encode(state_.genome, out.result.values), evalfitFitness(out.result.error, fit_.startError)};
    }
    if (heldOutScore_) {
        const auto held = heldOutScore_({optionsOf(out.result.values)});
        if (held.size() == 1 && held[0].failure.empty()) out.heldOutError = meanSquaredError(held[0].q, heldOutResults_, fit_.k);
        else out.failures.push_back("held-out: " + (held.empty() ? std::string("no result") : held[0].failure));
    }
    if (!settings_.out.empty())
        if (auto error = ga::savePopulation(state_, settings_.out))
            return Error{"cannot write " + settings_.out.string() + ": " + error->message()};
    return out;
}

}  // namespace mf::dataset
