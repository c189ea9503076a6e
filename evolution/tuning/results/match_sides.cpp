#include "evolution/tuning/results/match_sides.h"

#include <algorithm>
#include <cctype>

#include "engine/options_file.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/results/engine_export.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"

namespace mf::tuning {
namespace {

std::string programName(const std::filesystem::path& program) { return program.filename().string(); }

MatchSide named(MatchSide side) {
    side.side.name = sideName(side);
    return side;
}

bool sameOptionName(const std::string& a, const std::string& b) {
    return std::ranges::equal(a, b, [](char x, char y) { return std::tolower(static_cast<unsigned char>(x)) ==
                                                                std::tolower(static_cast<unsigned char>(y)); });
}

// `value` on top of `options`: it replaces an earlier value of the same option.
void putOnTop(uci::OptionValues& options, std::pair<std::string, std::string> value) {
    std::erase_if(options, [&](const auto& have) { return sameOptionName(have.first, value.first); });
    options.push_back(std::move(value));
}

}  // namespace

MatchSide defaultsSide(const EngineSpec& engine) {
    MatchSide setup;
    setup.engine = engineConfigOf(engine);
    return named(std::move(setup));
}

MatchSide genomeDefaultsSide(const EngineSpec& engine, const ga::Genome& genome) {
    MatchSide setup;
    setup.engine = engineConfigOf(engine);
    setup.side.options = makeCandidate(genome, genome.defaults()).options;
    setup.plays = "start values";
    return named(std::move(setup));
}

Result<MatchSide> bestOfRun(const ga::RunState& state, const EngineSpec& engine, const std::string& source) {
    // What answers for the run: its pick (the start values when nothing beat them), else its best.
    auto answer = runAnswer(state);
    if (!answer) return Error{source + ": " + answer.error().message};
    const std::vector<int>& values = answer->values;
    MatchSide setup;
    if (!answer->pick) setup.plays = source + " gen " + std::to_string(state.generation) + " best";
    else if (answer->pick->isStart()) setup.plays = source + " pick (the start values)";
    else setup.plays = source + " pick (gen " + std::to_string(answer->generation) + ")";
    setup.side.options = makeCandidate(state.genome, values).options;
    setup.engine = engineConfigOf(engine);
    return named(std::move(setup));
}

namespace {

// The run saved in `file` and the engine it ran on (`fallback` when the file names none).
Result<std::pair<ga::RunState, EngineSpec>> savedRun(const std::filesystem::path& file, const EngineSpec& fallback) {
    auto state = ga::loadPopulation(file);
    if (!state) return Error{state.error().message};
    TuningSettings settings;
    if (auto error = applyExtras(*state, settings)) return Error{file.string() + ": " + *error};
    EngineSpec engine = settings.engine;
    if (engine.program.empty()) engine = fallback;
    return std::pair{std::move(*state), std::move(engine)};
}

}  // namespace

Result<MatchSide> bestOfPopulationFile(const std::filesystem::path& file, const EngineSpec& fallback) {
    auto run = savedRun(file, fallback);
    if (!run) return run.error();
    auto side = bestOfRun(run->first, run->second, file.filename().string());
    if (!side) return Error{file.string() + ": " + side.error().message};
    return side;
}

Result<MatchSide> startOfPopulationFile(const std::filesystem::path& file, const EngineSpec& fallback) {
    auto run = savedRun(file, fallback);
    if (!run) return run.error();
    MatchSide side = genomeDefaultsSide(run->second, run->first.genome);
    side.plays = file.filename().string() + " start values";
    return named(std::move(side));
}

Result<uci::OptionValues> readOptionsFile(const std::filesystem::path& file) {
    OptionsFileText text = readOptionsFileText(file);
    if (text.openError) return Error{*text.openError};
    uci::OptionValues values;
    for (OptionsFileLine& line : parseOptionsText(text.text)) {
        if (!line.option) return errorAt(file.string(), line.number, "", line.error);  // as optionsFileProblem words it
        values.emplace_back(std::move(line.option->name), std::move(line.option->value));
    }
    return values;
}

Result<MatchSide> withChoices(MatchSide side, const SideChoices& choices) {
    if (!choices.program.empty()) side.engine.command.program = choices.program;
    if (!choices.arguments.empty()) side.engine.command.arguments = choices.arguments;
    if (!choices.optionsFile.empty()) {
        auto fromFile = readOptionsFile(choices.optionsFile);
        if (!fromFile) return fromFile.error();
        for (auto& value : *fromFile) putOnTop(side.side.options, std::move(value));
    }
    for (const auto& value : choices.options) putOnTop(side.side.options, value);
    side.side.name = sideName(side, choices);
    return side;
}

std::string sideName(const MatchSide& side, const SideChoices& choices) {
    if (!choices.name.empty()) return choices.name;
    std::string name = side.plays.empty() ? programName(side.engine.command.program) : side.plays;
    if (!choices.optionsFile.empty()) name += " " + choices.optionsFile.filename().string();
    return name;
}

void distinguishNames(match::Side& a, match::Side& b) {
    if (a.name != b.name) return;
    a.name += " (A)";
    b.name += " (B)";
}

}  // namespace mf::tuning
