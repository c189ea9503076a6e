#include "ui/fields/validation_display.h"

#include <QLabel>
#include <QWidget>
#include <QVariant>

namespace mf::ui {

namespace {
const char* const kInvalidProperty = "invalid";
const char* const kHelpProperty = "help";
const char* const kReasonProperty = "invalidReason";
const char* const kGreyedProperty = "greyedWhy";

// The rule's reason while invalid, else the help; then, while greyed, why.
QString tipOf(const QWidget* field) {
    QString tip = field->property(kInvalidProperty).toBool() ? field->property(kReasonProperty).toString()
                                                              : field->property(kHelpProperty).toString();
    const QString why = field->property(kGreyedProperty).toString();  // empty while enabled
    if (!why.isEmpty())
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n\n")) + QObject::tr("Greyed: %1").arg(why);
    return tip;
}
} // namespace

ValidationDisplay::ValidationDisplay(QWidget* parent) : label_(new QLabel(parent)) {
    label_->setObjectName(QStringLiteral("problems"));
    label_->setWordWrap(true);
    label_->setStyleSheet(QStringLiteral("color: #b00000;"));
}

void ValidationDisplay::mark(QWidget* edit, const QString& reason) {
    const bool invalid = !reason.isEmpty();
    const bool restyle = !edit->property(kInvalidProperty).isValid() || edit->property(kInvalidProperty).toBool() != invalid;
    edit->setProperty(kInvalidProperty, invalid);
    edit->setProperty(kReasonProperty, reason);
    // A coloured frame plus the reason as tool tip: visible without reading the message list.
    // Restyling is not free (this runs per keystroke): only when validity changes.
    if (restyle)
        edit->setStyleSheet(invalid ? QStringLiteral("%1 { background: #ffe0e0; border: 1px solid #d03030; }")
                                          .arg(QString::fromLatin1(edit->metaObject()->className()))
                                    : QString());
    const QString tip = tipOf(edit);
    if (edit->toolTip() != tip)
        edit->setToolTip(tip);
}

bool ValidationDisplay::isMarked(const QWidget* edit) { return edit->property(kInvalidProperty).toBool(); }

void ValidationDisplay::setHelp(QWidget* edit, const QString& help) {
    edit->setProperty(kHelpProperty, help);
    edit->setToolTip(tipOf(edit));
}

void ValidationDisplay::setEnabled(QWidget* field, bool enabled, const QString& whyGreyed) {
    if (!field->property(kHelpProperty).isValid())
        field->setProperty(kHelpProperty, field->toolTip());
    field->setEnabled(enabled);
    // What was asked, not isEnabled(): a field in a row greyed a moment longer is not greyed for its own reason.
    field->setProperty(kGreyedProperty, enabled ? QString() : whyGreyed);
    field->setToolTip(tipOf(field));
}

QString ValidationDisplay::lockedDuringRun() {
    return QObject::tr("a run (or the check of its engine) is under way, and it keeps the settings it started with: "
                       "Stop it to change them");
}

void ValidationDisplay::showProblems(const QStringList& problems, const QString& more) {
    QStringList all = problems;
    if (!more.isEmpty())
        all << more;
    label_->setText(all.join(QLatin1Char('\n')));
    label_->setVisible(!all.isEmpty());
}

} // namespace mf::ui
