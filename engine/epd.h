// EPD records: a position (4 FEN fields, optionally followed by the two counters) and a list of
// operations ("bm Nf3;", "id \"WAC.001\";", "c0 \"a; b\";", any unknown opcode), all kept in order.
#pragma once

#include "engine/position.h"
#include "engine/result.h"

#include <string>
#include <string_view>
#include <vector>

namespace mf {

struct EpdOperation {
    std::string opcode;  // empty for free text that is no operation; its one operand is the text
    std::vector<std::string> operands; // unquoted; a quoted string is one operand and may hold ';'
    bool operator==(const EpdOperation&) const = default;
};

struct EpdRecord {
    // The FEN fields exactly as given, 4 to 6 of them, separated by single spaces.
    std::string positionFields;
    std::vector<EpdOperation> operations;

    const EpdOperation* find(std::string_view opcode) const;
    // First operand of "id", or "" when absent.
    std::string id() const;
    // The position, with the counters of the "hmvc"/"fmvn" operations when present.
    Result<Position> position() const;
    // One line of EPD; parseEpdLine(toString()) gives this record back.
    std::string toString() const;
    bool operator==(const EpdRecord&) const = default;
};

// Splits one line into position fields and operations; does not check the position (see
// EpdRecord::position). A lone "+" or "#" operand joins the previous one ("Qd1 +" -> "Qd1+").
Result<EpdRecord> parseEpdLine(std::string_view line);

struct EpdLineError {
    int line; // 1-based; 0 for errors about the whole file
    std::string message;
};

struct EpdEntry {
    int line;
    EpdRecord record;
    Position position;
};

struct EpdFile {
    std::string path;
    std::vector<EpdEntry> entries;
    std::vector<EpdLineError> errors;   // lines left out, each with the reason
    std::vector<EpdLineError> warnings; // lines used after a repair (NUL bytes, merged operations)
};

// Reads a suite. Survives CRLF, NUL bytes, blank and '#' comment lines, "Qd1 +", a c0 merged into
// the id ("id X c0 text"), free text after the operations (kept verbatim as an operation with an empty opcode). Each
// defective line (bad position, bm/am move that is illegal, malformed or ambiguous) lands in
// errors with its line number; the rest is used.
EpdFile readEpdFile(const std::string& path);

// Moves written in SAN or UCI, each checked against pos; the error names the bad move.
Result<std::vector<Move>> parseMoves(const Position& pos, const std::vector<std::string>& sanOrUci);

} // namespace mf
