#include "evolution/tuning/settings/run_stages.h"

#include <algorithm>

#include "evolution/tuning/settings/measure_gradient.h"

namespace mf::tuning {

StageSpan stageSpan(const TuningSettings& settings, std::size_t index) {
    const std::vector<Stage>& stages = settings.optimizer.stages;
    const std::size_t last = stages.size() - 1;
    index = std::min(index, last);
    StageSpan span{index, 0, 0};
    for (std::size_t i = 0; i < index; ++i) span.first += stages[i].generations;
    span.generations = index == last ? settings.parameters.generations - span.first : stages[index].generations;
    return span;
}

StageSpan stageAt(const TuningSettings& settings, int generation) {
    const std::size_t count = settings.optimizer.stages.size();
    for (std::size_t i = 0; i + 1 < count; ++i) {
        const StageSpan span = stageSpan(settings, i);
        if (generation < span.first + span.generations) return span;
    }
    return stageSpan(settings, count - 1);
}

OptimizerInputs stageInputs(const TuningSettings& settings, const StageSpan& stage) {
    OptimizerInputs inputs = optimizerInputs(settings);
    inputs.stageFirst = stage.first;
    inputs.stageGenerations = stage.generations;
    inputs.measureHasModel = measureHasGradientModel(settings);
    inputs.resultScale = measureResultScale(settings);
    return inputs;
}

bool stagesContinue(const TuningSettings& saved, const TuningSettings& wanted, int generation) {
    for (int g = 0; g <= generation; ++g) {
        const StageSpan a = stageAt(saved, g), b = stageAt(wanted, g);
        if (saved.optimizer.stages[a.index].optimizer != wanted.optimizer.stages[b.index].optimizer || a.first != b.first)
            return false;
    }
    return true;
}

std::optional<std::string> stagesProblem(const TuningSettings& settings) {
    const std::vector<Stage>& stages = settings.optimizer.stages;
    if (stages.size() < 2) return std::nullopt;
    const StageSpan last = stageSpan(settings, stages.size() - 1);
    if (last.generations >= 1) return std::nullopt;
    return "generations: the stages before the last make " + std::to_string(last.first) + " of the run's " +
           std::to_string(settings.parameters.generations) + " generations; the last stage (" + stages.back().optimizer +
           ") needs at least one";
}

void endStageAt(TuningSettings& settings, const StageSpan& stage, int generation) {
    std::vector<Stage>& stages = settings.optimizer.stages;
    if (stage.index + 1 >= stages.size()) return;
    const int made = generation - stage.first + 1;
    settings.parameters.generations -= stages[stage.index].generations - made;
    stages[stage.index].generations = made;
}

}  // namespace mf::tuning
