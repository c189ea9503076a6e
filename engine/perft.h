// Perft: the number of leaf nodes of the legal move tree to a fixed depth, the standard oracle for
// move generation. Counts at depth 1 in bulk (the size of the legal move list), no hashing.
#pragma once

#include "engine/position.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace mf {

std::uint64_t perft(Position& pos, int depth);
// Per root move: the move and the perft count of depth - 1 below it (in generation order).
std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth);

} // namespace mf
