#pragma once
// A file path as a form row: the line edit (with a clear button) and a browse button beside it
// that opens a file dialog and puts the chosen path in the edit (textChanged reports it). Every
// path field of the panel is one of these, so each can be typed or browsed.
#include <QString>

class QFormLayout;
class QLineEdit;
class QToolButton;
class QWidget;

namespace mf::ui {

struct PathRow {
    QLineEdit* edit = nullptr;
    QToolButton* browse = nullptr;
    QWidget* row = nullptr;  // the edit and the button, the form's field
};

enum class PathUse { Read, Write };

// Adds the row to `form`. `filter` as for QFileDialog ("EPD (*.epd);;All files (*)").
PathRow addPathRow(QFormLayout* form, const QString& label, const QString& objectName, const QString& filter,
                   const QString& tip, PathUse use = PathUse::Read);

} // namespace mf::ui
