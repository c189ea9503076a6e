#include "evolution/tuning/optimizers/optimizer.h"

#include <stdexcept>
#include <vector>

#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/optimizers/optimizer_state.h"
#include "evolution/tuning/optimizers/registry.h"

namespace mf::tuning {

std::span<const OptimizerInfo* const> optimizerInfos() { return Optimizers::infos; }

const OptimizerInfo* findOptimizer(std::string_view name) {
    for (const OptimizerInfo* info : Optimizers::infos)
        if (info->name == name) return info;
    return nullptr;
}

std::unique_ptr<Optimizer> makeOptimizer(std::string_view name) {
    auto made = Optimizers::make(name);
    if (!made) throw std::invalid_argument("no optimiser is called '" + std::string(name) + "'");
    return made;
}

std::string optimizerNames() {
    std::string text;
    const auto infos = optimizerInfos();
    for (std::size_t i = 0; i < infos.size(); ++i) {
        if (i > 0) text += i + 1 == infos.size() ? " or " : ", ";
        text += infos[i]->name;
    }
    return text;
}

std::span<const NumberSetting* const> allNumberSettings() {
    static const std::vector<const NumberSetting*> all = [] {
        std::vector<const NumberSetting*> settings;
        for (const OptimizerInfo* info : Optimizers::infos)
            for (const NumberSetting& setting : info->settings) settings.push_back(&setting);
        return settings;
    }();
    return all;
}

const OptimizerInfo& ownerOf(const NumberSetting& setting) {
    for (const OptimizerInfo* info : Optimizers::infos)
        for (const NumberSetting& own : info->settings)
            if (own == setting) return *info;
    throw std::invalid_argument("no optimiser owns the setting " + std::string(setting.key));
}

OptimizerContext& noContext() {
    static OptimizerContext none;
    return none;
}

std::vector<std::string> Optimizer::validate(const OptimizerInputs&) const { return {}; }

std::optional<std::string> Optimizer::checkState(const ga::RunState&) const { return std::nullopt; }

std::vector<int> Optimizer::pick(const ga::RunState& state) const { return bestValues(state); }

bool Optimizer::finished(const ga::RunState&) const { return false; }

void Optimizer::enter(ga::RunState& state, const std::vector<int>&, const OptimizerInputs& inputs,
                      OptimizerContext& context) const {
    state.optimizer.clear();
    next(state, inputs, context);
}

std::vector<std::optional<double>> OptimizerContext::score(const std::vector<std::vector<int>>& candidates) {
    return std::vector<std::optional<double>>(candidates.size());
}

void optimize(const Optimizer& optimizer, const OptimizerInputs& inputs, ga::RunState& state,
              const ValuesFitness& fitness, int generations) {
    auto evaluate = [&] {
        state.evaluations +=
            ga::evaluatePending(state.population, [&](const ga::Chromosome& c) { return fitness(ga::decode(state.genome, c)); });
    };
    evaluate();
    while (state.generation + 1 < generations) {
        optimizer.next(state, inputs, noContext());
        evaluate();
    }
}

}  // namespace mf::tuning
