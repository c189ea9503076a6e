#pragma once
// SPSA as fishtest and OpenBench run it (spsa_schedule.h), on MateFind's evaluators. A batch holds
// P = population / 2 iterations drawn from the same theta, as P fishtest workers would: members
// 2j and 2j+1 are theta + c_k * delta_j and theta - c_k * delta_j of iteration k = K + j, rounded
// to integers and clamped to the windows. Once the batch is scored, the P updates are applied in
// order, each with its own c_k and R_k, and the next batch is drawn. delta comes from the run's
// generator; theta starts at the genome's defaults.
//
// Its keys in RunState::optimizer:
//   iterations = N        the run's iterations, fixed at the start (generations x P)
//   iteration = K         iterations done before this batch
//   theta = t1 t2 ...     the real-valued parameters, exactly
//   delta = +-+ -++ ...   the batch's perturbation signs, one word per iteration

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

class SpsaOptimizer : public Optimizer {
public:
    std::vector<std::string> validate(const TuningSettings& settings) const override;
    ga::RunState start(const TuningSettings& settings) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const TuningSettings& settings) const override;
    // theta rounded into the windows.
    std::vector<int> pick(const ga::RunState& state) const override;
};

}  // namespace mf::tuning
