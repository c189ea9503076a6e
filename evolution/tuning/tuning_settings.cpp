#include "evolution/tuning/tuning_settings.h"

#include "engine/fixed_decimals.h"
#include "engine/whole_number.h"
#include "evolution/tuning/optimizers/optimizer.h"
#include "evolution/tuning/optimizers/optimizer_extras.h"
#include "evolution/tuning/settings_rules.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <system_error>

namespace mf::tuning {

BaselineChoice parseBaseline(std::string_view text) {
    constexpr std::string_view kEngine = "engine:";
    if (text == "defaults") return DefaultsBaseline{};
    if (text == "start") return StartBaseline{};
    if (text.starts_with(kEngine)) return EngineBaseline{std::string(text.substr(kEngine.size()))};
    return PopulationBaseline{std::string(text)};
}

std::string baselineText(const BaselineChoice& baseline) {
    if (std::holds_alternative<DefaultsBaseline>(baseline)) return "defaults";
    if (std::holds_alternative<StartBaseline>(baseline)) return "start";
    if (const auto* engine = std::get_if<EngineBaseline>(&baseline)) return "engine:" + engine->program.string();
    return std::get<PopulationBaseline>(baseline).file.string();
}

TuningSettings defaultSettings() { return TuningSettings{}; }

TuningSettings defaultSettings(FitnessMeasure measure, const ga::Genome& genome) {
    TuningSettings settings = defaultSettings();
    settings.measure = measure;
    settings.genome = genome;
    if (measure == FitnessMeasure::Evalfit) {
        ga::Parameters& p = settings.parameters;
        p.pm = std::min(1.0, kEvalfitBitsFlipped / static_cast<double>(std::max<std::size_t>(1, genome.length())));
        p.selection.tournamentSize = kEvalfitTournamentSize;
    }
    return settings;
}

namespace {

// "depth 1" / "nodes 1": the evalfit uci path's search per position. Which values are allowed is
// evalfitLimitProblem's to say.
std::optional<uci::SearchLimit> parseEvalfitLimit(std::string_view text) {
    const std::size_t space = text.find(' ');
    if (space == std::string_view::npos) return std::nullopt;
    const auto value = parseWholeNumber<int>(text.substr(space + 1));
    if (!value) return std::nullopt;
    if (text.substr(0, space) == "depth") return uci::SearchLimit::depth(*value);
    if (text.substr(0, space) == "nodes") return uci::SearchLimit::nodes(*value);
    return std::nullopt;
}

}  // namespace

uci::EngineConfig engineConfigOf(const EngineSpec& engine) {
    uci::EngineConfig config;
    config.command.program = engine.program;
    config.command.arguments = engine.arguments;
    config.startOptions = engine.fixedOptions;
    config.freshProcessOnOptionChange = !engine.keepProcess;
    config.timeouts.searchTimeout = engine.searchTimeout;
    config.timeouts.knownNodesPerSecond = engine.knownNodesPerSecond;
    return config;
}

dataset::EvalfitEngineConfig evalfitEngineOf(const EngineSpec& engine) {
    dataset::EvalfitEngineConfig config;
    config.program = engine.program;
    config.arguments = engine.arguments;
    config.fixedOptions = engine.fixedOptions;
    config.keepProcess = engine.keepProcess;
    return config;
}

bool hasHeldOut(const TuningSettings& settings) {
    if (settings.measure == FitnessMeasure::Evalfit) return !settings.evalfit.heldOutData.empty();
    return settings.measure == FitnessMeasure::Games ? settings.games.heldOutPairs > 0 : !settings.heldOutSuite.empty();
}

std::vector<std::string> validateGames(const GamesSettings& games) {
    std::vector<std::string> problems;
    if (games.pairs < 1 || games.pairs > kMaxGamePairs)
        problems.push_back("pairs: must be from 1 to " + std::to_string(kMaxGamePairs) + ", got " +
                           std::to_string(games.pairs));
    if (games.heldOutPairs < 0 || games.heldOutPairs > kMaxGamePairs)
        problems.push_back("held-out pairs: must be from 0 (none) to " + std::to_string(kMaxGamePairs) + ", got " +
                           std::to_string(games.heldOutPairs));
    if (auto problem = inputFileProblem(games.openings, "openings", false)) problems.push_back(std::move(*problem));
    if (const auto* engine = std::get_if<EngineBaseline>(&games.baseline)) {
        if (auto problem = inputFileProblem(engine->program, "baseline engine", true, true))
            problems.push_back(std::move(*problem));
    } else if (const auto* population = std::get_if<PopulationBaseline>(&games.baseline)) {
        if (population->file.empty())
            problems.push_back("baseline: give defaults, engine:PATH or a population file");
        else if (!std::filesystem::is_regular_file(population->file))
            problems.push_back("baseline: " + population->file.string() +
                               " is neither defaults, engine:PATH nor an existing population file");
    }
    return problems;
}

std::vector<std::string> validateSettings(const TuningSettings& settings) {
    std::vector<std::string> problems;
    auto add = [&](std::optional<std::string> problem) {
        if (problem) problems.push_back(std::move(*problem));
    };
    for (const ga::FieldError& error : ga::validate(settings.parameters)) problems.push_back(error.message);
    if (auto error = ga::validateGenome(settings.genome)) problems.push_back("genome: " + error->message);
    add(inputFileProblem(settings.engine.program, "engine", true, true));
    if (settings.measure == FitnessMeasure::Games) {
        for (auto& problem : validateGames(settings.games)) problems.push_back(std::move(problem));
    } else if (settings.measure == FitnessMeasure::Evalfit) {
        add(inputFileProblem(settings.evalfit.data, "data", true));
        add(inputFileProblem(settings.evalfit.heldOutData, "held-out data", false));
        add(evalfitLimitProblem(settings.evalfit.uciLimit));
        add(outputDirectoryProblem(settings.evalfit.traceCache, "trace cache"));
        if (!(settings.evalfit.traceTolerance > 0 && settings.evalfit.traceTolerance < 1))
            problems.push_back("trace tolerance: must be between 0 and 100 %, got " +
                               std::to_string(100 * settings.evalfit.traceTolerance) + " %");
        if (settings.evalfit.retraceEvery < 0)
            problems.push_back("retrace-every: must be 0 (never) or a number of generations, got " +
                               std::to_string(settings.evalfit.retraceEvery));
    } else {
        add(inputFileProblem(settings.suite, "suite", true));
        add(inputFileProblem(settings.heldOutSuite, "held-out suite", false));
    }
    add(heldOutEveryProblem(settings.heldOutEvery));
    add(workersProblem(settings.workers));
    add(outputFileProblem(settings.autosave, "autosave"));
    for (std::string& problem : engineOptionProblems(settings.engine, settings.genome))
        problems.push_back(std::move(problem));
    for (std::string& problem : makeOptimizer(settings.optimizer.kind)->validate(settings))
        problems.push_back(std::move(problem));
    return problems;
}

uci::SearchLimit searchLimit(const ga::Parameters& parameters) {
    switch (parameters.limitKind) {
    case ga::LimitKind::Time: return uci::SearchLimit::moveTime(parameters.limitValue);
    case ga::LimitKind::Depth: return uci::SearchLimit::depth(parameters.limitValue);
    case ga::LimitKind::Nodes: return uci::SearchLimit::nodes(parameters.limitValue);
    }
    return uci::SearchLimit::nodes(parameters.limitValue);
}

bool deterministicLimit(const ga::Parameters& parameters) {
    return parameters.limitKind != ga::LimitKind::Time;
}

std::vector<std::pair<std::string, std::string>> toExtras(const TuningSettings& settings) {
    std::vector<std::pair<std::string, std::string>> extras;
    const bool suiteMeasure = settings.measure == FitnessMeasure::Solved || settings.measure == FitnessMeasure::Points;
    if (suiteMeasure || !settings.suite.empty()) extras.emplace_back("suite", settings.suite.string());
    extras.emplace_back("measure", std::string(fitnessMeasureName(settings.measure)));
    extras.emplace_back("start", std::string(ga::startPopulationName(settings.start)));
    if (settings.measure == FitnessMeasure::Games) {
        extras.emplace_back("games_pairs", std::to_string(settings.games.pairs));
        extras.emplace_back("games_baseline", baselineText(settings.games.baseline));
        if (!settings.games.openings.empty()) extras.emplace_back("games_openings", settings.games.openings.string());
        extras.emplace_back("games_heldout_pairs", std::to_string(settings.games.heldOutPairs));
    }
    if (settings.measure == FitnessMeasure::Evalfit) {
        // The keys the CLI's own evalfit loop wrote before evalfit was a measure, so its files continue.
        const EvalfitSettings& e = settings.evalfit;
        extras.emplace_back("data", e.data.string());
        if (e.k) extras.emplace_back("evalfit_k", exactDecimal(*e.k));
        if (e.startError) extras.emplace_back("evalfit_e0", exactDecimal(*e.startError));
        if (!e.heldOutData.empty()) extras.emplace_back("heldout", e.heldOutData.string());
        if (e.heldOutStartError) extras.emplace_back("evalfit_heldout_e0", exactDecimal(*e.heldOutStartError));
        if (e.fitKey && (e.k || e.startError)) extras.emplace_back("evalfit_fit_key", e.fitKey->text());
        extras.emplace_back("evalfit_path", std::string(dataset::evalfitPathName(e.path)));
        if (e.retraceEvery > 0) extras.emplace_back("evalfit_retrace_every", std::to_string(e.retraceEvery));
        if (e.traceTolerance != EvalfitSettings{}.traceTolerance)
            extras.emplace_back("evalfit_trace_tolerance", exactDecimal(e.traceTolerance));
        extras.emplace_back("evalfit_limit", std::string(e.uciLimit.kind == uci::SearchLimit::Kind::Nodes ? "nodes " : "depth ") +
                                                 std::to_string(e.uciLimit.value));
    } else if (!settings.heldOutSuite.empty()) {
        extras.emplace_back("heldout", settings.heldOutSuite.string());
    }
    if (hasHeldOut(settings)) extras.emplace_back("heldout_every", std::to_string(settings.heldOutEvery));
    extras.emplace_back("engine", settings.engine.program.string());
    for (std::size_t i = 0; i < settings.engine.arguments.size(); ++i)
        extras.emplace_back("engine_arg." + std::to_string(i), settings.engine.arguments[i]);
    // Keys allow only [A-Za-z0-9_.-] but UCI names hold spaces ("King Safety"), so the name
    // travels in the value: engine_option.N = <name>=<value>.
    for (std::size_t i = 0; i < settings.engine.fixedOptions.size(); ++i) {
        const auto& [name, value] = settings.engine.fixedOptions[i];
        extras.emplace_back("engine_option." + std::to_string(i), name + "=" + value);
    }
    if (settings.engine.keepProcess) extras.emplace_back("engine_keep_process", "true");
    addOptimizerExtras(settings.optimizer, extras);
    return extras;
}

// The evalfit_* keys of a run's extras (an unknown one is left alone, as every other unknown key).
static std::optional<std::string> applyEvalfitExtra(const std::string& key, const std::string& value, EvalfitSettings& e) {
    if (key == "evalfit_k" || key == "evalfit_e0" || key == "evalfit_heldout_e0") {
        auto number = parseWholeNumber<double>(value);
        if (!number || !(*number > 0)) return "extras: " + key + ": expected a positive number, got '" + value + "'";
        (key == "evalfit_k" ? e.k : key == "evalfit_e0" ? e.startError : e.heldOutStartError) = *number;
    } else if (key == "evalfit_fit_key") {
        auto fitKey = FitKey::parse(value);
        if (!fitKey) return "extras: evalfit_fit_key: " + fitKey.error().message;
        e.fitKey = std::move(*fitKey);
    } else if (key == "evalfit_path") {
        auto path = dataset::parseEvalfitPath(value);
        if (!path) return "extras: evalfit_path: expected auto, trace, fast or uci, got '" + value + "'";
        e.path = *path;
    } else if (key == "evalfit_trace_tolerance") {
        auto tolerance = parseWholeNumber<double>(value);
        if (!tolerance || !(*tolerance > 0 && *tolerance < 1))
            return "extras: evalfit_trace_tolerance: expected a fraction between 0 and 1, got '" + value + "'";
        e.traceTolerance = *tolerance;
    } else if (key == "evalfit_retrace_every") {
        auto every = parseWholeNumber<int>(value);
        if (!every || *every < 1)
            return "extras: evalfit_retrace_every: expected a number of generations (1 or more), got '" + value + "'";
        e.retraceEvery = *every;
    } else if (key == "evalfit_limit") {
        auto limit = parseEvalfitLimit(value);
        if (!limit) return "extras: evalfit_limit: expected 'depth N' or 'nodes N', got '" + value + "'";
        e.uciLimit = *limit;
    }
    return std::nullopt;
}

std::optional<std::string> applyExtras(const ga::RunState& state, TuningSettings& settings) {
    settings.parameters = state.parameters;
    settings.genome = state.genome;
    settings.engine.arguments.clear();
    settings.engine.fixedOptions.clear();
    settings.games = GamesSettings{};  // a missing games_openings means the bundled openings
    settings.evalfit = EvalfitSettings{};
    std::optional<std::string> heldOut;  // a suite or, with measure evalfit, a data set
    std::map<int, std::string> arguments;
    std::map<int, std::pair<std::string, std::string>> options;
    for (const auto& [key, value] : state.extras) {
        if (key == "suite") {
            settings.suite = value;
        } else if (key == "measure") {
            auto measure = parseFitnessMeasure(value);
            if (!measure) return "extras: measure: expected solved, points, games or evalfit, got '" + value + "'";
            settings.measure = *measure;
        } else if (key == "games_pairs" || key == "games_heldout_pairs") {
            auto pairs = parseWholeNumber<int>(value);
            if (!pairs) return "extras: " + key + ": expected a number of pairs, got '" + value + "'";
            (key == "games_pairs" ? settings.games.pairs : settings.games.heldOutPairs) = *pairs;
        } else if (key == "start") {
            auto start = ga::parseStartPopulation(value);
            if (!start) return "extras: start: expected around-defaults, uniform or latin-hypercube, got '" + value + "'";
            settings.start = *start;
        } else if (key == "games_baseline") {
            settings.games.baseline = parseBaseline(value);
        } else if (key == "games_openings") {
            settings.games.openings = value;
        } else if (key == "heldout") {
            heldOut = value;
        } else if (key == "data") {
            settings.evalfit.data = value;
        } else if (key.starts_with("evalfit_")) {
            if (auto problem = applyEvalfitExtra(key, value, settings.evalfit)) return problem;
        } else if (key == "heldout_every") {
            auto k = parseWholeNumber<int>(value);
            if (!k) return "extras: heldout_every: expected an integer, got '" + value + "'";
            settings.heldOutEvery = *k;
        } else if (key == "engine") {
            settings.engine.program = value;
        } else if (key == "engine_keep_process") {
            if (value != "true" && value != "false")
                return "extras: engine_keep_process: expected true or false, got '" + value + "'";
            settings.engine.keepProcess = value == "true";
        } else if (key.starts_with("engine_arg.")) {
            auto index = parseWholeNumber<int>(std::string_view(key).substr(11));
            if (!index || *index < 0) return "extras: " + key + ": expected engine_arg.<number>";
            arguments[*index] = value;
        } else if (key.starts_with("engine_option.")) {
            auto index = parseWholeNumber<int>(std::string_view(key).substr(14));
            const auto equals = value.find('=');
            if (!index || *index < 0 || equals == 0 || equals == std::string::npos)
                return "extras: " + key + ": expected engine_option.<number> = <name>=<value>, got '" + value + "'";
            options[*index] = {value.substr(0, equals), value.substr(equals + 1)};
        }
    }
    if (heldOut) (settings.measure == FitnessMeasure::Evalfit ? settings.evalfit.heldOutData : settings.heldOutSuite) = *heldOut;
    for (auto& [index, argument] : arguments) settings.engine.arguments.push_back(std::move(argument));
    for (auto& [index, option] : options) settings.engine.fixedOptions.push_back(std::move(option));
    return readOptimizerExtras(state.extras, settings.optimizer);
}

}  // namespace mf::tuning
