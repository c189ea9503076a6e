#include "evolution/tuning/match_sides.h"

#include "evolution/ga/population_file.h"
#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/fitness_evaluator.h"

namespace mf::tuning {
namespace {

std::string programName(const std::filesystem::path& program) { return program.filename().string(); }

}  // namespace

MatchSide defaultsSide(const EngineSpec& engine) {
    MatchSide setup;
    setup.engine = engineConfigOf(engine);
    setup.side.name = "defaults (" + programName(engine.program) + ")";
    return setup;
}

MatchSide genomeDefaultsSide(const EngineSpec& engine, const ga::Genome& genome) {
    MatchSide setup;
    setup.engine = engineConfigOf(engine);
    setup.side.options = makeCandidate(genome, genome.defaults()).options;
    setup.side.name = "genome defaults (" + programName(engine.program) + ")";
    return setup;
}

Result<MatchSide> bestOfRun(const ga::RunState& state, const EngineSpec& engine, const std::string& label,
                            const std::string& source) {
    const auto best = bestMember(state);
    if (!best) return Error{source + ": no evaluated member to play"};
    const std::vector<int> values = ga::decode(state.genome, state.population[*best].chromosome);
    MatchSide setup;
    setup.side.name = label + " (" + source + " gen " + std::to_string(state.generation) + " best)";
    setup.side.options = makeCandidate(state.genome, values).options;
    setup.engine = engineConfigOf(engine);
    return setup;
}

Result<MatchSide> bestOfPopulationFile(const std::filesystem::path& file, const EngineSpec& fallback,
                                       const std::string& label) {
    auto state = ga::loadPopulation(file);
    if (!state) return Error{state.error().message};
    TuningSettings settings;
    if (auto error = applyExtras(*state, settings)) return Error{file.string() + ": " + *error};
    EngineSpec engine = settings.engine;
    if (engine.program.empty()) engine = fallback;
    auto side = bestOfRun(*state, engine, label, file.filename().string());
    if (!side) return Error{file.string() + ": no evaluated member to play"};
    return side;
}

std::string describeSide(const MatchSide& side) {
    std::string name = programName(side.engine.command.program);
    for (const auto& [option, value] : side.side.options) name += " " + option + "=" + value;
    return name;
}

void distinguishNames(match::Side& a, match::Side& b) {
    if (a.name != b.name) return;
    a.name += " (A)";
    b.name += " (B)";
}

}  // namespace mf::tuning
