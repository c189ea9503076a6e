#pragma once
// The fixed positions of `bench`: openings, middlegames with tactics, endgames with passed pawns
// and mating nets, so the node count (the engine's signature) exercises every part of the search.
#include <span>
#include <string_view>

namespace mf {

inline constexpr int DefaultBenchDepth = 11;

std::span<const std::string_view> benchPositions();

}  // namespace mf
