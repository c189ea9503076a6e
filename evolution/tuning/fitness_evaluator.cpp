#include "evolution/tuning/fitness_evaluator.h"

#include <algorithm>

namespace mf::tuning {

double positionScore(bool solved, int points, double settleFraction, const ScoringRule& rule) {
    const double speed = solved ? rule.prize * (1.0 - std::clamp(settleFraction, 0.0, 1.0)) : 0.0;
    if (rule.measure == FitnessMeasure::Points) return std::max(points, 0) + speed;
    return solved ? 1.0 + speed : 0.0;
}

void summarize(CandidateScore& score) {
    score.fitness = 0.0;
    score.solved = score.scored = score.failed = score.cancelled = 0;
    score.points = 0;
    for (const PositionResult& position : score.positions) {
        if (!position.scored) {
            // An unscored position is either failed (the engine faulted twice) or cancelled (we
            // stopped it); only the failed ones carry a reason from the engine.
            if (position.failure == kCancelledFailure) ++score.cancelled;
            else ++score.failed;
            continue;
        }
        ++score.scored;
        if (position.solved) ++score.solved;
        score.points += position.points;
        score.fitness += position.score;
    }
}

}  // namespace mf::tuning

namespace mf::tuning {

Candidate makeCandidate(const ga::Genome& genome, const std::vector<int>& values) {
    Candidate candidate;
    candidate.values = values;
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        candidate.options.emplace_back(genome[i].option, std::to_string(values[i]));
    return candidate;
}

}  // namespace mf::tuning
