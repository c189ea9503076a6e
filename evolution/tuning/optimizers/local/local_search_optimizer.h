#pragma once
// Texel's local search as an optimiser: coordinate ascent on the run's fitness (coordinate_pass.h),
// one pass over the terms a generation. The candidates it tries are scored through the run
// (OptimizerContext::score: the cache, the engines, pause and stop as for every member); the
// generation's population is the stage's archive: the point it has reached replaces the worst
// member, so the file's best is the best the run has seen. It ends its stage when a pass at unit
// steps moves nothing.
//
// Its keys in RunState::optimizer:
//   values = a b c        the point reached
//   score = F             its fitness, exactly
//   steps = s1 s2 ...     each term's step
//   converged = 1         after a pass at unit steps that moved nothing

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

class LocalSearchOptimizer : public Optimizer {
public:
    static constexpr OptimizerInfo info{
        "local", "Local search",
        "Texel's local search: each term in turn tries +step and -step (steps halve down to 1), one pass over the "
        "terms a generation, from the best of the stage before (or the start values)",
        false, false, {}};

    ga::RunState start(const OptimizerInputs& inputs) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const override;
    void enter(ga::RunState& state, const std::vector<int>& from, const OptimizerInputs& inputs,
               OptimizerContext& context) const override;
    std::vector<int> pick(const ga::RunState& state) const override;
    bool finished(const ga::RunState& state) const override;
};

}  // namespace mf::tuning
