#pragma once
// Which of a run's settings each optimiser uses: the GA's breeding (selection and its fields,
// crossover, mutation, elitism), its exploration (creep, restart spread), the start population
// scheme, and each optimiser's own settings. One table for every front end: the CLI refuses an
// option the chosen optimiser does not use, the window greys (or hides) such a field and its tip
// says why, both in the words below.

#include <optional>
#include <string>
#include <string_view>

#include "evolution/tuning/optimizers/optimizer_settings.h"

namespace mf::tuning {

enum class OptimizerSetting {
    Selection, Pk, Pm, Elite, LinearMax, QLin, QNolin, TournamentSize,  // the GA's breeding
    Creep, CreepShrink, RestartSpread,                                  // the GA's exploration
    Start,                                                              // generation 0's scheme
    SpsaREnd, SpsaScale,                                                // SPSA's
    CmaesSigma,                                                         // CMA-ES's
};

inline constexpr OptimizerSetting kAllOptimizerSettings[] = {
    OptimizerSetting::Selection, OptimizerSetting::Pk,         OptimizerSetting::Pm,
    OptimizerSetting::Elite,     OptimizerSetting::LinearMax,  OptimizerSetting::QLin,
    OptimizerSetting::QNolin,    OptimizerSetting::TournamentSize, OptimizerSetting::Creep,
    OptimizerSetting::CreepShrink, OptimizerSetting::RestartSpread, OptimizerSetting::Start,  OptimizerSetting::SpsaREnd,
    OptimizerSetting::SpsaScale, OptimizerSetting::CmaesSigma};

bool optimizerUses(OptimizerKind kind, OptimizerSetting setting);

// How a front end names the choice of optimiser and the start values in its messages: the CLI
// says "--optimizer " and "--start-values", the window its own labels.
struct OptimizerWords {
    std::string optimizer;    // put before the optimiser's name ("--optimizer spsa")
    std::string startValues;  // where a run's start is given instead of the start scheme
};

// Why `kind` does not use `setting`, as the rest of a sentence that begins with the setting's
// name ("is a GA option; --optimizer spsa does not use it", "needs --optimizer cmaes"); nothing
// when it uses it.
std::optional<std::string> unusedSettingReason(OptimizerKind kind, OptimizerSetting setting, const OptimizerWords& words);

}  // namespace mf::tuning
