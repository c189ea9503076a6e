#pragma once
// The evalfit fitness measure: Texel's error E of a weight set on a labelled data set, and the
// fitness the GA maximises.
//   E       = mean over positions of (R - sigmoid(K q / 400))^2   (texel_error.h)
//   K       fitted once per data set on the starting weights (the genome's defaults), then fixed
//   fitness = E0 / E, E0 being E of the starting weights at that K: always positive, 1 at the
//             start, above 1 exactly when the error is lower, and strictly larger for every lower
//             E (order-preserving), so every selection scheme, proportional included, can use it.
// E itself is what users read: reports show E beside the fitness.
#include <optional>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/dataset/labelled_position.h"
#include "evolution/tuning/measures/evalfit/scoring/texel_error.h"

namespace mf::dataset {

double evalfitFitness(double error, double startError);   // E0 / E (E0 when E is 0)
double errorFromFitness(double fitness, double startError);  // back: E0 / fitness

struct EvalfitResult {
    double error = 0.0;    // E
    double fitness = 0.0;  // E0 / E
    std::string failure;   // non-empty: not scored (engine fault or cancelled)
};

// The labelled results of a data set, in order (R of each position).
std::vector<double> resultsOf(const std::vector<LabelledPosition>& positions);

// E of each candidate's scores against `results` at `k`.
std::vector<EvalfitResult> errorsOf(const std::vector<CandidateScores>& scores, const std::vector<double>& results,
                                    double k, double startError);

}  // namespace mf::dataset
