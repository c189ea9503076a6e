#include "ui/fields/elided_label.h"

#include <QPainter>
#include <QStyle>

#include <algorithm>

namespace mf::ui {

ElidedLabel::ElidedLabel(int preferredWidth, QWidget* parent) : QLabel(parent), preferredWidth_(preferredWidth) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidedLabel::setFullText(const QString& text) {
    setText(text);
    setToolTip(text);
    updateGeometry();
}

bool ElidedLabel::elided() const {
    return fontMetrics().horizontalAdvance(text()) > contentsRect().width();
}

QSize ElidedLabel::sizeHint() const {
    const int margins = contentsMargins().left() + contentsMargins().right();
    return {std::min(fontMetrics().horizontalAdvance(text()), preferredWidth_) + margins, QLabel::sizeHint().height()};
}

QSize ElidedLabel::minimumSizeHint() const {
    // Room for a few letters and the ellipsis: the rest is in the tooltip.
    return {fontMetrics().horizontalAdvance(QStringLiteral("Idle…")), QLabel::minimumSizeHint().height()};
}

void ElidedLabel::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    const QRect area = contentsRect();
    const QString shown = fontMetrics().elidedText(text(), Qt::ElideRight, area.width());
    style()->drawItemText(&painter, area, int(Qt::AlignLeft | Qt::AlignVCenter), palette(), isEnabled(), shown,
                          foregroundRole());
}

}  // namespace mf::ui
