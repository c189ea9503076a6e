#include "evolution/tuning/setup/run_presets.h"

#include <algorithm>

#include "engine/options_file.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/measures/games/games_settings.h"
#include "evolution/tuning/settings/start_values.h"
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

// Search by games: the clock, the optimiser and the confirmation of fishtest's and OpenBench's
// tunes, scaled to two cores (5+0.05 is half of fishtest's short clock).
constexpr const char* kSearchClock = "5+0.05";

Result<TuningSettings> searchByGames(const std::filesystem::path& binDir, const EngineSpec* given, std::stop_token stop) {
    EngineSpec engine;
    if (given) engine = *given;
    if (engine.program.empty()) engine.program = bundledEngine(binDir);
    auto announced = announcedOptions(engine, stop);
    if (!announced) return Error{engine.program.string() + ": " + announced.error().message};
    std::error_code unknown;  // a path that does not exist is no bundled engine
    const bool bundled = std::filesystem::equivalent(engine.program, bundledEngine(binDir), unknown);
    // The bundled engine announces its 624 evaluation terms too, which labelled positions tune
    // (evalfit): here its 31 search constants, as the shipped tune lines give them.
    auto genome = bundled ? ga::loadGenome(shareDir(binDir) / "genomes" / "matefind-search.tune")
                          : genomeFromEngineOptions(*announced, GenomeChoice{});
    if (!genome) return Error{"search-by-games: " + genome.error().message};
    TuningSettings settings = defaultSettings(FitnessMeasure::Games, *genome);
    settings.engine = engine;
    settings.optimizer.only("spsa");
    settings.parameters.populationSize = 16;
    settings.parameters.generations = 150;
    GamesSettings& games = settings.of<GamesSettings>();
    games.pairs = 1;
    games.baseline = PartnerBaseline{};
    games.timeControl = kSearchClock;
    games.confirmPairs = 150;
    takeClockAsLimit(games, settings.parameters);
    return settings;
}

}  // namespace

const std::vector<RunPreset>& runPresets() {
    static const std::vector<RunPreset> presets = {
        {"recover-hand-set", "Recover the hand-set weights",
         "the bundled engine's 30 evaluation weights from the values it had before they were tuned, on the bundled "
         "labelled positions: the GA (16 x 8), then Texel's local search (6 passes), every generation checked on the "
         "held-out positions"},
        {"search-by-games", "Search by games at a clock (the panel's engine)",
         "the engine's search and evaluation options (any UCI engine; the bundled one: its 31 search constants), "
         "tuned by games at 5+0.05: SPSA between partners, 150 x 8 iterations of one game pair, the answer "
         "confirmed against the start in 150 pairs at the same clock before it is handed out",
         true},
    };
    return presets;
}

Result<TuningSettings> presetSettings(std::string_view name, const std::filesystem::path& binDir,
                                      const EngineSpec* engine, std::stop_token stop) {
    if (name == "recover-hand-set") return recoverHandSet(binDir);
    if (name == "search-by-games") return searchByGames(binDir, engine, std::move(stop));
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
