#pragma once
// Seeded random openings: a few uniformly random legal half-moves from the start position, so
// self-play games start from many different positions and every run can be rebuilt from its seed.

#include <vector>

#include "engine/position.h"
#include "engine/random.h"
#include "engine/types.h"

namespace mf::suite {

// `plies` random legal moves from `start`. A sequence that ends the game early (mate, stalemate,
// a draw by rule) is thrown away and drawn again, so the result always leaves a game to play.
std::vector<Move> randomOpening(Random& rng, const Position& start, int plies);

}  // namespace mf::suite
