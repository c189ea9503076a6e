#pragma once
// A position labelled with the result of the game it came from (Texel's method): R = 1 when White
// won, 0.5 for a draw, 0 when Black won, always from White's point of view.
#include <string>
#include <vector>

#include "engine/position.h"

namespace mf::dataset {

struct LabelledPosition {
    Position position = Position::startPosition();
    double result = 0.5;  // White's view: 1, 0.5 or 0
    int line = 0;         // 1-based line in the file it was read from (0: made in memory)
};

struct DatasetLineError {
    int line = 0;  // 1-based; 0 for the whole file
    std::string message;
};

struct Dataset {
    std::string path;
    std::vector<LabelledPosition> positions;
    std::vector<DatasetLineError> errors;  // lines left out, each with its reason; the rest is read
    std::vector<std::string> header;       // the leading '#' comment lines, without the '#'
};

// "1-0" -> 1, "1/2-1/2" -> 0.5, "0-1" -> 0; also the numbers "1.0", "0.5", "0.0", "1", "0".
// Returns a negative value when the text is none of these.
double parseResult(std::string_view text);
// The PGN form of a result: "1-0", "1/2-1/2", "0-1".
std::string resultText(double result);

}  // namespace mf::dataset
