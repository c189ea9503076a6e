#pragma once
// An options file of every evaluation term (`matefind-engine [--options FILE] terms`): the weights
// the evaluation reads, written as the terms alone (`Psqt.Knight.Mg.d4 = 120`), the legacy options
// folded in. Loaded into an engine whose legacy options are at their defaults, it gives the same
// evaluation whatever that engine's term defaults are, so a weight set outlives a change of the
// defaults: the 30-weight evaluation before the tuned terms is kept this way
// (resources/engine-options/matefind-30-weight-defaults.txt).
#include <string>

#include "engine/eval_params.h"

namespace mf {

// "Name = value" for each term, in slot order, after `header` (each of its lines written as a
// comment).
std::string termsOptionsText(const EvalParams& params, const std::string& header);

}  // namespace mf
