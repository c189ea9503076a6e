#include "evolution/tuning/engine_export.h"

#include <sstream>

namespace mf::tuning {

std::optional<std::size_t> bestMember(const ga::RunState& state) {
    std::optional<std::size_t> best;
    // rankOrder needs a fully evaluated population; a partly evaluated file still has a best.
    for (std::size_t i = 0; i < state.population.size(); ++i) {
        const auto& fitness = state.population[i].fitness;
        if (fitness && (!best || *fitness > *state.population[*best].fitness)) best = i;
    }
    return best;
}

std::string setOptionLines(const ga::Genome& genome, const std::vector<int>& values) {
    std::ostringstream out;
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        out << "setoption name " << genome[i].option << " value " << values[i] << '\n';
    return out.str();
}

std::string engineOptionsFile(const ga::Genome& genome, const std::vector<int>& values, const std::string& comment) {
    std::ostringstream out;
    // The format is matefind-engine's options file; the values are for whichever engine the run tuned.
    out << "# engine options, Name = Value (matefind-cli match --options1/--options2 reads them)\n";
    std::istringstream lines(comment);
    for (std::string line; std::getline(lines, line);) out << "# " << line << '\n';
    for (std::size_t i = 0; i < genome.size() && i < values.size(); ++i)
        out << genome[i].option << " = " << values[i] << '\n';
    return out.str();
}

}  // namespace mf::tuning
