#pragma once
// The evaluation's weights. Every weight is a UCI `spin` option (see evalTerms()), so a tuner can set
// it; the search copies the struct when a search starts, so a change never lands mid-search.
// The meaning and scaling of each term is documented beside its table row in eval_params.cpp and
// in the README section "The bundled engine: search, UCI and evaluation terms".
#include <cstdint>
#include <span>
#include <string_view>

namespace mf {

// The pawn anchors the scale: 100 centipawns, not tunable.
inline constexpr int PawnValue = 100;

struct EvalParams {
    // The twelve MateFind terms, in the original order.
    int knightValue = 250;
    int bishopValue = 300;
    int rookValue = 500;
    int queenValue = 900;
    int attackedSquares = 0;
    int piecePlacement = 30;
    int doubledPawns = 50;
    int stoppedPawns = 30;
    int kingRookPlacement = 50;
    int kingEdgePlacement = 30;
    int kingShieldAttacks = 0;
    int castledBonus = 50;
    // Further terms a strong evaluation needs.
    int knightMobility = 40;
    int bishopMobility = 50;
    int rookMobility = 30;
    int queenMobility = 15;
    int passedPawn = 24;
    int isolatedPawn = 12;
    int bishopPair = 40;
    int rookOpenFile = 30;
    int rookSemiOpenFile = 12;
    int kingSafety = 16;
    int pawnShield = 10;
    int threatByPawn = 50;
    int tempo = 15;
    // Endgame material: centipawns added to a piece's value in the endgame (phase 0), tapered by
    // phase like the other middlegame/endgame terms, so a piece is worth its value in the
    // middlegame and value + this in a bare endgame. 0 (the default) leaves material untapered,
    // as the original evaluation had it.
    int pawnEndgame = 0;
    int knightEndgame = 0;
    int bishopEndgame = 0;
    int rookEndgame = 0;
    int queenEndgame = 0;
};

// One row of the option table: UCI name, the member it sets, default and range, one-line meaning.
struct EvalTerm {
    std::string_view name;
    int EvalParams::*field;
    int defaultValue;
    int min;
    int max;
    std::string_view meaning;
};

// All tunable terms, the twelve MateFind terms first in their original order.
std::span<const EvalTerm> evalTerms();

// A 64-bit key of the weights: 0 for the defaults, else (almost surely) different for every weight
// set. The search XORs it into the position key for transposition-table probes and stores, so
// scores and static evaluations stored under other weights (a tuner changes options between
// searches without `ucinewgame`) are never found; at the defaults the keys, and `bench`, are unchanged.
std::uint64_t evalWeightsKey(const EvalParams& params);

}  // namespace mf
