#include "ui/psqt/psqt_report.h"

#include "ui/psqt/psqt_board.h"

#include "evolution/ga/chromosome.h"
#include "evolution/tuning/results/engine_export.h"

#include <QFont>
#include <QFontMetricsF>
#include <QObject>
#include <QPainter>
#include <QRectF>

namespace mf::ui {

ReportBoards reportBoards(const ga::RunState& state) {
    ReportBoards boards;
    if (!hasPsqt(state.genome))
        return boards;
    std::vector<int> best;
    if (auto member = tuning::bestMember(state)) {
        best = ga::decode(state.genome, state.population[*member].chromosome);
        boards.currentCaption = QObject::tr("best member (generation %1)").arg(state.generation);
    } else {
        boards.currentCaption = QObject::tr("defaults (nothing evaluated yet)");
    }
    boards.tables = psqtTables(state.genome, best);
    boards.heading = QObject::tr("Piece-square tables: start and %1").arg(boards.currentCaption);
    return boards;
}

void paintBoardsPage(QPainter& painter, const QRectF& page, const ReportBoards& boards) {
    // Sizes in proportion to the page, so any printer resolution draws the same page.
    const qreal line = page.height() / 70.0;
    painter.save();
    QFont heading = painter.font();
    heading.setPixelSize(std::max(1, int(line * 1.1)));
    heading.setBold(true);
    painter.setFont(heading);
    painter.setPen(Qt::black);
    const QRectF top(page.left(), page.top(), page.width(), line * 2);
    painter.drawText(top, Qt::AlignLeft | Qt::AlignVCenter,
                     QFontMetricsF(heading, painter.device()).elidedText(boards.heading, Qt::ElideRight, top.width()));
    QFont small = painter.font();
    small.setBold(false);
    small.setPixelSize(std::max(1, int(line * 0.58)));
    painter.setFont(small);
    painter.drawText(QRectF(page.left(), top.bottom(), page.width(), line * 1.5), Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap,
                     QObject::tr("Start: the genome's defaults. One colour scale per table, blue lowest to red "
                                 "highest; grey hatched squares have no term; files e-h mirror a-d."));
    const QRectF area(page.left(), top.bottom() + line * 1.8, page.width(), page.bottom() - top.bottom() - line * 1.8);
    const std::vector<TablePlace> places = placeTables(area, int(boards.tables.size()), line);
    for (std::size_t i = 0; i < places.size(); ++i)
        paintTable(painter, places[i], boards.tables[i], QObject::tr("start"), boards.currentCaption);
    painter.restore();
}

}  // namespace mf::ui
