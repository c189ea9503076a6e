#pragma once
// The evaluation's weights. Every weight is a UCI `spin` option (see evalTerms()), so a tuner can set
// it; the search copies the struct when a search starts, so a change never lands mid-search.
// The meaning and scaling of each term is documented beside its table row in eval_params.cpp and
// in docs/engine.md, "Evaluation terms".
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "engine/eval_defaults.h"
#include "engine/eval_layout.h"

namespace mf {

// The 30-weight evaluation's pawn: 100 centipawns (its Material.Pawn.Mg). The tuned terms keep no
// such anchor: their scale is the one the data's K fitted (Material.Pawn.Mg 75, .Eg 126).
inline constexpr int PawnValue = 100;

// The terms' defaults (defaultTermValues(), eval_defaults.h) were tuned by MateFind itself on
// a million self-play positions (README, "The full evaluation, tuned on a million positions"). The
// evaluations before them are kept as options files that set every term:
// resources/engine-options/matefind-evalfit.txt (the 30 weights tuned by evalfit, the defaults
// until the terms were tuned) and matefind-hand-set-defaults.txt (the hand-set weights before them).
//
// Two kinds of weight: the evaluation's terms (`terms`, eval_layout.h: hundreds of middlegame and
// endgame weights, options `Group.Rest`), and the 30 weights of the evaluation before them, kept
// as legacy options so old options files, genomes and presets mean what they meant. A legacy
// weight is a formula over some terms (PiecePlacement scales every piece-square table, a mobility
// slope fills a mobility table, ...); the evaluation reads each term as its own value plus the
// change of its legacy formula from the legacy default (resolveWeights, eval_legacy.h). At the
// legacy defaults that adds nothing; with the terms at the 30-weight evaluation's values
// (legacyTermValues(LegacyWeights{}), what matefind-evalfit.txt sets), legacy values give exactly
// the old evaluation.
struct LegacyWeights {
    // The twelve MateFind terms, in the original order.
    int knightValue = 300;
    int bishopValue = 301;
    int rookValue = 461;
    int queenValue = 987;
    int attackedSquares = 1;
    int piecePlacement = 23;
    int doubledPawns = 18;
    int stoppedPawns = 16;
    int kingRookPlacement = 78;
    int kingEdgePlacement = 37;
    int kingShieldAttacks = 1;
    int castledBonus = 30;
    // Further terms a strong evaluation needs.
    int knightMobility = 36;
    int bishopMobility = 66;
    int rookMobility = 29;
    int queenMobility = 12;
    int passedPawn = 37;
    int isolatedPawn = 14;
    int bishopPair = 54;
    int rookOpenFile = 33;
    int rookSemiOpenFile = 32;
    int kingSafety = 29;
    int pawnShield = 11;
    int threatByPawn = 39;
    int tempo = 0;
    // Endgame material: centipawns added to a piece's value in the endgame (phase 0), tapered by
    // phase like the other middlegame/endgame terms, so a piece is worth its value in the
    // middlegame and value + this in a bare endgame. 0 leaves material untapered, as the original
    // evaluation had it.
    int pawnEndgame = -13;
    int knightEndgame = 11;
    int bishopEndgame = 14;
    int rookEndgame = 121;
    int queenEndgame = 127;
};

struct EvalParams : LegacyWeights {
    // The evaluation's terms, indexed by eval_layout.h's slots.
    std::array<int, layout::SlotCount> terms = defaultTermValues();

    // The weight of evalTerms()[index]: a legacy field or a term.
    int& at(std::size_t index);
    int at(std::size_t index) const;
};

// How many legacy weights come first in evalTerms(); the term of slot s is at LegacyTermCount + s.
inline constexpr std::size_t LegacyTermCount = 30;

// One row of the option table: UCI name, the member it sets, default and range, one-line meaning.
struct EvalTerm {
    std::string_view name;
    std::size_t index;  // place in evalTerms(), for EvalParams::at()
    int defaultValue;
    int min;
    int max;
    std::string_view meaning;
};

// All tunable weights: the 30 legacy weights (the twelve MateFind terms first, in their original
// order), then the terms of eval_layout.h in slot order.
std::span<const EvalTerm> evalTerms();

// A 64-bit key of the weights: 0 for the defaults, else (almost surely) different for every weight
// set. The search XORs it into the position key for transposition-table probes and stores, so
// scores and static evaluations stored under other weights (a tuner changes options between
// searches without `ucinewgame`) are never found; at the defaults the keys, and `bench`, are unchanged.
std::uint64_t evalWeightsKey(const EvalParams& params);

}  // namespace mf
