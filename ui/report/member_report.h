#pragma once
// One member's values in the printed report, for genomes of hundreds of terms: instead of a
// values line that wraps over a page ("Psqt.Pawn.Mg.a2=178 Psqt.Pawn.Mg.b2=..."), its terms as
// one compact table per group (term, value, default, change; the term without its group's
// prefix, the terms down then across three column sets) and its piece-square tables as boards,
// rank 8 at the top, each square coloured on the table's scale (psqt_board.h's HeatScale, as the
// window's boards): 8 x 8, four to a row, or, when the engine's tables are mirrored (no term on
// files e-h, psqt_tables.h), files a-d only, six to a row, so each value is printed once and 16
// members of 368 terms take five pages, not nineteen. HTML for the report's QTextDocument, so
// the printed values are text (searchable in the PDF) and paginate with it.
#include "evolution/ga/genome.h"

#include <QString>

#include <vector>

namespace mf::ui {

// Whether a member's values read better as tables than as one line: a genome with groups,
// piece-square terms or more than a couple of dozen terms.
bool valuesAsTables(const ga::Genome& genome);

// The group tables and boards of one member (`values`: one per term of `genome`).
QString memberValuesHtml(const ga::Genome& genome, const std::vector<int>& values);

// A line before the members saying how to read their tables and boards (empty for a values line).
QString memberValuesNote(const ga::Genome& genome);

}  // namespace mf::ui
