#include "evolution/tuning/settings/tuning_settings.h"

#include "engine/whole_number.h"
#include "evolution/tuning/common/settings_rules.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_extras.h"

#include <map>

namespace mf::tuning {

TuningSettings defaultSettings() { return TuningSettings{}; }

TuningSettings defaultSettings(FitnessMeasure measure, const ga::Genome& genome) {
    TuningSettings settings = defaultSettings();
    settings.measure = measure;
    settings.genome = genome;
    withMeasureSettings(measure, settings.measures, [&](const auto& own) {
        if constexpr (requires { measureGaDefaults(own, genome, settings.parameters); })
            measureGaDefaults(own, genome, settings.parameters);
    });
    return settings;
}

bool hasHeldOut(const TuningSettings& settings) {
    bool held = false;
    withMeasureSettings(settings.measure, settings.measures, [&](const auto& own) { held = measureHasHeldOut(own); });
    return held;
}

MeasureSetup measureSetup(const TuningSettings& settings) {
    bool descends = false;
    for (const auto& stage : settings.optimizer.stages)
        if (const OptimizerInfo* info = findOptimizer(stage.optimizer)) descends = descends || info->descendsOnModel;
    return {settings.parameters, settings.genome, settings.engine, settings.measure, descends};
}

double measureResultScale(const TuningSettings& settings) {
    double scale = 1.0;
    withMeasureSettings(settings.measure, settings.measures, [&](const auto& own) {
        if constexpr (requires { measureResultScale(own); }) scale = measureResultScale(own);
    });
    return scale;
}

OptimizerInputs optimizerInputs(const TuningSettings& settings) {
    return {settings.parameters, settings.genome, settings.start, settings.optimizer, settings.measure};
}

std::vector<std::pair<std::string, std::string>> toExtras(const TuningSettings& settings) {
    ExtraLines extras;
    std::apply([&](const auto&... own) {
        auto leading = [&](const auto& one) {
            using Own = std::decay_t<decltype(one)>;
            bool active = false;
            withMeasureSettings(settings.measure, settings.measures,
                                [&](const auto& chosen) { active = std::is_same_v<std::decay_t<decltype(chosen)>, Own>; });
            if constexpr (requires { writeLeadingExtras(one, active, extras); }) writeLeadingExtras(one, active, extras);
        };
        (leading(own), ...);
    }, settings.measures);
    extras.emplace_back("measure", std::string(fitnessMeasureName(settings.measure)));
    extras.emplace_back("start", std::string(ga::startPopulationName(settings.start)));
    withMeasureSettings(settings.measure, settings.measures, [&](const auto& own) { writeMeasureExtras(own, extras); });
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

namespace {

// A key of some measure's settings: the run's measure reads it first (heldout is its held-out
// suite or data set), then the others in the registry's order. True when one took it.
bool readMeasureKey(TuningSettings& settings, const std::string& key, const std::string& value,
                    std::optional<std::string>& problem) {
    bool taken = false;
    withMeasureSettings(settings.measure, settings.measures, [&](const auto& chosen) {
        using Chosen = std::decay_t<decltype(chosen)>;
        taken = readMeasureExtra(settings.of<Chosen>(), key, value, problem);
    });
    std::apply([&](auto&... own) { ((taken = taken || readMeasureExtra(own, key, value, problem)), ...); },
               settings.measures);
    return taken;
}

// The engine's keys: engine, engine_keep_process, engine_arg.N, engine_option.N.
std::optional<std::string> readEngineKey(const std::string& key, const std::string& value, EngineSpec& engine,
                                         std::map<int, std::string>& arguments,
                                         std::map<int, std::pair<std::string, std::string>>& options) {
    if (key == "engine") {
        engine.program = value;
    } else if (key == "engine_keep_process") {
        if (value != "true" && value != "false")
            return "extras: engine_keep_process: expected true or false, got '" + value + "'";
        engine.keepProcess = value == "true";
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
    return std::nullopt;
}

}  // namespace

std::optional<std::string> applyExtras(const ga::RunState& state, TuningSettings& settings) {
    settings.parameters = state.parameters;
    settings.genome = state.genome;
    settings.engine.arguments.clear();
    settings.engine.fixedOptions.clear();
    // The measure first: which measure's settings read `heldout` depends on it. Its settings start
    // from their defaults (a missing games_openings means the bundled openings); the other
    // measures' keep the caller's values, of which the file says nothing.
    for (const auto& [key, value] : state.extras) {
        if (key != "measure") continue;
        auto measure = parseFitnessMeasure(value);
        if (!measure) return "extras: measure: expected " + measureNameList() + ", got '" + value + "'";
        settings.measure = *measure;
    }
    withMeasureSettings(settings.measure, settings.measures, [&](const auto& chosen) {
        using Chosen = std::decay_t<decltype(chosen)>;
        settings.of<Chosen>() = Chosen{};
    });
    std::map<int, std::string> arguments;
    std::map<int, std::pair<std::string, std::string>> options;
    for (const auto& [key, value] : state.extras) {
        std::optional<std::string> problem;
        if (key == "measure") {
            continue;
        } else if (key == "start") {
            auto start = ga::parseStartPopulation(value);
            if (!start) return "extras: start: expected around-defaults, uniform or latin-hypercube, got '" + value + "'";
            settings.start = *start;
        } else if (key == "heldout_every") {
            auto k = parseWholeNumber<int>(value);
            if (!k) return "extras: heldout_every: expected an integer, got '" + value + "'";
            settings.heldOutEvery = *k;
        } else if (key.starts_with("engine")) {
            problem = readEngineKey(key, value, settings.engine, arguments, options);
        } else {
            readMeasureKey(settings, key, value, problem);
        }
        if (problem) return problem;
    }
    for (auto& [index, argument] : arguments) settings.engine.arguments.push_back(std::move(argument));
    for (auto& [index, option] : options) settings.engine.fixedOptions.push_back(std::move(option));
    return readOptimizerExtras(state.extras, settings.optimizer);
}

}  // namespace mf::tuning
