#include "evolution/dataset/engine_trace.h"

#include "evolution/dataset/evalfit_extension.h"

namespace mf::dataset {

Result<EngineTrace> traceThroughEngine(const EvalfitEngineConfig& config, const std::vector<LabelledPosition>& positions,
                                       const uci::OptionValues& point, std::stop_token stop) {
    std::vector<std::string> fens;
    fens.reserve(positions.size());
    for (const LabelledPosition& p : positions) fens.push_back(p.position.fen());
    PositionsFile file(fens);
    if (file.path().empty()) return Error{"cannot write a temporary positions file"};
    ExtensionEngine engine(engineConfigFor(config, EvalfitPath::Fast), file.path(), positions.size());
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
    return out;
}

}  // namespace mf::dataset
