#pragma once
// Descent on the measure's smooth model of its error (common/gradient_model.h: evalfit on the trace
// path), with Adam: per-term step sizes from running averages of the gradient and its square, so
// one step size in centipawns fits a queen's value and a piece-square entry alike. The values stay
// real during the descent and inside the windows; each generation takes `steps` Adam steps and puts
// the point, rounded, into the population in place of the worst member, where the run scores it as
// it scores every member (the engine's own E, not the model's). The step size falls linearly to a
// tenth over the stage; the stage's last generation also moves single terms by +-1 on the model
// until none lowers E (the rounding can cost a little). The model is made once, at the values the
// stage starts from (the traces are taken there).
//
// Why Adam and not plain gradient steps: E's slope differs by orders of magnitude between terms (a
// queen's value moves q in few positions, the tempo in all of them), and Adam's per-term scaling
// makes one step size fit every term.
//
// Its keys in RunState::optimizer:
//   at = a b c        the values the model was made at (the stage's start)
//   theta = x y z     the real-valued point, exactly
//   m = ..., v = ...  Adam's moment estimates, exactly
//   steps_done = N    Adam steps taken in the stage
//   batch_seed = S    the shuffle of the mini-batches (drawn from the run's generator at the
//                     stage's start; absent with batch 0: every step on every position)
//
// With `batch` B > 0 each step's gradient is a mean over B positions, the next B of a seeded
// shuffle (as the tuners of Ethereal and Weiss take theirs): a step on 10^7 positions then costs
// what one on B does, and an epoch (every position once) is N / B steps.

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

inline constexpr NumberSetting kGradientStep{
    "gradient_step", "gradient-step", "gradient step", "Gradient step", "gradientStep",
    "Adam's first step size in centipawns of the score; it falls linearly to a tenth over the stage",
    2.0, 0, true, 1000, false, "must be more than 0 and at most 1000 (centipawns)"};
inline constexpr NumberSetting kGradientStepsPerGeneration{
    "gradient_steps", "gradient-steps", "gradient steps", "Gradient steps", "gradientSteps",
    "Adam steps on the model each generation; each generation's point is then scored by the engine",
    100, 1, false, 100000, false, "must be a whole number of steps from 1 to 100000"};

inline constexpr NumberSetting kGradientBatch{
    "gradient_batch", "gradient-batch", "gradient batch", "Gradient batch", "gradientBatch",
    "positions per Adam step, drawn in a seeded shuffle (mini-batches); 0: every position each step",
    0, 0, false, 1e9, false, "must be a whole number of positions from 0 to 1000000000"};

inline constexpr NumberSetting kGradientSettings[] = {kGradientStep, kGradientStepsPerGeneration, kGradientBatch};

class GradientOptimizer : public Optimizer {
public:
    static constexpr OptimizerInfo info{
        "gradient", "Gradient",
        "Adam on the measure's smooth model of its error (evalfit on traces: every term at once), each generation's "
        "point scored by the engine; from the best of the stage before (or the start values)",
        false, false, kGradientSettings, true};

    std::vector<std::string> validate(const OptimizerInputs& inputs) const override;
    ga::RunState start(const OptimizerInputs& inputs) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const override;
    void enter(ga::RunState& state, const std::vector<int>& from, const OptimizerInputs& inputs,
               OptimizerContext& context) const override;
};

}  // namespace mf::tuning
