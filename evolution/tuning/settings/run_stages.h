#pragma once
// A run's stages (optimizers/optimizer_settings.h) laid over its generations: stage i makes the
// batches of generations [first, first + generations); the last stage makes the rest of the run.
// The run controller asks here which optimiser makes a generation and what it reads.

#include <cstddef>
#include <optional>
#include <string>

#include "evolution/tuning/optimizers/optimizer.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

struct StageSpan {
    std::size_t index = 0;
    int first = 0;        // its first generation
    int generations = 0;  // how many it makes (the last stage: to the end of the run)
    friend bool operator==(const StageSpan&, const StageSpan&) = default;
};

// The stage that makes `generation` (the last stage for any generation past the others).
StageSpan stageAt(const TuningSettings& settings, int generation);
StageSpan stageSpan(const TuningSettings& settings, std::size_t index);

// What the optimiser of `stage` reads: the settings' inputs with the stage's span.
OptimizerInputs stageInputs(const TuningSettings& settings, const StageSpan& stage);

// True when `wanted` can go on from a saved run of `saved` at `generation`: the stages that made
// generations 0..generation are the same optimisers (later stages may differ or be added).
bool stagesContinue(const TuningSettings& saved, const TuningSettings& wanted, int generation);

// Why the stages do not fit the run's generations (the stages before the last take them all), or nothing.
std::optional<std::string> stagesProblem(const TuningSettings& settings);

// The stage that ended early at `generation` (its optimiser had nothing more to do) now ends
// there: its count shrinks to what it made, the run's generations with it, so the later stages
// keep their lengths.
void endStageAt(TuningSettings& settings, const StageSpan& stage, int generation);

}  // namespace mf::tuning
