#include "evolution/tuning/optimizers/local/coordinate_pass.h"

#include <algorithm>
#include <cstdint>

namespace mf::tuning {

int coordinateStartStep(const ga::Term& term) { return std::max(1, int((std::uint64_t{1} << term.bits) / 32)); }

std::vector<int> coordinateStartSteps(const ga::Genome& genome) {
    std::vector<int> steps;
    for (const ga::Term& t : genome.terms()) steps.push_back(coordinateStartStep(t));
    return steps;
}

CoordinatePassResult coordinatePass(const ga::Genome& genome, CoordinatePoint& point, const BatchScore& scoreOf) {
    CoordinatePassResult r;
    bool allUnit = true;
    for (std::size_t i = 0; i < point.values.size(); ++i) {
        const ga::Term& t = genome.terms()[i];
        int& step = point.steps[i];
        if (step > 1) allUnit = false;
        std::vector<std::vector<int>> candidates;
        for (int sign : {+1, -1}) {
            const int v = std::clamp(point.values[i] + sign * step, t.low(), t.high());
            if (v == point.values[i]) continue;
            candidates.push_back(point.values);
            candidates.back()[i] = v;
        }
        if (candidates.empty()) {
            step = std::max(1, step / 2);
            continue;
        }
        const auto scores = scoreOf(candidates);
        if (scores.empty()) {
            r.stopped = true;
            return r;
        }
        r.scored += candidates.size();
        std::optional<std::size_t> best;
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            if (c >= scores.size() || !scores[c]) {
                ++r.failures;
                continue;
            }
            if (*scores[c] > point.score && (!best || *scores[c] > *scores[*best])) best = c;
        }
        if (best) {
            point.values = candidates[*best];
            point.score = *scores[*best];
            ++r.moved;
        } else {
            step = std::max(1, step / 2);
        }
    }
    r.converged = r.moved == 0 && allUnit;
    return r;
}

}  // namespace mf::tuning
