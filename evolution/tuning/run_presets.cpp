#include "evolution/tuning/run_presets.h"

#include <algorithm>

#include "engine/options_file.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/start_values.h"
#include "evolution/uci/option_name.h"

namespace mf::tuning {

namespace {

bool isTerm(const ga::Genome& genome, std::string_view name) {
    for (const ga::Term& term : genome.terms())
        if (uci::sameOptionName(term.option, name) || term.name == name) return true;
    return false;
}

Result<TuningSettings> recoverHandSet(const std::filesystem::path& binDir) {
    const std::filesystem::path share = shareDir(binDir);
    const std::filesystem::path start = share / "engine-options" / "matefind-hand-set-defaults.txt";
    auto genome = ga::loadGenome(bundledAllTermsGenome(binDir));
    if (!genome) return Error{genome.error().message};
    TuningSettings settings = defaultSettings(FitnessMeasure::Evalfit, *genome);
    settings.engine.program = bundledEngine(binDir);
    EvalfitSettings& evalfit = settings.of<EvalfitSettings>();
    evalfit.data = bundledDataset(binDir);
    evalfit.heldOutData = bundledHeldOutDataset(binDir);
    evalfit.path = dataset::EvalfitPath::Trace;
    if (evalfit.data.empty() || evalfit.heldOutData.empty()) return Error{"the bundled labelled positions are not installed"};
    settings.parameters.populationSize = 16;
    settings.parameters.generations = 8;
    settings.heldOutEvery = 1;
    settings.optimizer.stages = {{"ga", 8}, {"local", 0}};
    settings.parameters.generations += 6;  // then 6 passes of the local search
    const OptionsFileText text = readOptionsFileText(start);
    if (text.openError) return Error{start.string() + ": " + *text.openError};
    return withStartState(std::move(settings), text.text, start.string());
}

}  // namespace

const std::vector<RunPreset>& runPresets() {
    static const std::vector<RunPreset> presets = {
        {"recover-hand-set", "Recover the hand-set weights",
         "the bundled engine's 30 evaluation weights from the values it had before they were tuned, on the bundled "
         "labelled positions: the GA (16 x 8), then Texel's local search (6 passes), every generation checked on the "
         "held-out positions"},
    };
    return presets;
}

Result<TuningSettings> presetSettings(std::string_view name, const std::filesystem::path& binDir) {
    if (name == "recover-hand-set") return recoverHandSet(binDir);
    std::string known;
    for (const RunPreset& preset : runPresets()) known += (known.empty() ? "" : ", ") + std::string(preset.name);
    return Error{"no preset is called '" + std::string(name) + "' (presets: " + known + ")"};
}

Result<TuningSettings> withStartState(TuningSettings settings, std::string_view text, const std::string& fileName) {
    // The terms' lines stay where they were (the others become comments), so a problem names the
    // file's own line.
    std::vector<std::string> lines;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        lines.emplace_back(text.substr(start, end - start));
        start = end + 1;
    }
    for (const OptionsFileLine& line : parseOptionsText(text)) {
        if (!line.option) return errorAt(fileName, line.number, "", line.error);
        if (isTerm(settings.genome, line.option->name)) continue;
        settings.engine.fixedOptions.emplace_back(line.option->name, line.option->value);
        lines[std::size_t(line.number - 1)] = "#";
    }
    std::string terms;
    for (const std::string& line : lines) terms += line + "\n";
    auto genome = withStartValues(settings.genome, terms, fileName);
    if (!genome) return genome.error();
    settings.genome = std::move(*genome);
    return settings;
}

}  // namespace mf::tuning
