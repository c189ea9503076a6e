#pragma once
// Piece-square tables drawn as heat maps, on a widget or a printed page alike: each table as two
// boards side by side, its start (the genome's defaults) and its current values (the run's best),
// coloured on one scale per table (blue lowest, near white in the middle, red highest), so a
// square whose value moved changes colour. White's view: a1 bottom left. Squares no term names
// are grey and hatched.
#include "ui/psqt/psqt_tables.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <vector>

class QFont;
class QPaintDevice;
class QPainter;

namespace mf::ui {

// The colour scale of one table: its lowest and highest value over both boards.
struct HeatScale {
    int low = 0;
    int high = 0;
    QColor colourOf(int value) const;
    static HeatScale of(const PsqtTable& table);
};

// Where a table's two boards go, and its title above them.
struct TablePlace {
    QRectF title;
    QRectF start;    // the board of the start values (labels' gutter included)
    QRectF current;  // the board of the current values
};

// Places `tables` tables in `area`, as many per row as makes the boards' numbers largest (a board
// up to 1.7 times as wide as tall, to use a wide area). `captionHeight` is the room each table's
// title and each board's caption need.
std::vector<TablePlace> placeTables(const QRectF& area, int tables, qreal captionHeight);

// The square (file 0..7, rank 0..7) of a board drawn in `board` (as paintBoard draws it).
QRectF squareRect(const QRectF& board, int file, int rank);

// The pixel size of a board's numbers in `font` on `device`: the widest value fills nine tenths
// of a square's width, at most 55 % of its height. Below kLeastNumberPixels the squares show
// their colour alone.
inline constexpr int kLeastNumberPixels = 6;
int numberPixelSize(const QRectF& board, const BoardValues& values, const QFont& font, const QPaintDevice* device);

// One board: 8 x 8 cells, file letters and rank numbers in a gutter, the values in the cells
// when they are large enough to read.
void paintBoard(QPainter& painter, const QRectF& board, const BoardValues& values, const HeatScale& scale);

// A table at `place`: its title with the scale's range, then both boards with their captions.
void paintTable(QPainter& painter, const TablePlace& place, const PsqtTable& table, const QString& startCaption,
                const QString& currentCaption);

}  // namespace mf::ui
