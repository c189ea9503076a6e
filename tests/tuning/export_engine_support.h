#pragma once
// For the ExportIsTheEngine tests (command line and window): a saved run of the recover-hand-set
// preset whose pick moved some of its 30 weights, and the bundled engine's evaluation terms under
// an options file, read back with `matefind-engine --options FILE terms`.

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/common/run_pick.h"
#include "evolution/tuning/setup/run_presets.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning::test {

// The preset's run saved in `dir`, its pick (generation 1) the start values with every third
// weight moved by a quarter of its window; "" when the preset's files are not installed.
inline std::filesystem::path savedPresetRun(const std::filesystem::path& dir) {
    auto settings = presetSettings("recover-hand-set", MATEFIND_BIN_DIR);
    if (!settings) return {};
    ga::RunState state;
    state.parameters = settings->parameters;
    state.genome = settings->genome;
    std::vector<int> values = state.genome.defaults();
    for (std::size_t i = 0; i < values.size(); i += 3) {
        const ga::Term& t = state.genome[i];
        values[i] = values[i] + (t.high() - t.low()) / 4 <= t.high() ? values[i] + (t.high() - t.low()) / 4 : t.low();
    }
    state.population.push_back({ga::encode(state.genome, values), 1.0});
    while (int(state.population.size()) < state.parameters.populationSize)
        state.population.push_back({ga::encode(state.genome, state.genome.defaults()), 0.9});
    state.generation = 1;
    state.extras = toExtras(*settings);
    RunPick pick;
    pick.values = ga::decode(state.genome, state.population.front().chromosome);
    pick.generation = 1;
    pick.score = 1.01;
    pick.startScore = 1.0;
    pick.error = 0.1175;
    pick.startError = 0.1203;
    writeRunPick(state, pick);
    const std::filesystem::path file = dir / "preset-run.mfpop";
    if (ga::savePopulation(state, file)) return {};
    return file;
}

inline std::string fileText(const std::filesystem::path& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

// The options lines of an options file (no comments).
inline std::vector<std::string> optionLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line.front() != '#') lines.push_back(line);
    return lines;
}

// `options` as an options file at `path`.
inline std::filesystem::path writeOptions(const uci::OptionValues& options, const std::filesystem::path& path) {
    std::ofstream out(path);
    for (const auto& [name, value] : options) out << name << " = " << value << '\n';
    return path;
}

// Every evaluation term of the bundled engine with `optionsFile` loaded, one "Name = Value" a line.
inline std::vector<std::string> engineTerms(const std::filesystem::path& optionsFile) {
    const std::string command = std::string(MATEFIND_BIN_DIR) + "/matefind-engine --options '" + optionsFile.string() +
                                "' terms 2>/dev/null";
    std::string out;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
        char buffer[4096];
        while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) out.append(buffer, n);
        ::pclose(pipe);
    }
    return optionLines(out);
}

}  // namespace mf::tuning::test
