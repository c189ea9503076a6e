#include "evolution/tuning/common/candidate_score.h"

#include <cmath>

namespace mf::tuning {

Candidate makeCandidate(const ga::Genome& genome, const std::vector<int>& values) {
    Candidate candidate;
    candidate.values = values;
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        candidate.options.emplace_back(genome[i].option, std::to_string(values[i]));
    return candidate;
}

std::optional<double> GameTally::speedRatio() const {
    if (speedSamples == 0) return std::nullopt;
    return std::exp(speedLogSum / speedSamples);
}

}  // namespace mf::tuning
