#include "ui/psqt/psqt_board.h"

#include <QFont>
#include <QFontMetricsF>
#include <QObject>
#include <QPainter>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace mf::ui {

namespace {

// The label gutter left of and below the 8 x 8 cells, in cells.
constexpr qreal kGutter = 0.6;
constexpr qreal kMaxStretch = 1.7;  // a board's width over its height, at most

QColor mix(const QColor& a, const QColor& b, qreal t) {
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}

// A square's width and height: a board may be wider than tall (placeTables), for numbers of
// four or five characters.
QSizeF cellOf(const QRectF& board) { return board.size() / (8.0 + kGutter); }

void paintLabels(QPainter& painter, const QRectF& board, QSizeF cell) {
    QFont font = painter.font();
    font.setPixelSize(std::max(1, int(std::min(cell.width() * kGutter * 0.8, cell.height() * 0.42))));
    painter.setFont(font);
    painter.setPen(Qt::black);
    for (int i = 0; i < 8; ++i) {
        const QRectF file = squareRect(board, i, 0).translated(0, cell.height());
        painter.drawText(QRectF(file.left(), file.top(), cell.width(), cell.height() * kGutter), Qt::AlignCenter,
                         QString(QChar(char16_t('a' + i))));
        const QRectF rank = squareRect(board, 0, i);
        painter.drawText(QRectF(board.left(), rank.top(), cell.width() * kGutter, cell.height()), Qt::AlignCenter,
                         QString::number(i + 1));
    }
}

// The widest value of a board as drawn ("-1440"), for the numbers' size.
QString widestValue(const BoardValues& values, const QFontMetricsF& metrics) {
    QString widest;
    for (const std::optional<int>& v : values)
        if (v && metrics.horizontalAdvance(QString::number(*v)) > metrics.horizontalAdvance(widest))
            widest = QString::number(*v);
    return widest;
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
    // A board may be up to kMaxStretch times as wide as tall: its numbers ("-1440") are wider
    // than a line is tall, so where the space is wide (one piece's two tables on a laptop) the
    // boards take it rather than leave half the tab empty. The columns that give the largest
    // numbers win: a square's height, or its width over kMaxStretch, whichever is less.
    const qreal gap = captionHeight * 0.8;
    int bestColumns = 1;
    QSizeF best(0, 0);
    for (int columns = 1; columns <= tables; ++columns) {
        const int rows = (tables + columns - 1) / columns;
        const qreal byWidth = (area.width() - gap * (3 * columns - 1)) / (2 * columns);
        const qreal byHeight = (area.height() - rows * 2 * captionHeight - (rows - 1) * gap) / rows;
        const QSizeF board(std::min(byWidth, byHeight * kMaxStretch), std::min(byHeight, byWidth));
        auto readable = [](QSizeF b) { return std::min(b.height(), b.width() / kMaxStretch); };
        if (readable(board) > readable(best) || (readable(board) == readable(best) && board.width() > best.width())) {
            best = board;
            bestColumns = columns;
        }
    }
    const QSizeF board(std::max(best.width(), 8.0), std::max(best.height(), 8.0));
    for (int i = 0; i < tables; ++i) {
        const int row = i / bestColumns, column = i % bestColumns;
        const qreal left = area.left() + column * (2 * board.width() + 3 * gap);
        const qreal top = area.top() + row * (board.height() + 2 * captionHeight + gap);
        TablePlace p;
        p.title = QRectF(left, top, 2 * board.width() + gap, captionHeight);
        p.start = QRectF(QPointF(left, top + 2 * captionHeight), board);
        p.current = QRectF(QPointF(left + board.width() + gap, top + 2 * captionHeight), board);
        places.push_back(p);
    }
    return places;
}

QRectF squareRect(const QRectF& board, int file, int rank) {
    const QSizeF cell = cellOf(board);
    return QRectF(board.left() + (kGutter + file) * cell.width(), board.top() + (7 - rank) * cell.height(), cell.width(),
                  cell.height());
}

int numberPixelSize(const QRectF& board, const BoardValues& values, const QFont& font, const QPaintDevice* device) {
    // The widest value fills nine tenths of a square's width, at most 55 % of its height.
    QFont reference = font;
    reference.setPixelSize(100);
    const QFontMetricsF metrics(reference, device);
    const qreal widest = std::max<qreal>(1, metrics.horizontalAdvance(widestValue(values, metrics)));
    const QSizeF cell = cellOf(board);
    return int(std::min(100 * cell.width() * 0.9 / widest, cell.height() * 0.55));
}

void paintBoard(QPainter& painter, const QRectF& board, const BoardValues& values, const HeatScale& scale) {
    const QSizeF cell = cellOf(board);
    painter.save();
    QFont font = painter.font();
    const int pixels = numberPixelSize(board, values, font, painter.device());
    font.setPixelSize(std::max(1, pixels));
    painter.setFont(font);
    const bool numbers = pixels >= kLeastNumberPixels;  // smaller: the colour alone (the tooltip has the value)
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
