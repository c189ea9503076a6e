#pragma once
// Which member of a saved run answers for it: what export writes, what a match plays, what a
// population file used as a baseline plays.

#include <cstddef>
#include <optional>

#include "evolution/ga/evolution.h"

namespace mf::tuning {

// Index of the best evaluated member (rank order), nullopt when none is evaluated.
std::optional<std::size_t> bestMember(const ga::RunState& state);

}  // namespace mf::tuning
