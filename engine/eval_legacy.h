#pragma once
// The 30 weights of the evaluation before its terms (the legacy options: KnightValue,
// PiecePlacement, KnightMobility, ...), each written as the terms it sets, and the weights the
// evaluation reads: each term's value plus how far its legacy formula moved from the legacy
// defaults (eval_params.h says why).
#include <array>
#include <vector>

#include "engine/eval_layout.h"
#include "engine/eval_params.h"
#include "engine/linear_form.h"

namespace mf {

// The legacy weights' places in evalTerms().
// The legacy weight of evalTerms()[t] for t < LegacyTermCount.
int& legacyField(LegacyWeights& legacy, std::size_t t);
int legacyField(const LegacyWeights& legacy, std::size_t t);

enum LegacyTerm : std::uint16_t {
    LegacyKnightValue, LegacyBishopValue, LegacyRookValue, LegacyQueenValue, LegacyAttackedSquares,
    LegacyPiecePlacement, LegacyDoubledPawns, LegacyStoppedPawns, LegacyKingRookPlacement,
    LegacyKingEdgePlacement, LegacyKingShieldAttacks, LegacyCastledBonus, LegacyKnightMobility,
    LegacyBishopMobility, LegacyRookMobility, LegacyQueenMobility, LegacyPassedPawn, LegacyIsolatedPawn,
    LegacyBishopPair, LegacyRookOpenFile, LegacyRookSemiOpenFile, LegacyKingSafety, LegacyPawnShield,
    LegacyThreatByPawn, LegacyTempo, LegacyPawnEndgame, LegacyKnightEndgame, LegacyBishopEndgame,
    LegacyRookEndgame, LegacyQueenEndgame, LegacyCount
};
static_assert(LegacyCount == LegacyTermCount);

// Every term's value as the legacy weights set it.
std::array<int, layout::SlotCount> legacyTermValues(const LegacyWeights& legacy);

// The weights the evaluation reads, one per slot: terms[s] + legacy(s) - legacy-at-defaults(s).
using EvalWeights = std::array<int, layout::SlotCount>;
EvalWeights resolveWeights(const EvalParams& params);

// resolveWeights with coefficients: each form's value is resolveWeights()[s], its entries the
// derivatives by the term itself (1) and by the legacy weights it depends on (real division).
std::vector<LinearForm> resolveWeightForms(const EvalParams& params);

// The old piece-square tables (centipawns at PiecePlacement 30, White's view, a1 = 0): the
// formulas the Psqt terms' defaults come from.
int legacyTableMg(PieceType pt, int sq);
int legacyTableEg(PieceType pt, int sq);

}  // namespace mf
