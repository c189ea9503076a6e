#include "evolution/tuning/measures/evalfit/evalfit_settings.h"

#include <algorithm>

#include "engine/fixed_decimals.h"
#include "engine/whole_number.h"
#include "evolution/ga/parameters.h"
#include "evolution/tuning/common/settings_rules.h"

namespace mf::tuning {

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

// The evalfit_* keys (an unknown one is left alone, as every other unknown key).
std::optional<std::string> applyEvalfitExtra(const std::string& key, const std::string& value, EvalfitSettings& e) {
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

}  // namespace

dataset::EvalfitEngineConfig evalfitEngineOf(const EngineSpec& engine) {
    dataset::EvalfitEngineConfig config;
    config.program = engine.program;
    config.arguments = engine.arguments;
    config.fixedOptions = engine.fixedOptions;
    config.keepProcess = engine.keepProcess;
    return config;
}

std::optional<std::string> evalfitLimitProblem(const uci::SearchLimit& limit) {
    const std::string value = std::to_string(limit.value);
    switch (limit.kind) {
    case uci::SearchLimit::Kind::Depth:
        if (limit.value >= 0 && limit.value <= ga::kMaxDepth) return std::nullopt;
        return "evalfit-depth: must be from 0 to " + std::to_string(ga::kMaxDepth) + ", got " + value;
    case uci::SearchLimit::Kind::Nodes:
        if (limit.value >= 1) return std::nullopt;
        return "evalfit-nodes: must be at least 1, got " + value;
    default:
        return "evalfit limit: expected a depth or a number of nodes";
    }
}

bool measureHasHeldOut(const EvalfitSettings& evalfit) { return !evalfit.heldOutData.empty(); }

void measureGaDefaults(const EvalfitSettings&, const ga::Genome& genome, ga::Parameters& parameters) {
    parameters.pm = std::min(1.0, kEvalfitBitsFlipped / static_cast<double>(std::max<std::size_t>(1, genome.length())));
    parameters.selection.tournamentSize = kEvalfitTournamentSize;
}

std::vector<std::string> measureProblems(const EvalfitSettings& evalfit) {
    std::vector<std::string> problems;
    auto add = [&](std::optional<std::string> problem) {
        if (problem) problems.push_back(std::move(*problem));
    };
    add(inputFileProblem(evalfit.data, "data", true));
    add(inputFileProblem(evalfit.heldOutData, "held-out data", false));
    add(evalfitLimitProblem(evalfit.uciLimit));
    add(outputDirectoryProblem(evalfit.traceCache, "trace cache"));
    if (!(evalfit.traceTolerance > 0 && evalfit.traceTolerance < 1))
        problems.push_back("trace tolerance: must be between 0 and 100 %, got " +
                           std::to_string(100 * evalfit.traceTolerance) + " %");
    add(retraceProblem(evalfit));
    return problems;
}

bool retraceApplies(const EvalfitSettings& evalfit) {
    return evalfit.path == dataset::EvalfitPath::Trace || evalfit.path == dataset::EvalfitPath::Auto;
}

std::optional<std::string> retraceProblem(const EvalfitSettings& evalfit) {
    if (evalfit.retraceEvery < 0)
        return "retrace-every: must be 0 (never) or a number of generations, got " + std::to_string(evalfit.retraceEvery);
    if (evalfit.retraceEvery > 0 && !retraceApplies(evalfit))
        return "retrace-every is for the trace path; evalfit path " + std::string(dataset::evalfitPathName(evalfit.path)) +
               " has no traces";
    return std::nullopt;
}

void writeMeasureExtras(const EvalfitSettings& e, ExtraLines& extras) {
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
}

bool readMeasureExtra(EvalfitSettings& evalfit, const std::string& key, const std::string& value,
                      std::optional<std::string>& problem) {
    if (key == "data") evalfit.data = value;
    else if (key == "heldout") evalfit.heldOutData = value;
    else if (key.starts_with("evalfit_")) problem = applyEvalfitExtra(key, value, evalfit);
    else return false;
    return true;
}

}  // namespace mf::tuning
