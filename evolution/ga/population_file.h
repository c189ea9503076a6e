#pragma once
// Population files: a whole simulation as human-readable text (format in
// docs/genetic-algorithm.md). Lines starting with '#' are comments; the saver writes a timestamp there.
#include "engine/result.h"
#include "evolution/ga/evolution.h"

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace mf::ga {

// Version 2: values decode with the spread mapping of genome.h. Version 1 files (the clamped
// mapping) still load and mean the same: every member keeps the values its line lists, and its
// bits are re-encoded to give them under the spread mapping (unchanged where no window is cut by
// a ceiling, e.g. the bundled engine's genome).
inline constexpr int kPopulationFormatVersion = 2;

std::string populationToText(const RunState& state, std::string_view comment = {});
// fileName only labels errors. A 2006 MateFind population file (legacy_population.h) is
// recognised by its first line and imported. Checks everything (parameters via validate(), genome, bit strings
// against m, decoded values against bits, counts) before returning a state.
Result<RunState> populationFromText(std::string_view text, const std::string& fileName = {});

// Atomic (atomic_file.h): a crash leaves the old file or the new one. `pauseHalfWay` holds the
// write half-way for that long (only the kill-and-resume tests set it).
std::optional<Error> savePopulation(const RunState& state, const std::filesystem::path& file,
                                    std::chrono::milliseconds pauseHalfWay = std::chrono::milliseconds(0));
// On error nothing is returned, so nothing in the caller's memory changes.
Result<RunState> loadPopulation(const std::filesystem::path& file);

} // namespace mf::ga
