#include "evolution/tuning/optimizers/optimizer_uses.h"

#include <algorithm>

#include "evolution/tuning/optimizers/optimizer_catalogue.h"

namespace mf::tuning {

namespace {

const OptimizerInfo* infoOf(const Stage& stage) { return findOptimizer(stage.optimizer); }

bool anyStage(const OptimizerSettings& optimizer, bool (*test)(const OptimizerInfo&)) {
    return std::any_of(optimizer.stages.begin(), optimizer.stages.end(), [&](const Stage& stage) {
        const OptimizerInfo* info = infoOf(stage);
        return info && test(*info);
    });
}

// "spsa" or "local then gradient": the run's optimisers as a user chose them.
std::string stageNames(const OptimizerSettings& optimizer) {
    std::string text;
    for (const Stage& stage : optimizer.stages) text += (text.empty() ? "" : " then ") + stage.optimizer;
    return text;
}

// "ga and cmaes": the optimisers that make a start population.
std::string startingOptimizers() {
    std::string text;
    for (const OptimizerInfo* info : optimizerInfos())
        if (info->startsPopulation) text += (text.empty() ? "" : " and ") + std::string(info->name);
    return text;
}

}  // namespace

bool optimizerUses(const OptimizerSettings& optimizer, RunSetting setting) {
    if (setting == RunSetting::Start) {
        const OptimizerInfo* first = findOptimizer(optimizer.first());
        return first && first->startsPopulation;
    }
    return anyStage(optimizer, [](const OptimizerInfo& info) { return info.breeds; });
}

bool optimizerUses(const OptimizerSettings& optimizer, const NumberSetting& setting) {
    const std::string_view owner = ownerOf(setting).name;
    return std::any_of(optimizer.stages.begin(), optimizer.stages.end(),
                       [&](const Stage& stage) { return stage.optimizer == owner; });
}

std::optional<std::string> unusedSettingReason(const OptimizerSettings& optimizer, RunSetting setting,
                                               const OptimizerWords& words) {
    if (optimizerUses(optimizer, setting)) return std::nullopt;
    const std::string names = stageNames(optimizer);
    if (setting == RunSetting::Start) {
        const OptimizerInfo* first = findOptimizer(optimizer.first());
        const std::string label = first ? std::string(first->label) : optimizer.first();
        return "is for " + startingOptimizers() + "; " + label + " starts at the defaults (see " + words.startValues + ")";
    }
    return "is a GA option; " + words.optimizer + names + (optimizer.stages.size() > 1 ? " do" : " does") + " not use it";
}

std::optional<std::string> unusedSettingReason(const OptimizerSettings& optimizer, const NumberSetting& setting,
                                               const OptimizerWords& words) {
    if (optimizerUses(optimizer, setting)) return std::nullopt;
    return "needs " + words.optimizer + std::string(ownerOf(setting).name);
}

}  // namespace mf::tuning
