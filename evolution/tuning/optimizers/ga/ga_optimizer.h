#pragma once
// The genetic algorithm as an optimiser: generation 0 as --start asks (ga/start_population.h),
// then selection, crossover and mutation of the Gray-coded bits (ga/evolution.h: breed), and, when
// asked, creep and restarts (ga_exploration.h). Without those its state is the population and the
// run's generator and it writes no optimizer keys: the GA and its files as they always were.

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

class GaOptimizer : public Optimizer {
public:
    std::vector<std::string> validate(const TuningSettings& settings) const override;
    ga::RunState start(const TuningSettings& settings) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const TuningSettings& settings) const override;
};

}  // namespace mf::tuning
