#include "evolution/tuning/measures/evalfit/trace/engine_trace.h"

#include "evolution/tuning/measures/evalfit/scoring/evalfit_extension.h"
#include "evolution/tuning/measures/evalfit/trace/trace_error.h"

namespace mf::dataset {

namespace {

// Each row's constant moved so that the row, with `point` over the announced defaults, gives the
// engine's own score: see traceThroughEngine. A term with no value in either is left as it is
// (the fold names it later).
void anchorOnScores(TraceTable& table, const std::vector<int>& scores, const uci::OptionValues& point,
                    const uci::OptionValues& defaults) {
    const TraceWeights weights = traceWeights(table, point, defaults);
    if (!weights.missing.empty() || scores.size() != table.size()) return;
    for (std::size_t i = 0; i < table.size(); ++i) table.shiftConstant(i, double(scores[i]) - table.score(i, weights.values));
}

}  // namespace

Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig& config, const std::vector<LabelledPosition>& positions,
                                       const uci::OptionValues& point, std::stop_token stop) {
    std::vector<std::string> fens;
    fens.reserve(positions.size());
    for (const LabelledPosition& p : positions) fens.push_back(p.position.fen());
    return traceThroughEngine(config, fens, point, stop);
}

Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig& config, const std::vector<std::string>& fens,
                                       const uci::OptionValues& point, std::stop_token stop) {
    PositionsFile file(fens);
    if (file.path().empty()) return Error{"cannot write a temporary positions file"};
    ExtensionEngine engine(engineConfigFor(config, EvalfitPath::Fast), file.path(), fens.size());
    const ExtensionEngine::LoadOutcome loaded = engine.load(stop);
    if (loaded.loaded != ExtensionEngine::Loaded::Yes)
        return Error{"engine " + config.program.string() + ": " +
                     (loaded.loaded == ExtensionEngine::Loaded::NoExtension ? "no evalfit extension (" + loaded.detail + ")"
                                                                             : loaded.detail)};
    EngineTrace out;
    if (auto error = engine.trace(point, PositionScoreKind::Quiescence, out.table, stop))
        return Error{"engine " + config.program.string() + ": " + *error};
    for (const uci::UciOption& option : engine.session().identity().options)
        if (option.type == uci::OptionType::Spin) out.engineDefaults.emplace_back(option.name, option.defaultValue);
    std::vector<int> scores;
    if (auto error = engine.scores(point, PositionScoreKind::Quiescence, scores, stop))
        return Error{"engine " + config.program.string() + ": the scores the trace is anchored on: " + *error};
    anchorOnScores(out.table, scores, point, out.engineDefaults);
    return out;
}

}  // namespace mf::dataset
