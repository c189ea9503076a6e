#pragma once
// Exact labels from the endgame tables (engine/tb, up to 4 men) for positions they cover, in
// place of a search: the moves that keep the best result (win, draw or loss, as the tables say)
// are the answer, and the position is kept only when some legal move gives a worse result, so
// that it tests something.

#include <optional>

#include "engine/tb/tablebases.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/labelling.h"
#include "evolution/suite/suite_entry.h"

namespace mf::suite {

struct TablesLabel {
    Verdict verdict = Verdict::TablesNoTest;  // Kept or TablesNoTest
    SuiteEntry entry;                         // filled when Kept
};

// std::nullopt when the tables do not cover the position or one of its successors.
std::optional<TablesLabel> labelFromTables(const tb::Tablebases& tables, const Candidate& candidate);

}  // namespace mf::suite
