#include "ui/validation_display.h"

#include <QLabel>
#include <QWidget>
#include <QVariant>

namespace mf::ui {

namespace {
const char* const kInvalidProperty = "invalid";
const char* const kHelpProperty = "help";
} // namespace

ValidationDisplay::ValidationDisplay(QWidget* parent) : label_(new QLabel(parent)) {
    label_->setObjectName(QStringLiteral("problems"));
    label_->setWordWrap(true);
    label_->setStyleSheet(QStringLiteral("color: #b00000;"));
}

void ValidationDisplay::mark(QWidget* edit, const QString& reason) {
    const bool invalid = !reason.isEmpty();
    const QString tip = invalid ? reason : edit->property(kHelpProperty).toString();
    // Restyling is not free: only on a change.
    if (edit->property(kInvalidProperty).isValid() && edit->property(kInvalidProperty).toBool() == invalid &&
        edit->toolTip() == tip)
        return;
    // A coloured frame plus the reason as tool tip: visible without reading the message list.
    edit->setStyleSheet(invalid ? QStringLiteral("%1 { background: #ffe0e0; border: 1px solid #d03030; }")
                                      .arg(QString::fromLatin1(edit->metaObject()->className()))
                                : QString());
    edit->setProperty(kInvalidProperty, invalid);
    edit->setToolTip(tip);
}

bool ValidationDisplay::isMarked(const QWidget* edit) { return edit->property(kInvalidProperty).toBool(); }

void ValidationDisplay::setHelp(QWidget* edit, const QString& help) {
    edit->setProperty(kHelpProperty, help);
    edit->setToolTip(help);
}

void ValidationDisplay::showProblems(const QStringList& problems, const QString& more) {
    QStringList all = problems;
    if (!more.isEmpty())
        all << more;
    label_->setText(all.join(QLatin1Char('\n')));
    label_->setVisible(!all.isEmpty());
}

} // namespace mf::ui
