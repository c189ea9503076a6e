#pragma once
// Population files: a whole simulation as human-readable text (format in README "The genetic
// algorithm"). Lines starting with '#' are comments; the saver writes a timestamp there.
#include "evolution/ga/error.h"
#include "evolution/ga/evolution.h"

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace mf::ga {

inline constexpr int kPopulationFormatVersion = 1;

std::string populationToText(const RunState& state, std::string_view comment = {});
// fileName only labels errors. Checks everything (parameters via validate(), genome, bit strings
// against m, decoded values against bits, counts) before returning a state.
Result<RunState> populationFromText(std::string_view text, const std::string& fileName = {});

// Atomic: writes <file>.tmp-<pid-free suffix>, flushes, then renames over `file`.
std::optional<Error> savePopulation(const RunState& state, const std::filesystem::path& file);
// On error nothing is returned, so nothing in the caller's memory changes.
Result<RunState> loadPopulation(const std::filesystem::path& file);

} // namespace mf::ga
