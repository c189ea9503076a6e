#include "evolution/tuning/results/evaluation_report.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "evolution/ga/chromosome.h"
#include "evolution/tuning/measures/report_text.h"

namespace mf::tuning {

std::vector<ChromosomeEvaluation> evaluatePopulation(FitnessEvaluator& evaluator, const FitnessWork& work,
                                                     const ga::RunState& state, std::stop_token stop,
                                                     const ProgressHandler& onProgress) {
    std::vector<ChromosomeEvaluation> evaluations;
    std::vector<Candidate> candidates;
    std::map<std::vector<int>, std::size_t> candidateOf;
    std::vector<std::size_t> memberCandidate;
    for (std::size_t i = 0; i < state.population.size(); ++i) {
        std::vector<int> values = ga::decode(state.genome, state.population[i].chromosome);
        auto [it, inserted] = candidateOf.try_emplace(values, candidates.size());
        if (inserted) candidates.push_back(makeCandidate(state.genome, values));
        memberCandidate.push_back(it->second);
        evaluations.push_back({i, std::move(values), state.population[i].fitness, {}});
    }
    const auto scores = evaluator.evaluate(work, candidates, stop, onProgress);
    for (std::size_t i = 0; i < evaluations.size() && memberCandidate[i] < scores.size(); ++i)
        evaluations[i].score = scores[memberCandidate[i]];
    return evaluations;
}

std::string formatEvaluationReport(const ga::RunState& state, const FitnessWork& work,
                                   const std::vector<ChromosomeEvaluation>& evaluations) {
    std::ostringstream out;
    out << describeWork(work) << "\n";
    out << "generation " << state.generation << ", " << evaluations.size() << " chromosomes\n";
    // What the two figures of each entry are: a reader meets "saved 1.001" with no other clue.
    out << "fitness: as scored now; saved: the fitness the population file holds from the run (the two differ\n"
           "when the engine, its options, the data or the limit changed since, or under a time limit)\n";

    // Best first by the fitness just measured; ties keep population order.
    std::vector<const ChromosomeEvaluation*> order;
    for (const auto& e : evaluations) order.push_back(&e);
    std::stable_sort(order.begin(), order.end(),
                     [](auto* a, auto* b) { return a->score.fitness > b->score.fitness; });

    for (const ChromosomeEvaluation* e : order) {
        out << "\nchromosome " << e->member << "  fitness " << fixedDecimals(e->score.fitness, 3) << "  saved "
            << (e->savedFitness ? fixedDecimals(*e->savedFitness, 3) : std::string("-"));
        std::visit([&](const auto& measured) { writeScoreSummary(out, measured, e->score); }, work);
        if (e->score.failed > 0) out << "  failed " << e->score.failed;
        if (e->score.cancelled > 0) out << "  cancelled " << e->score.cancelled;
        if (e->score.maxPoints > 0) out << "  points " << e->score.points << "/" << e->score.maxPoints;
        out << "\n  values:";
        for (std::size_t t = 0; t < e->values.size() && t < state.genome.size(); ++t)
            out << " " << state.genome[t].option << "=" << e->values[t];
        out << "\n";
        std::visit([&](const auto& measured) { writeScoreDetails(out, measured, e->score); }, work);
    }
    return out.str();
}

}  // namespace mf::tuning
