#pragma once
// An EPD test suite prepared for searching: each usable record as a FEN with its expected moves
// in UCI notation (bm, am) and, for STS-style suites, the points of each listed move.
// Defective records are reported with file and line and left out; the rest is used.

#include <map>
#include <string>
#include <vector>

#include "engine/epd.h"

namespace mf::uci {

struct SuitePosition {
    int line = 0;                      // 1-based line in the file
    std::string id;                    // the "id" operand, or "line N" when absent
    std::string fen;
    std::vector<std::string> best;     // bm, UCI notation
    std::vector<std::string> avoid;    // am, UCI notation
    std::vector<std::string> bestSan;  // bm as written, for reports
    std::vector<std::string> avoidSan;
    std::map<std::string, int> points; // UCI move -> points, from c0 "move=points, ..."
    int maxPoints() const;
};

struct Suite {
    std::string path;
    std::vector<SuitePosition> positions;
    std::vector<EpdLineError> errors;    // records left out
    std::vector<EpdLineError> warnings;  // records used after a repair or with a doubtful part
    bool hasPoints() const;
};

// Points of a c0 comment "f5=10, Be5+=2": std::nullopt when the comment is not in that form
// (then it is just a comment); an Error when it is, but a move is illegal there.
Result<std::optional<std::map<std::string, int>>> parsePointsComment(const Position& position, std::string_view c0,
                                                                     std::vector<std::string>* doubtful = nullptr);

Suite loadSuite(const std::string& path);

}  // namespace mf::uci
