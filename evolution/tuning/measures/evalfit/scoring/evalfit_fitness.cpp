#include "evolution/tuning/measures/evalfit/scoring/evalfit_fitness.h"

namespace mf::dataset {

double evalfitFitness(double error, double startError) { return error > 0.0 ? startError / error : startError; }

double errorFromFitness(double fitness, double startError) { return fitness > 0.0 ? startError / fitness : 0.0; }

std::vector<double> resultsOf(const std::vector<LabelledPosition>& positions) {
    std::vector<double> r;
    r.reserve(positions.size());
    for (const LabelledPosition& p : positions) r.push_back(p.result);
    return r;
}

std::vector<EvalfitResult> errorsOf(const std::vector<CandidateScores>& scores, const std::vector<double>& results,
                                    double k, double startError) {
    std::vector<EvalfitResult> out(scores.size());
    for (std::size_t i = 0; i < scores.size(); ++i) {
        if (!scores[i].failure.empty()) {
            out[i].failure = scores[i].failure;
            continue;
        }
        out[i].error = meanSquaredError(scores[i].q, results, k);
        out[i].fitness = evalfitFitness(out[i].error, startError);
    }
    return out;
}

}  // namespace mf::dataset
