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

#include <limits>

#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

// r_end of a term whose genome gives no SPSA steps (c_end is then the window / 20, as Stockfish's
// tune.cpp and spsa_lines.h's defaultSpsaSteps).
inline constexpr NumberSetting kSpsaREnd{
    "spsa_r_end", "spsa-r-end", "spsa r_end", "SPSA r_end", "spsaREnd",
    "the last iteration's learning rate of terms whose genome gives no c_end/r_end (c_end is then the window / 20), "
    "as fishtest's",
    0.002, 0, true, std::numeric_limits<double>::infinity(), false, "must be greater than 0", true};
// An iteration's result, fishtest's wins - losses of theta+ against theta-, is here
// scale x (fitness(theta+) - fitness(theta-)); 0: the measure's own scale (spsa_schedule.h).
inline constexpr NumberSetting kSpsaScale{
    "spsa_scale", "spsa-scale", "spsa scale", "SPSA scale", "spsaScale",
    "an iteration's result (fishtest's wins - losses) is this times the fitness difference of theta+ and theta-; "
    "0 or empty: the measure's (games 2 against a baseline, 1 with partners; evalfit 1000; suites 1)",
    0, 0, false, std::numeric_limits<double>::infinity(), false, "must be 0 (the measure's) or more", true,
    "the measure's"};

inline constexpr NumberSetting kSpsaSettings[] = {kSpsaREnd, kSpsaScale};

class SpsaOptimizer : public Optimizer {
public:
    static constexpr OptimizerInfo info{
        "spsa", "SPSA",
        "fishtest/OpenBench SPSA: an even population, 2 candidates (theta + c delta, theta - c delta) per iteration",
        false, false, kSpsaSettings};

    std::vector<std::string> validate(const OptimizerInputs& inputs) const override;
    ga::RunState start(const OptimizerInputs& inputs) const override;
    std::optional<std::string> checkState(const ga::RunState& state) const override;
    void next(ga::RunState& state, const OptimizerInputs& inputs, OptimizerContext& context) const override;
    // theta rounded into the windows.
    std::vector<int> pick(const ga::RunState& state) const override;
};

}  // namespace mf::tuning
