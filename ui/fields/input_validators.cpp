#include "ui/fields/input_validators.h"

#include <QRegularExpressionValidator>

namespace mf::ui::validators {

QRegularExpression count(int maxDigits) {
    return QRegularExpression(QStringLiteral("[0-9]{1,%1}").arg(maxDigits));
}

QRegularExpression probability() {
    // Up to 24 decimals: a value read from a file shows whole (the CLI's default p_m is 1/m, say
    // 0.00684931506849315), so an opened run continues with the very value it was saved with.
    return QRegularExpression(QStringLiteral("0(\\.[0-9]{0,24})?|1(\\.0{0,24})?|\\.[0-9]{1,24}"));
}

QRegularExpression decimal(int intDigits) {
    return QRegularExpression(QStringLiteral("[0-9]{1,%1}(\\.[0-9]{0,24})?|\\.[0-9]{1,24}").arg(intDigits));
}

QRegularExpression seed() { return QRegularExpression(QStringLiteral("[0-9]{1,20}")); }

QRegularExpression path() { return QRegularExpression(QStringLiteral("[^\\x00-\\x1f\\x7f]*")); }

QRegularExpression schema() { return QRegularExpression(QStringLiteral("[01* ]*")); }

QRegularExpression bitString() { return QRegularExpression(QStringLiteral("[01]{0,64}")); }

QRegularExpression bits() { return QRegularExpression(QStringLiteral("[1-9]|1[0-6]")); }

QRegularExpressionValidator* make(const QRegularExpression& re, QObject* parent) {
    return new QRegularExpressionValidator(re, parent);
}

ShapeValidator::ShapeValidator(const QRegularExpression& re, QObject* parent)
    : QValidator(parent), re_(QRegularExpression::anchoredPattern(re.pattern())) {}

QValidator::State ShapeValidator::validate(QString& input, int&) const {
    if (re_.match(input).hasMatch())
        return Acceptable;
    for (const QChar c : input)
        if (c.category() == QChar::Other_Control)
            return Invalid;  // a pasted newline or tab is never part of a number
    return Intermediate;
}

ShapeValidator* shape(const QRegularExpression& re, QObject* parent) { return new ShapeValidator(re, parent); }

} // namespace mf::ui::validators
