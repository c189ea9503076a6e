#pragma once
// Reading games in PGN (Portable Game Notation): tag pairs, movetext with move numbers, comments
// ({...} and ;...), recursive variations ((...), skipped), NAGs ($n and !/? suffixes) and game
// results. Moves are SAN, checked by parseSan (notation.h) on the game's position, so a
// game holds legal moves only. A broken game (bad tag, illegal or ambiguous move, unclosed
// variation) is left out and reported with file, line and reason; the rest of the file is read.

#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/types.h"

namespace mf {

struct PgnTag {
    std::string name;
    std::string value;
};

struct PgnGame {
    int line = 0;                 // line where the game starts (first tag or first move)
    std::vector<PgnTag> tags;     // in file order
    Position start = Position::startPosition();  // from the FEN tag when present
    std::vector<Move> moves;      // the main line, all legal
    std::string result;           // "1-0", "0-1", "1/2-1/2", "*"; "" when the movetext has none

    // Value of a tag, "" when absent (names compare exactly, as PGN says).
    std::string tag(std::string_view name) const;
};

struct PgnError {
    std::string file;
    int line = 0;  // 1-based; 0 for the whole file (cannot be read)
    std::string message;
    std::string describe() const;  // "games.pgn:12: illegal move 'Nf6' ..."
};

struct PgnFile {
    std::string path;
    std::vector<PgnGame> games;
    std::vector<PgnError> errors;
};

// Parses PGN text; `sourceName` names the text in errors.
PgnFile parsePgn(std::string_view text, const std::string& sourceName);
// Reads and parses a file; an unreadable file gives one error with line 0.
PgnFile readPgnFile(const std::string& path);

}  // namespace mf
