#include "evolution/tuning/optimizers/optimizer_uses.h"

namespace mf::tuning {

bool optimizerUses(OptimizerKind kind, OptimizerSetting setting) {
    using S = OptimizerSetting;
    switch (setting) {
    case S::SpsaREnd:
    case S::SpsaScale: return kind == OptimizerKind::Spsa;
    case S::CmaesSigma: return kind == OptimizerKind::Cmaes;
    // SPSA's candidates are theta +- c delta from the defaults: it has no start population.
    case S::Start: return kind != OptimizerKind::Spsa;
    default: return kind == OptimizerKind::Ga;
    }
}

std::optional<std::string> unusedSettingReason(OptimizerKind kind, OptimizerSetting setting, const OptimizerWords& words) {
    if (optimizerUses(kind, setting)) return std::nullopt;
    using S = OptimizerSetting;
    switch (setting) {
    case S::SpsaREnd:
    case S::SpsaScale: return "needs " + words.optimizer + "spsa";
    case S::CmaesSigma: return "needs " + words.optimizer + "cmaes";
    case S::Start: return "is for ga and cmaes; SPSA starts at the defaults (see " + words.startValues + ")";
    default: return "is a GA option; " + words.optimizer + std::string(optimizerName(kind)) + " does not use it";
    }
}

}  // namespace mf::tuning
