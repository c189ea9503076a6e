#pragma once
// Static evaluation: a tapered (middlegame/endgame) sum of the terms in EvalParams, returned in
// centipawns from the side to move's point of view.
#include <string>

#include "engine/eval_params.h"
#include "engine/linear_form.h"
#include "engine/pawn_cache.h"
#include "engine/position.h"

namespace mf {

// With a pawn cache the pawn-only parts come from it (same result, faster); without, they are computed.
int evaluate(const Position& pos, const EvalParams& params, PawnCache* pawnCache = nullptr);

// evaluate() with its coefficients: value() is evaluate(pos, params) (side to move's view, bit for
// bit), and each entry is d(evaluation)/d(weight) for a term of evalTerms() (entry.term is its
// index there), from the same view. Costs a few times evaluate(): for traces, not for searches.
LinearForm evaluateLinear(const Position& pos, const EvalParams& params);

// The `eval` command's text: each term's middlegame and endgame value for White, Black and the
// difference, then the phase and the final score (White's view and the side to move's view).
std::string evaluationReport(const Position& pos, const EvalParams& params);

}  // namespace mf
