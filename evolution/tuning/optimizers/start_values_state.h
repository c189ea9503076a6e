#pragma once

#include "evolution/ga/evolution.h"
#include "evolution/tuning/optimizers/optimizer.h"

namespace mf::tuning {

// Generation 0 of an optimiser that walks from one point (the local search, the gradient): the
// start values alone, every member the same chromosome, so it is scored once.
ga::RunState startValuesState(const OptimizerInputs& inputs);

}  // namespace mf::tuning
