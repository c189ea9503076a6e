#pragma once
// Static exchange evaluation: does `move` win at least `threshold` centipawns once every piece that
// attacks its target square has had its chance to recapture, least valuable first? Used to order
// captures and to prune losing ones. Piece values here are fixed (not the tunable ones) so the
// search tree does not change shape when a tuner changes the evaluation's material weights.
#include "engine/position.h"

namespace mf {

inline constexpr int SeeValue[7] = {0, 100, 320, 330, 500, 950, 0};

bool seeAtLeast(const Position& pos, Move move, int threshold);

}  // namespace mf
