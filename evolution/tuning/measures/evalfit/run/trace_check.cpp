#include "evolution/tuning/measures/evalfit/run/trace_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "evolution/ga/rng.h"

namespace mf::tuning {

namespace {

std::vector<CandidateScore> scoreOn(DatasetWork work, dataset::EvalfitPath path, const std::vector<Candidate>& candidates,
                                    FitnessEvaluator& evaluator, std::stop_token stop) {
    work.path = path;
    work.keepScores = false;
    return evaluator.evaluate(FitnessWork{std::move(work)}, candidates, stop, {});
}

}  // namespace

std::string LinearityCheck::summary() const {
    if (failure) return "linearity check not run: " + *failure;
    char text[160];
    std::snprintf(text, sizeof text, "model E within %.3f %% of direct scoring (worst of %zu candidates; limit %.1f %%)",
                  100.0 * worstRelative, realError.size(), 100.0 * tolerance);
    return text;
}

std::vector<std::vector<int>> linearityCandidates(const ga::Genome& genome, std::uint64_t seed) {
    ga::Rng rng(seed ^ 0x7472616365ULL);  // its own stream: the GA's draws are not disturbed
    std::vector<std::vector<int>> out;
    for (int c = 0; c < kLinearityCandidates; ++c) {
        std::vector<int> values;
        for (const ga::Term& term : genome.terms()) {
            const int reach = std::max(1, (term.high() - term.low()) / 8);
            const int offset = static_cast<int>(rng.below(static_cast<std::uint64_t>(2 * reach + 1))) - reach;
            values.push_back(std::clamp(term.defaultValue + offset, term.low(), term.high()));
        }
        out.push_back(std::move(values));
    }
    return out;
}

LinearityCheck checkLinearity(const DatasetWork& work, const ga::Genome& genome, std::uint64_t seed, double tolerance,
                              FitnessEvaluator& evaluator, std::stop_token stop) {
    LinearityCheck check;
    check.tolerance = tolerance;
    std::vector<Candidate> candidates;
    for (const auto& values : linearityCandidates(genome, seed)) candidates.push_back(makeCandidate(genome, values));
    const auto model = scoreOn(work, dataset::EvalfitPath::Trace, candidates, evaluator, stop);
    const auto real = scoreOn(work, work.trace.direct, candidates, evaluator, stop);
    for (std::size_t i = 0; i < candidates.size(); ++i) {
        if (i >= model.size() || i >= real.size() || !model[i].error || !real[i].error) {
            check.failure = i < real.size() && !real[i].failure.empty()   ? real[i].failure
                            : i < model.size() && !model[i].failure.empty() ? model[i].failure
                                                                            : std::string("stopped");
            return check;
        }
        check.modelError.push_back(*model[i].error);
        check.realError.push_back(*real[i].error);
        check.worstRelative = std::max(check.worstRelative, std::abs(*model[i].error - *real[i].error) / *real[i].error);
    }
    return check;
}

std::optional<double> directError(const DatasetWork& work, const ga::Genome& genome, const std::vector<int>& values,
                                  FitnessEvaluator& evaluator, std::stop_token stop) {
    const auto scores = scoreOn(work, work.trace.direct, {makeCandidate(genome, values)}, evaluator, stop);
    if (scores.size() != 1 || !scores[0].error) return std::nullopt;
    return scores[0].error;
}

}  // namespace mf::tuning
