#pragma once
// One position of a finished suite and the EPD text of the whole file. The writer is pure text:
// the same entries and header give the same bytes, which is what makes runs comparable.

#include <optional>
#include <string>
#include <vector>

#include "engine/position.h"
#include "engine/types.h"

namespace mf::suite {

struct SuiteEntry {
    Position position = Position::startPosition();
    std::vector<Move> best;       // written as bm, in SAN
    std::optional<int> ce;        // centipawn evaluation (EPD "ce"), when an engine labelled it
    int depth = 0;                // EPD "acd" when > 0
    std::string comment;          // EPD "c0": who labelled it and how
    std::string origin;           // EPD "c1": where the position came from
};

// Header comment lines (each written as "# <line>"), then one EPD line per entry with
// `id "<idPrefix>.NNN"` numbered from 1 with at least three digits.
std::string writeSuite(const std::vector<std::string>& header, const std::vector<SuiteEntry>& entries,
                       const std::string& idPrefix);

// The EPD line of one entry (without end of line).
std::string suiteLine(const SuiteEntry& entry, const std::string& id);

// Quotes one command-line argument for the header so the command can be pasted into a shell.
std::string shellQuote(const std::string& arg);

}  // namespace mf::suite
