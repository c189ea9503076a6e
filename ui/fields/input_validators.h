#pragma once
// The regular-expression validators of every text input. They filter what can be typed (shape);
// ranges and cross-field rules are checked by mf_ga's validateField/validate, which know the
// context (elite < population size, k <= N, the limit's unit...).
#include <QRegularExpression>
#include <QRegularExpressionValidator>

class QObject;

namespace mf::ui::validators {

// Patterns, public so tests can check them directly.
QRegularExpression count(int maxDigits);        // non-negative integer, at most maxDigits digits
QRegularExpression probability();               // 0, 1, 0.x, .x, 1.0 ... (values outside [0,1] never type)
QRegularExpression decimal(int intDigits);      // non-negative decimal number
QRegularExpression seed();                      // 0 .. 2^64-1 as decimal digits (20 at most)
QRegularExpression path();                      // any printable path, no control characters
QRegularExpression schema();                    // 0, 1, * and spaces
QRegularExpression bitString();                 // 0 and 1, at most 64
QRegularExpression bits();                      // 1..16 (bits per term)

// Filters: a keystroke that does not fit the pattern is refused (paths, bits, the Gray converter).
QRegularExpressionValidator* make(const QRegularExpression& re, QObject* parent);

// Never swallows a keystroke: text the pattern matches is Acceptable, any other printable text
// stays in the field as Intermediate (QLineEdit::hasAcceptableInput() false), so the panel shows
// it shaded with the reason ("-3", "1.5" in a probability) instead of silently refusing it.
class ShapeValidator : public QValidator {
public:
    ShapeValidator(const QRegularExpression& re, QObject* parent);
    State validate(QString& input, int& pos) const override;

private:
    QRegularExpression re_;  // anchored
};
ShapeValidator* shape(const QRegularExpression& re, QObject* parent);

} // namespace mf::ui::validators
