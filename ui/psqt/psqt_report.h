#pragma once
// The printed report's page of piece-square tables: when the genome has PST terms, one more page
// after the evaluations with every table as two heat-map boards (psqt_board.h), the genome's
// defaults beside the population's best member, so the tuning's effect on the tables is seen on
// paper as in the window.
#include "ui/psqt/psqt_tables.h"

#include "evolution/ga/evolution.h"

#include <QString>

#include <vector>

class QPainter;
class QRectF;

namespace mf::ui {

struct ReportBoards {
    std::vector<PsqtTable> tables;  // empty: no boards page
    QString currentCaption;         // "best member (generation 7)"
    QString heading;                // the page's title
};

// The tables of `state`'s genome, its defaults against its best evaluated member (the defaults on
// both sides when none is evaluated); no tables when the genome has no PST terms.
ReportBoards reportBoards(const ga::RunState& state);

// The boards page inside `page` (the printable area less the margins), in the painter's units.
void paintBoardsPage(QPainter& painter, const QRectF& page, const ReportBoards& boards);

}  // namespace mf::ui
