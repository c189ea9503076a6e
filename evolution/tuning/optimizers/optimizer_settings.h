#pragma once
// Which optimiser makes each batch of candidates from the evaluated one, and its few settings.
// The GA is the default; SPSA and CMA-ES are run on the same evaluators, files and reports
// (optimizer.h). Saved in a population file's extras (tuning_settings.h: toExtras) only when
// the optimiser is not the GA, so a GA run's file is as before.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mf::tuning {

enum class OptimizerKind { Ga, Spsa, Cmaes };
std::string_view optimizerName(OptimizerKind kind);                // "ga", "spsa", "cmaes"
std::optional<OptimizerKind> parseOptimizer(std::string_view name);

struct SpsaSettings {
    // r_end of a term whose genome gives no SPSA steps (c_end is then the window / 20, as
    // Stockfish's tune.cpp and spsa_lines.h's defaultSpsaSteps).
    double rEnd = 0.002;
    // An iteration's result, fishtest's wins - losses of theta+ against theta-, is here
    // scale x (fitness(theta+) - fitness(theta-)); 0: the measure's own scale (spsa_schedule.h).
    double resultScale = 0;
    friend bool operator==(const SpsaSettings&, const SpsaSettings&) = default;
};

struct CmaesSettings {
    // The first step size, as a fraction of every window (pagmo's sigma0 on windows scaled to 0..1).
    double sigma0 = 0.3;
    friend bool operator==(const CmaesSettings&, const CmaesSettings&) = default;
};

// The GA's exploration beside its Gray bit flips (optimizers/ga/ga_exploration.h); 0 turns each
// off, which is the GA as it always was.
struct GaExploration {
    // Probability per term of every bred (non-elite) member of a Gaussian step on the decoded
    // value, its size a fraction of the window that grows while the best improves and shrinks
    // while it does not.
    double creep = 0;
    // What the creep's step is multiplied by after a generation whose best did not improve (x1.5
    // after one that did). 0.8, the default, is the rule the creep had from the start; a smaller
    // factor reaches a fine step sooner: with --pm 0.005, 0.6 found lower E on all five seeds of
    // docs/tuning.md's task (a) (0.8 with the same --pm did not).
    double creepShrink = 0.8;
    // Restart when the population's value spread (mean over terms of (max - min) / window) falls
    // below this: the elites stay, the others are drawn anew as a Latin hypercube over the windows.
    double restartSpread = 0;
    friend bool operator==(const GaExploration&, const GaExploration&) = default;
};

struct OptimizerSettings {
    OptimizerKind kind = OptimizerKind::Ga;
    GaExploration ga;
    SpsaSettings spsa;
    CmaesSettings cmaes;
    friend bool operator==(const OptimizerSettings&, const OptimizerSettings&) = default;
};

}  // namespace mf::tuning
