#pragma once
// CMA-ES, the "classic" covariance matrix adaptation evolution strategy of pagmo2 (pagmo::cmaes),
// on MateFind's evaluators. Each window is scaled to 0..1 for pagmo (so the first step size,
// kCmaesSigma, is a fraction of every window); a candidate's values are its point
// rounded to the nearest window value, and pagmo keeps its samples inside the windows.
//
// Generation 0 is the GA's start population (--start); its best member is CMA-ES's first mean.
// Every later batch is one pagmo generation of `population` samples. pagmo evaluates inside its
// evolve(); so that the batch can be scored by our evaluator in one call, the optimiser runs each
// generation twice from the same saved state: first on a copy, answering every fitness with 0, to
// learn the samples (they do not depend on the answers); then, once they are scored, for real,
// answering with their fitness. The generator pagmo draws from is part of that state, so both
// passes draw the same samples.
//
// Its keys in RunState::optimizer:
//   seed = S          pagmo's seed, drawn from the run's generator at the start
//   start = x1 ...    the first mean, in window fractions, exactly
//   algorithm = HEX   pagmo's cmaes as it was before the generation that made this batch
//                     (its Boost text archive, hex-encoded onto one line)

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

// The first step size, as a fraction of every window (pagmo's sigma0 on windows scaled to 0..1).
inline constexpr NumberSetting kCmaesSigma{
    "cmaes_sigma0", "cmaes-sigma", "cmaes sigma0", "CMA-ES sigma", "cmaesSigma",
    "the first step size as a fraction of every window, more than 0, at most 1",
    0.3, 0, true, 1, false, "must be more than 0 and at most 1 (a fraction of every window)", true};

inline constexpr NumberSetting kCmaesSettings[] = {kCmaesSigma};

class CmaesOptimizer : public Optimizer {
public:
    static constexpr OptimizerInfo info{"cmaes", "CMA-ES",
                                        "pagmo's CMA-ES: --population samples per generation, at least 5", false,
                                        true, kCmaesSettings};

    std::vector<std::string> validate(const OptimizerInputs& inputs) const override;
    ga::RunState start(const OptimizerInputs& inputs) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const override;
};

}  // namespace mf::tuning
