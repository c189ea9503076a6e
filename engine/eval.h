#pragma once
// Static evaluation: a tapered (middlegame/endgame) sum of the terms in EvalParams, returned in
// centipawns from the side to move's point of view.
#include <string>
#include <vector>

#include "engine/eval_legacy.h"
#include "engine/eval_params.h"
#include "engine/linear_form.h"
#include "engine/pawn_cache.h"
#include "engine/position.h"

namespace mf {

// With a pawn cache the pawn-only parts come from it (same result, faster); without, they are computed.
// The weights are resolveWeights(params): a search resolves them once; the EvalParams form
// resolves them at every call (for tests and one-off scores).
int evaluate(const Position& pos, const EvalWeights& weights, PawnCache* pawnCache = nullptr);
int evaluate(const Position& pos, const EvalParams& params, PawnCache* pawnCache = nullptr);

// evaluate() with its coefficients: value() is evaluate(pos, params) (side to move's view, bit for
// bit), and each entry is d(evaluation)/d(weight) for a term of evalTerms() (entry.term is its
// index there), from the same view. Costs a few times evaluate(): for traces, not for searches.
LinearForm evaluateLinear(const Position& pos, const EvalParams& params);
// The same with resolveWeightForms(params) made once for many positions.
LinearForm evaluateLinear(const Position& pos, const std::vector<LinearForm>& weightForms);

// The `eval` command's text: each term's middlegame and endgame value for White, Black and the
// difference, then the phase and the final score (White's view and the side to move's view).
std::string evaluationReport(const Position& pos, const EvalParams& params);

}  // namespace mf
