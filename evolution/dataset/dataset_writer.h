#pragma once
// Writes labelled positions as EPD with the result in a c9 opcode (the first format the reader
// takes), after a header of '#' comment lines (the command that made the file, its tallies).
#include <string>
#include <vector>

#include "evolution/dataset/labelled_position.h"

namespace mf::dataset {

// One line: the four EPD fields, then c9 "1-0"; (no newline).
std::string datasetLine(const LabelledPosition& p);

// The whole file text: "# " + each header line, then one line per position.
std::string writeDataset(const std::vector<std::string>& header, const std::vector<LabelledPosition>& positions);

}  // namespace mf::dataset
