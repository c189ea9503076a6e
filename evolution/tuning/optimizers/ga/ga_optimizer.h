#pragma once
// The genetic algorithm as an optimiser: generation 0 as --start asks (ga/start_population.h),
// then selection, crossover and mutation of the Gray-coded bits (ga/evolution.h: breed), and, when
// asked, creep and restarts (ga_exploration.h). Without those its state is the population and the
// run's generator and it writes no optimizer keys: the GA and its files as they always were.

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

// The GA's exploration beside its Gray bit flips (ga_exploration.h); 0 turns each off, which is
// the GA as it always was.
// Probability per term of every bred (non-elite) member of a Gaussian step on the decoded value,
// its size a fraction of the window that grows while the best improves and shrinks while it does not.
inline constexpr NumberSetting kGaCreep{
    "ga_creep", "creep", "creep", "Creep", "creep",
    "probability per term that a bred member's value also takes a Gaussian step (1/8 of the window at first, "
    "growing while the best improves, shrinking while not) beside the bit flips; 0: off",
    0, 0, false, 1, false, "a probability per term, 0 (off) to 1"};
// What the creep's step is multiplied by after a generation whose best did not improve (x1.5 after
// one that did). 0.8, the default, is the rule the creep had from the start; a smaller factor
// reaches a fine step sooner (with --pm 0.005, 0.6 found lower E on all five seeds of the
// detuned Toga II comparison in docs/tuning.md; 0.8 with the same --pm did not).
inline constexpr NumberSetting kGaCreepShrink{
    "ga_creep_shrink", "creep-shrink", "creep shrink", "Creep shrink", "creepShrink",
    "the creep's step is multiplied by this after a generation whose best did not improve (x1.5 after one that "
    "did); more than 0, less than 1; a small factor (0.6) reaches a fine step sooner",
    0.8, 0, true, 1, true, "the step's factor after a generation without progress, more than 0, less than 1"};
// Restart when the population's value spread (mean over terms of (max - min) / window) falls below
// this: the elites stay, the others are drawn anew as a Latin hypercube over the windows.
inline constexpr NumberSetting kGaRestartSpread{
    "ga_restart_spread", "restart-spread", "restart spread", "Restart spread", "restartSpread",
    "when the members' values span less than this fraction of the windows (mean over terms), the elites stay and "
    "the others are drawn anew as a Latin hypercube; 0: never",
    0, 0, false, 1, true, "from 0 (off) to below 1 (a fraction of the windows)"};

// In the order a population file has always listed them.
inline constexpr NumberSetting kGaSettings[] = {kGaCreep, kGaRestartSpread, kGaCreepShrink};

class GaOptimizer : public Optimizer {
public:
    static constexpr OptimizerInfo info{
        "ga", "GA",
        "the genetic algorithm: selection, crossover and mutation of Gray-coded bits (the default)", true, true,
        kGaSettings};

    ga::RunState start(const OptimizerInputs& inputs) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const override;
};

}  // namespace mf::tuning
