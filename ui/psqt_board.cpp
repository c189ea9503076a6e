#include "ui/psqt_board.h"

#include <QFont>
#include <QObject>
#include <QPainter>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace mf::ui {

namespace {

// The label gutter left of and below the 8 x 8 cells, in cells.
constexpr qreal kGutter = 0.6;

QColor mix(const QColor& a, const QColor& b, qreal t) {
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

qreal cellOf(const QRectF& board) { return std::min(board.width(), board.height()) / (8.0 + kGutter); }

void paintLabels(QPainter& painter, const QRectF& board, qreal cell) {
    QFont font = painter.font();
    font.setPixelSize(std::max(1, int(cell * 0.38)));
    painter.setFont(font);
    painter.setPen(Qt::black);
    for (int i = 0; i < 8; ++i) {
        const QRectF file = squareRect(board, i, 0).translated(0, cell);
        painter.drawText(QRectF(file.left(), file.top(), cell, cell * kGutter), Qt::AlignCenter,
                         QString(QChar(char16_t('a' + i))));
        const QRectF rank = squareRect(board, 0, i);
        painter.drawText(QRectF(board.left(), rank.top(), cell * kGutter, cell), Qt::AlignCenter, QString::number(i + 1));
    }
}

}  // namespace

QColor HeatScale::colourOf(int value) const {
    const QColor lowColour(49, 104, 176), middle(247, 247, 247), highColour(196, 60, 52);
    const qreal t = high > low ? std::clamp(qreal(value - low) / qreal(high - low), 0.0, 1.0) : 0.5;
    return t < 0.5 ? mix(lowColour, middle, t * 2) : mix(middle, highColour, (t - 0.5) * 2);
}

HeatScale HeatScale::of(const PsqtTable& table) {
    HeatScale scale;
    bool any = false;
    for (const BoardValues* board : {&table.start, &table.current})
        for (const std::optional<int>& v : *board)
            if (v) {
                scale.low = any ? std::min(scale.low, *v) : *v;
                scale.high = any ? std::max(scale.high, *v) : *v;
                any = true;
            }
    return scale;
}

std::vector<TablePlace> placeTables(const QRectF& area, int tables, qreal captionHeight) {
    std::vector<TablePlace> places;
    if (tables <= 0 || area.isEmpty())
        return places;
    // Each table is two boards and a gap across, a title and the boards' captions above.
    const qreal gap = captionHeight * 0.8;
    int bestColumns = 1;
    qreal bestSide = 0;
    for (int columns = 1; columns <= tables; ++columns) {
        const int rows = (tables + columns - 1) / columns;
        const qreal byWidth = (area.width() - gap * (3 * columns - 1)) / (2 * columns);
        const qreal byHeight = (area.height() - rows * 2 * captionHeight - (rows - 1) * gap) / rows;
        const qreal side = std::min(byWidth, byHeight);
        if (side > bestSide) {
            bestSide = side;
            bestColumns = columns;
        }
    }
    const qreal side = std::max(bestSide, 8.0);
    for (int i = 0; i < tables; ++i) {
        const int row = i / bestColumns, column = i % bestColumns;
        const qreal left = area.left() + column * (2 * side + 3 * gap);
        const qreal top = area.top() + row * (side + 2 * captionHeight + gap);
        TablePlace p;
        p.title = QRectF(left, top, 2 * side + gap, captionHeight);
        p.start = QRectF(left, top + 2 * captionHeight, side, side);
        p.current = QRectF(left + side + gap, top + 2 * captionHeight, side, side);
        places.push_back(p);
    }
    return places;
}

QRectF squareRect(const QRectF& board, int file, int rank) {
    const qreal cell = cellOf(board);
    return QRectF(board.left() + (kGutter + file) * cell, board.top() + (7 - rank) * cell, cell, cell);
}

void paintBoard(QPainter& painter, const QRectF& board, const BoardValues& values, const HeatScale& scale) {
    const qreal cell = cellOf(board);
    painter.save();
    QFont font = painter.font();
    font.setPixelSize(std::max(1, int(cell * 0.36)));
    painter.setFont(font);
    const bool numbers = cell >= 16;  // smaller cells: the colour alone (the tooltip has the value)
    for (int rank = 0; rank < 8; ++rank)
        for (int file = 0; file < 8; ++file) {
            const QRectF r = squareRect(board, file, rank);
            const std::optional<int>& v = values[std::size_t(rank * 8 + file)];
            if (!v) {
                painter.fillRect(r, QColor(214, 214, 214));
                painter.fillRect(r, QBrush(QColor(170, 170, 170), Qt::BDiagPattern));
                continue;
            }
            const QColor colour = scale.colourOf(*v);
            painter.fillRect(r, colour);
            if (numbers) {
                painter.setPen(colour.lightnessF() < 0.45 ? Qt::white : Qt::black);
                painter.drawText(r, Qt::AlignCenter, QString::number(*v));
            }
        }
    painter.setPen(QPen(QColor(90, 90, 90), 0));
    painter.setBrush(Qt::NoBrush);
    painter.drawRect(QRectF(squareRect(board, 0, 7).topLeft(), squareRect(board, 7, 0).bottomRight()));
    paintLabels(painter, board, cell);
    painter.restore();
}

void paintTable(QPainter& painter, const TablePlace& place, const PsqtTable& table, const QString& startCaption,
                const QString& currentCaption) {
    const HeatScale scale = HeatScale::of(table);
    painter.save();
    QFont font = painter.font();
    font.setPixelSize(std::max(1, int(place.title.height() * 0.62)));
    painter.setPen(Qt::black);
    font.setBold(true);
    painter.setFont(font);
    // The longest wording that fits: small boards (all pieces at 1280 x 720) drop the scale from
    // the title and keep the captions' first word ("start", "best"); the tooltip says the rest.
    auto fitting = [&painter, &font](const QStringList& wordings, qreal width) {
        const QFontMetricsF metrics(font, painter.device());
        for (const QString& w : wordings)
            if (metrics.horizontalAdvance(w) <= width)
                return w;
        return metrics.elidedText(wordings.last(), Qt::ElideRight, width);
    };
    const QString title = QObject::tr("%1 (blue %2 … red %3)").arg(table.title()).arg(scale.low).arg(scale.high);
    painter.drawText(place.title, Qt::AlignLeft | Qt::AlignVCenter, fitting({title, table.title()}, place.title.width()));
    font.setBold(false);
    painter.setFont(font);
    const qreal captionHeight = place.title.height();
    for (auto [board, caption] : {std::pair{place.start, startCaption}, std::pair{place.current, currentCaption}}) {
        const QRectF where(board.left(), board.top() - captionHeight, board.width(), captionHeight);
        painter.drawText(where, Qt::AlignHCenter | Qt::AlignVCenter,
                         fitting({caption, caption.section(QLatin1Char(' '), 0, 0)}, where.width()));
    }
    painter.restore();
    paintBoard(painter, place.start, table.start, scale);
    paintBoard(painter, place.current, table.current, scale);
}

}  // namespace mf::ui
