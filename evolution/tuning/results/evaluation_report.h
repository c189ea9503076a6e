#pragma once
// The evaluation of every chromosome of a population: values, fitness and per position the
// expected move, the move played, solved or not, time. `matefind-cli print` writes it to stdout;
// the window prints the same text (or the same structures) to a printer/PDF.

#include <cstddef>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/ga/evolution.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"

namespace mf::tuning {

struct ChromosomeEvaluation {
    std::size_t member = 0;              // index in the population
    std::vector<int> values;
    std::optional<double> savedFitness;  // as stored in the population file
    CandidateScore score;                // as scored now
};

// Scores every member of `state` (each distinct chromosome once) on `work`, in population order.
std::vector<ChromosomeEvaluation> evaluatePopulation(FitnessEvaluator& evaluator, const FitnessWork& work,
                                                     const ga::RunState& state, std::stop_token stop = {},
                                                     const ProgressHandler& onProgress = {});

// Plain text, one block per chromosome, members best first.
std::string formatEvaluationReport(const ga::RunState& state, const FitnessWork& work,
                                   const std::vector<ChromosomeEvaluation>& evaluations);

}  // namespace mf::tuning
