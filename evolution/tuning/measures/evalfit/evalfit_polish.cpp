#include "evolution/tuning/measures/evalfit/evalfit_polish.h"

#include <algorithm>

namespace mf::dataset {

int polishStartStep(const ga::Term& term) {
    return std::max(1, int((std::uint64_t{1} << term.bits) / 32));
}

PolishResult polishWeights(const ga::Genome& genome, std::vector<int> start, double startError, int maxPasses,
                           const BatchError& errorOf, const std::function<void(const PolishPass&)>& onPass) {
    PolishResult r;
    r.values = std::move(start);
    r.error = startError;
    std::vector<int> steps;
    for (const ga::Term& t : genome.terms()) steps.push_back(polishStartStep(t));
    while (r.passes < maxPasses) {
        ++r.passes;
        std::size_t moved = 0;
        bool allUnit = true;
        for (std::size_t i = 0; i < r.values.size(); ++i) {
            const ga::Term& t = genome.terms()[i];
            if (steps[i] > 1) allUnit = false;
            std::vector<std::vector<int>> candidates;
            for (int sign : {+1, -1}) {
                const int v = std::clamp(r.values[i] + sign * steps[i], t.low(), t.high());
                if (v == r.values[i]) continue;
                candidates.push_back(r.values);
                candidates.back()[i] = v;
            }
            if (candidates.empty()) {
                steps[i] = std::max(1, steps[i] / 2);
                continue;
            }
            const auto errors = errorOf(candidates);
            r.evaluations += candidates.size();
            std::optional<std::size_t> best;
            for (std::size_t c = 0; c < candidates.size(); ++c) {
                if (c >= errors.size() || !errors[c]) {
                    ++r.failures;
                    continue;
                }
                if (*errors[c] < r.error && (!best || *errors[c] < *errors[*best])) best = c;
            }
            if (best) {
                r.values = candidates[*best];
                r.error = *errors[*best];
                ++moved;
            } else {
                steps[i] = std::max(1, steps[i] / 2);
            }
        }
        if (onPass) onPass(PolishPass{r.passes, r.error, r.evaluations, moved, r.values});
        if (moved == 0 && allUnit) {
            r.converged = true;
            break;
        }
    }
    return r;
}

}  // namespace mf::dataset
