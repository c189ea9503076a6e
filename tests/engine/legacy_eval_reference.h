#pragma once
// The evaluation as it was before its terms (the engine at commit 9b0f9e6): 30 weights, written
// here once more in plain int arithmetic, as the reference the identity tests compare the engine
// with. Not used by the engine.
#include "engine/eval_params.h"
#include "engine/position.h"

namespace mf::test {

// The side to move's view, tempo included, as evaluate() answered with these 30 weights.
int legacyEvaluate(const Position& pos, const LegacyWeights& weights);

}  // namespace mf::test
