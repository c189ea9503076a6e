#pragma once
// How the panel shows what the rules said: an invalid field gets a red frame and its reason as
// tool tip (its help text comes back when it is valid again); the reasons of the fields that
// block a run are listed under the form, first the topmost. The rules themselves are the
// library's (ga::validateField, tuning's settings rules); nothing here decides what is valid.
// A greyed field's tool tip says why it is greyed, after its help.
#include <QString>
#include <QStringList>

class QLabel;
class QWidget;

namespace mf::ui {

class ValidationDisplay {
public:
    explicit ValidationDisplay(QWidget* parent);

    // Marks a field with `reason` (empty: valid). Only restyles on a change: called per keystroke.
    static void mark(QWidget* field, const QString& reason);
    static bool isMarked(const QWidget* field);
    // The help text of a field, shown as its tool tip while it is valid.
    static void setHelp(QWidget* field, const QString& help);
    // Greys a field (or not); while greyed its tool tip ends with why. A field without help text
    // keeps the tool tip it had as its help.
    static void setEnabled(QWidget* field, bool enabled, const QString& whyGreyed);
    static QString lockedDuringRun();  // why the panel's fields are greyed while a run goes on

    // The problems, then `more` (a problem found elsewhere, e.g. by the engine check).
    void showProblems(const QStringList& problems, const QString& more = {});
    QLabel* label() const { return label_; }

private:
    QLabel* label_ = nullptr;
};

} // namespace mf::ui
