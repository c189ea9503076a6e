#pragma once
// The carried-state check (evolution/uci/carried_state_check.h) set up for a genome, the same for
// `matefind-cli probe --genome` and the window's engine dialog: the genome's terms at their
// defaults and each moved half-way to the far end of its window (a change large enough to reach
// many scores, inside what a run would try), scored on the first `count` openings of an openings
// file that are a position without moves (the bundled openings are all such positions).

#include <cstddef>
#include <filesystem>

#include "engine/result.h"
#include "evolution/ga/genome.h"
#include "evolution/uci/carried_state_check.h"

namespace mf::tuning {

inline constexpr std::size_t kCarriedStatePositions = 250;  // the bundled openings file holds 250

// Refused: a genome without terms, an openings file that does not read (its first error) or
// holds no position without moves.
Result<uci::CarriedStateSettings> carriedStateSettings(const ga::Genome& genome, const std::filesystem::path& openings,
                                                       std::size_t count = kCarriedStatePositions);

}  // namespace mf::tuning
