#pragma once
// Openings for a match: read from an EPD/FEN file (one position a line; '#' comments; an EPD
// "id" names it) or from a PGN file whose main lines are played to a given ply. Every opening is
// checked (a legal position, legal moves, the game not over yet); a bad one is reported with its
// file and line and left out, the rest is read.

#include <cstdint>
#include <string>
#include <vector>

#include "evolution/match/game_types.h"

namespace mf::match {

struct OpeningsFile {
    std::vector<Opening> openings;
    std::vector<std::string> errors;  // "file:line: why"
};

// By extension: ".pgn" reads games (first `pgnPlies` plies of each main line; a shorter game is
// an error), anything else one EPD or FEN a line.
OpeningsFile readOpenings(const std::string& path, int pgnPlies = 8);
OpeningsFile parseEpdOpenings(const std::string& text, const std::string& sourceName);

// The openings in an order drawn from `seed` (Fisher-Yates with the engine's Random).
std::vector<Opening> shuffledOpenings(std::vector<Opening> openings, std::uint64_t seed);

}  // namespace mf::match
