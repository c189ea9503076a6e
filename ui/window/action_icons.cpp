#include "ui/window/action_icons.h"

#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QStyle>

#include <functional>

namespace mf::ui {

namespace {

const char* themeName(ActionIcon which) {
    switch (which) {
    case ActionIcon::Start: return "media-playback-start";
    case ActionIcon::Resume: return "media-playback-start";
    case ActionIcon::Pause: return "media-playback-pause";
    case ActionIcon::Stop: return "media-playback-stop";
    case ActionIcon::Fight: return "view-statistics";
    case ActionIcon::Open: return "document-open";
    case ActionIcon::Save: return "document-save";
    case ActionIcon::SaveAs: return "document-save-as";
    case ActionIcon::Print: return "document-print";
    case ActionIcon::Preview: return "document-print-preview";
    case ActionIcon::Console: return "utilities-terminal";
    case ActionIcon::Export: return "document-export";
    case ActionIcon::Gray: return "accessories-calculator";
    case ActionIcon::Quit: return "application-exit";
    }
    return "";
}

// Draws in a 32 x 32 box at several sizes, so small toolbars and menus stay sharp.
using Painter = std::function<void(QPainter&)>;
QIcon painted(const Painter& paint, int box = 32) {
    QIcon icon;
    for (int size : {16, 22, 24, 32, 48, 64}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.setRenderHint(QPainter::TextAntialiasing);
        p.scale(size / double(box), size / double(box));
        paint(p);
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

const QColor kInk(0x33, 0x3d, 0x4a);
const QColor kPaper(0xfb, 0xfc, 0xfd);

void page(QPainter& p) {
    p.setPen(QPen(kInk, 1.6));
    p.setBrush(kPaper);
    QPainterPath sheet;
    sheet.moveTo(7, 3);
    sheet.lineTo(20, 3);
    sheet.lineTo(26, 9);
    sheet.lineTo(26, 29);
    sheet.lineTo(7, 29);
    sheet.closeSubpath();
    p.drawPath(sheet);
    p.drawLine(QPointF(20, 3), QPointF(20, 9));
    p.drawLine(QPointF(20, 9), QPointF(26, 9));
    p.setPen(QPen(kInk.lighter(160), 1.4));
    for (double y : {13.0, 17.0, 21.0})
        p.drawLine(QPointF(10, y), QPointF(23, y));
}

void fight(QPainter& p) {
    // Five curves leaving one start: the multiselection fight chart in small.
    p.setPen(QPen(kInk, 1.6));
    p.drawLine(QPointF(4, 4), QPointF(4, 28));
    p.drawLine(QPointF(4, 28), QPointF(29, 28));
    const QColor colours[] = {QColor(0x20, 0x9f, 0xdf), QColor(0x99, 0xca, 0x53), QColor(0xf6, 0xa6, 0x25),
                              QColor(0x6d, 0x5f, 0xd5), QColor(0xbf, 0x59, 0x3e)};
    const double ends[] = {6, 11, 16, 20, 24};
    for (int i = 0; i < 5; ++i) {
        p.setPen(QPen(colours[i], 2.2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
        QPainterPath curve(QPointF(6, 24));
        curve.cubicTo(QPointF(14, 24), QPointF(18, ends[i]), QPointF(28, ends[i]));
        p.drawPath(curve);
    }
}

void gray(QPainter& p) {
    p.setPen(QPen(kInk, 1.6));
    p.setBrush(kPaper);
    p.drawRoundedRect(QRectF(3, 5, 26, 22), 4, 4);
    QFont f(QStringLiteral("monospace"));
    f.setStyleHint(QFont::Monospace);
    f.setPixelSize(11);
    f.setBold(true);
    p.setFont(f);
    p.setPen(QColor(0x1f, 0x6f, 0xb5));
    p.drawText(QRectF(3, 5, 26, 11), Qt::AlignCenter, QStringLiteral("101"));
    p.setPen(QColor(0xbf, 0x59, 0x3e));
    p.drawText(QRectF(3, 15, 26, 11), Qt::AlignCenter, QStringLiteral("111"));
}

void print(QPainter& p) {
    p.setPen(QPen(kInk, 1.6));
    p.setBrush(kPaper);
    p.drawRect(QRectF(9, 4, 14, 9));
    p.setBrush(kInk.lighter(220));
    p.drawRoundedRect(QRectF(4, 12, 24, 11), 2, 2);
    p.setBrush(kPaper);
    p.drawRect(QRectF(9, 19, 14, 9));
    p.setPen(QPen(kInk.lighter(160), 1.2));
    p.drawLine(QPointF(11, 23), QPointF(21, 23));
    p.drawLine(QPointF(11, 26), QPointF(19, 26));
}

void preview(QPainter& p) {
    page(p);
    p.setPen(QPen(kInk, 2.0));
    p.setBrush(QColor(0xd8, 0xea, 0xfb));
    p.drawEllipse(QPointF(17, 19), 6, 6);
    p.setPen(QPen(kInk, 3.0, Qt::SolidLine, Qt::RoundCap));
    p.drawLine(QPointF(21.5, 23.5), QPointF(27, 29));
}

void exportBest(QPainter& p) {
    page(p);
    p.setPen(QPen(QColor(0x2e, 0x8b, 0x57), 2.6, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(QPointF(13, 23), QPointF(29, 23));
    p.drawLine(QPointF(24, 18), QPointF(29, 23));
    p.drawLine(QPointF(24, 28), QPointF(29, 23));
}

void console(QPainter& p) {
    p.setPen(QPen(kInk, 1.6));
    p.setBrush(QColor(0x24, 0x38, 0x4f));
    p.drawRoundedRect(QRectF(3, 5, 26, 22), 3, 3);
    p.setPen(QPen(QColor(0xe9, 0xee, 0xf4), 2.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    p.drawLine(QPointF(8, 11), QPointF(13, 15));
    p.drawLine(QPointF(13, 15), QPointF(8, 19));
    p.drawLine(QPointF(15, 21), QPointF(23, 21));
}

QStyle::StandardPixmap standardPixmap(ActionIcon which, bool& has) {
    has = true;
    switch (which) {
    case ActionIcon::Start:
    case ActionIcon::Resume: return QStyle::SP_MediaPlay;
    case ActionIcon::Pause: return QStyle::SP_MediaPause;
    case ActionIcon::Stop: return QStyle::SP_MediaStop;
    case ActionIcon::Open: return QStyle::SP_DialogOpenButton;
    case ActionIcon::Save:
    case ActionIcon::SaveAs: return QStyle::SP_DialogSaveButton;
    case ActionIcon::Quit: return QStyle::SP_DialogCloseButton;
    default: break;
    }
    has = false;
    return QStyle::SP_CustomBase;
}

} // namespace

bool themeHasIcon(ActionIcon which) { return QIcon::hasThemeIcon(QString::fromLatin1(themeName(which))); }

QIcon actionIcon(ActionIcon which, const QStyle* style) {
    if (themeHasIcon(which))
        return QIcon::fromTheme(QString::fromLatin1(themeName(which)));
    bool has = false;
    const QStyle::StandardPixmap sp = standardPixmap(which, has);
    if (has && style) {
        QIcon icon = style->standardIcon(sp);
        if (!icon.isNull())
            return icon;
    }
    switch (which) {
    case ActionIcon::Fight: return painted(fight);
    case ActionIcon::Gray: return painted(gray);
    case ActionIcon::Print: return painted(print);
    case ActionIcon::Preview: return painted(preview);
    case ActionIcon::Export: return painted(exportBest);
    case ActionIcon::Console: return painted(console);
    default: return painted(page);  // a style without standard icons: a plain sheet, never nothing
    }
}

QIcon applicationIcon() {
    // resources/icons/matefind.svg, path for path: a knight over a strand of bits.
    return painted(
        [](QPainter& p) {
            p.setPen(Qt::NoPen);
            p.setBrush(QColor(0x24, 0x38, 0x4f));
            p.drawRoundedRect(QRectF(2, 2, 60, 60), 10, 10);
            QPainterPath knight(QPointF(20, 52));
            knight.lineTo(46, 52);
            knight.lineTo(46, 47);
            knight.lineTo(43, 47);
            knight.cubicTo(QPointF(43, 39), QPointF(41, 33), QPointF(37, 27));
            knight.lineTo(41, 24);
            knight.lineTo(39, 18);
            knight.cubicTo(QPointF(33, 18), QPointF(27, 21), QPointF(24, 27));
            knight.lineTo(19, 33);
            knight.lineTo(22, 37);
            knight.lineTo(28, 34);
            knight.cubicTo(QPointF(29, 38), QPointF(27, 42), QPointF(23, 47));
            knight.lineTo(20, 47);
            knight.closeSubpath();
            p.setBrush(QColor(0xe9, 0xee, 0xf4));
            p.drawPath(knight);
            p.setBrush(QColor(0x24, 0x38, 0x4f));
            p.drawEllipse(QPointF(33, 19), 1.6, 1.6);
            QFont f(QStringLiteral("monospace"));
            f.setStyleHint(QFont::Monospace);
            f.setPixelSize(7);
            p.setFont(f);
            p.setPen(QColor(0x7f, 0xc4, 0xff));
            p.drawText(QPointF(6, 12), QStringLiteral("1011"));
            p.drawText(QPointF(42, 12), QStringLiteral("0110"));
        },
        64);
}

} // namespace mf::ui
