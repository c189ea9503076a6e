#pragma once
// Which of a run's settings its stages' optimisers use: the GA's breeding (selection and its
// fields, crossover, mutation, elitism), the start population scheme, and each optimiser's own
// numbers. One table for every front end: the CLI refuses an option no stage uses, the window
// greys (or hides) such a field and its tip says why, both in the words below.

#include <optional>
#include <string>

#include "evolution/tuning/optimizers/number_setting.h"
#include "evolution/tuning/optimizers/optimizer_settings.h"

namespace mf::tuning {

// The run's settings that belong to the GA's parameters (ga::Parameters) and the start scheme.
enum class RunSetting {
    Selection, Pk, Pm, Elite, LinearMax, QLin, QNolin, TournamentSize,  // the GA's breeding
    Start,                                                              // generation 0's scheme
};

inline constexpr RunSetting kAllRunSettings[] = {
    RunSetting::Selection, RunSetting::Pk,   RunSetting::Pm,     RunSetting::Elite,          RunSetting::LinearMax,
    RunSetting::QLin,      RunSetting::QNolin, RunSetting::TournamentSize, RunSetting::Start};

bool optimizerUses(const OptimizerSettings& optimizer, RunSetting setting);
bool optimizerUses(const OptimizerSettings& optimizer, const NumberSetting& setting);

// How a front end names the choice of optimiser and the start values in its messages: the CLI
// says "--optimizer " and "--start-values", the window its own labels.
struct OptimizerWords {
    std::string optimizer;    // put before the optimisers' names ("--optimizer spsa")
    std::string startValues;  // where a run's start is given instead of the start scheme
};

// Why no stage uses `setting`, as the rest of a sentence that begins with the setting's name ("is
// a GA option; --optimizer spsa does not use it", "needs --optimizer cmaes"); nothing when one does.
std::optional<std::string> unusedSettingReason(const OptimizerSettings& optimizer, RunSetting setting,
                                               const OptimizerWords& words);
std::optional<std::string> unusedSettingReason(const OptimizerSettings& optimizer, const NumberSetting& setting,
                                               const OptimizerWords& words);

}  // namespace mf::tuning
