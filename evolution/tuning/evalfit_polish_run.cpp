#include "evolution/tuning/evalfit_polish_run.h"

#include <algorithm>
#include <map>

#include "evolution/dataset/evalfit_measure.h"
#include "evolution/ga/chromosome.h"
#include "evolution/tuning/evalfit_fit.h"
#include "evolution/tuning/fitness_plan.h"
#include "evolution/tuning/gradient_polish_run.h"

namespace mf::tuning {

namespace {

double fitnessOf(const ga::Member& member) { return member.fitness.value_or(0.0); }
bool lessFit(const ga::Member& a, const ga::Member& b) { return fitnessOf(a) < fitnessOf(b); }

// The run's scoring path as the run had it: auto and trace resolved, the traces checked (a run
// that fell back to direct scoring falls back here too).
std::optional<Error> prepareScoring(FitnessPlan& plan, const TuningSettings& settings, FitnessEvaluator& evaluator,
                                    std::stop_token stop, std::vector<std::string>& notes) {
    EvalfitPlan* evalfit = plan.measurePlan<EvalfitPlan>();
    if (!evalfit) return std::nullopt;
    EvalfitFitOutcome outcome;
    if (resolveScoringPath(*evalfit, settings, outcome, stop)) checkTraces(*evalfit, settings, evaluator, outcome, stop);
    if (outcome.failure) return Error{"polish: " + *outcome.failure};
    if (outcome.stopped) return Error{"polish: stopped"};
    for (const std::string* note : {&outcome.pathNote, &outcome.traceNote})
        if (!note->empty()) notes.push_back(*note);
    return std::nullopt;
}

}  // namespace

Result<EvalfitPolishOutcome> polishEvalfitRun(ga::RunState& state, const TuningSettings& settings,
                                              FitnessEvaluator& evaluator, int maxPasses, std::stop_token stop,
                                              const std::function<void(const dataset::PolishPass&)>& onPass,
                                              const ProgressHandler& onProgress, PolishMethod method) {
    if (settings.measure != FitnessMeasure::Evalfit)
        return Error{"polish: the run's measure is " + std::string(fitnessMeasureName(settings.measure)) + ", not evalfit"};
    if (!settings.of<tuning::EvalfitSettings>().k || !settings.of<tuning::EvalfitSettings>().startError) return Error{"polish: the run has no fitted K and E0"};
    std::vector<std::string> warnings;
    auto plan = FitnessPlan::load(settings, warnings);
    if (!plan) return plan.error();
    EvalfitPolishOutcome out;
    if (auto error = prepareScoring(*plan, settings, evaluator, stop, out.notes)) return *error;
    const auto best = std::max_element(state.population.begin(), state.population.end(), lessFit);
    if (best == state.population.end() || fitnessOf(*best) <= 0.0)
        return Error{"polish: no member of generation " + std::to_string(state.generation) + " was scored"};
    const double startError = *settings.of<tuning::EvalfitSettings>().startError;

    out.startError = dataset::errorFromFitness(fitnessOf(*best), startError);
    const FitnessWork work = plan->mainWork(state.generation);
    // The polish revisits neighbours it has scored (a step halves, a pass comes back): scores
    // are deterministic, so each set of values is scored once.
    std::map<std::vector<int>, double> known;
    const dataset::BatchError errorOf = [&](const std::vector<std::vector<int>>& batch) {
        std::vector<std::optional<double>> errors(batch.size());
        std::vector<Candidate> toScore;
        std::vector<std::size_t> slot;
        for (std::size_t i = 0; i < batch.size(); ++i) {
            if (auto hit = known.find(batch[i]); hit != known.end()) {
                errors[i] = hit->second;
                continue;
            }
            toScore.push_back(makeCandidate(state.genome, batch[i]));
            slot.push_back(i);
        }
        if (toScore.empty() || stop.stop_requested()) return errors;
        const std::vector<CandidateScore> scores = evaluator.evaluate(work, toScore, stop, onProgress);
        for (std::size_t j = 0; j < toScore.size(); ++j) {
            const bool scored = j < scores.size() && scores[j].complete() && scores[j].error && scores[j].failure.empty();
            if (!scored) {
                if (!stop.stop_requested())
                    out.failures.push_back(j < scores.size() && !scores[j].failure.empty() ? scores[j].failure : "no score");
                continue;
            }
            errors[slot[j]] = *scores[j].error;
            known.emplace(toScore[j].values, *scores[j].error);
        }
        return errors;
    };
    const std::vector<int> from = ga::decode(state.genome, best->chromosome);
    if (method == PolishMethod::Gradient) {
        auto descended = polishByGradient(*plan, settings, from, maxPasses * kGradientIterationsPerPass, evaluator, stop, onPass);
        if (!descended) return descended.error();
        out.result = *descended;
    } else {
        out.result = dataset::polishWeights(state.genome, from, out.startError, maxPasses, errorOf, onPass);
    }
    state.evaluations += out.result.evaluations;
    if (out.result.error < out.startError) {
        const auto worst = std::min_element(state.population.begin(), state.population.end(), lessFit);
        *worst = ga::Member{ga::encode(state.genome, out.result.values),
                            dataset::evalfitFitness(out.result.error, startError)};
    }
    if (plan->hasHeldOut() && !stop.stop_requested()) {
        const auto held = evaluator.evaluate(plan->heldOutWork(state.generation),
                                             {makeCandidate(state.genome, out.result.values)}, stop, onProgress);
        if (held.size() == 1 && held[0].complete() && held[0].error) out.heldOutError = *held[0].error;
        else if (!stop.stop_requested())
            out.failures.push_back("held-out: " + (held.empty() || held[0].failure.empty() ? std::string("no score")
                                                                                            : held[0].failure));
    }
    return out;
}

}  // namespace mf::tuning
