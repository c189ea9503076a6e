#pragma once
// Reads labelled positions in the formats engine authors already have, one position a line:
//   EPD with a c9 opcode:   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c9 "1-0";
//   FEN with a bracket:     rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 [1.0]
// The result is White's: c9 takes "1-0", "1/2-1/2", "0-1"; the bracket takes 1.0, 0.5, 0.0 (or
// the same three PGN results). A line with a c9 opcode is EPD whatever else it holds (a '[' in a
// comment too); another line with a '[' is FEN [result]. Blank lines and '#' comments are
// skipped. A broken line (bad FEN, missing or unknown result) is reported with its number and
// left out; the rest is read.
#include <string>
#include <string_view>

#include "engine/result.h"
#include "evolution/dataset/labelled_position.h"

namespace mf::dataset {

// One line (no comment, not blank); the error says what is wrong with it.
Result<LabelledPosition> parseDatasetLine(std::string_view line);

// Whole text; `name` names it in the result's path.
Dataset parseDataset(std::string_view text, const std::string& name);

// A file; an unreadable file gives one error with line 0.
Dataset readDataset(const std::string& path);

// "file:line: message" for each error, for logs.
std::string describeError(const Dataset& dataset, const DatasetLineError& error);

}  // namespace mf::dataset
