#pragma once
// The printed-report tests' evalfit report without an engine: a data set of 4000 positions (the
// fit's K and E0 given) and the text `print` writes for a state whose members carry their
// fitness (formatEvaluationReport, each member scored at its saved fitness).
#include "evolution/ga/chromosome.h"
#include "evolution/ga/evolution.h"
#include "evolution/tuning/results/evaluation_report.h"

#include <QString>

#include <memory>
#include <string>
#include <vector>

namespace mf::ui::test {

inline tuning::DatasetWork fastDatasetWork(const std::string& file) {
    tuning::DatasetWork work;
    work.file = file;
    work.positions = std::make_shared<const dataset::DatasetIndex>(dataset::DatasetIndex::inMemory(
        std::vector<std::string>(4000, "8/8/8/8/8/8/8/K6k w - - 0 1"), std::vector<double>(4000, 0.5)));
    work.k = 0.9889;
    work.startError = 0.104537;
    work.path = dataset::EvalfitPath::Fast;
    return work;
}

inline QString evalfitReportText(const ga::RunState& state, const tuning::DatasetWork& work) {
    std::vector<tuning::ChromosomeEvaluation> evaluations;
    for (std::size_t i = 0; i < state.population.size(); ++i) {
        tuning::ChromosomeEvaluation e;
        e.member = i;
        e.values = ga::decode(state.genome, state.population[i].chromosome);
        e.savedFitness = state.population[i].fitness;
        e.score.fitness = e.savedFitness.value_or(0.0);
        e.score.error = work.startError / e.score.fitness;
        e.score.scored = int(work.size());
        evaluations.push_back(e);
    }
    return QString::fromStdString(tuning::formatEvaluationReport(state, work, evaluations));
}

}  // namespace mf::ui::test
