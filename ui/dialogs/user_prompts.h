#pragma once
// Every question the window asks the user, in one place so tests (and --screenshot) can answer
// them: message boxes, and where a population is saved when it has no file yet.
#include <QMessageBox>
#include <QString>

#include <functional>

class QWidget;

namespace mf::ui {

class UserPrompts {
public:
    using Asker = std::function<QMessageBox::StandardButton(const QString& title, const QString& text,
                                                            QMessageBox::StandardButtons buttons)>;
    using SavePathChooser = std::function<QString()>;  // "" = cancelled

    explicit UserPrompts(QWidget* parent) : parent_(parent) {}
    void setAsker(Asker asker) { asker_ = std::move(asker); }
    void setSavePathChooser(SavePathChooser chooser) { savePathChooser_ = std::move(chooser); }
    void setExportPathChooser(SavePathChooser chooser) { exportPathChooser_ = std::move(chooser); }

    // Ok alone is a warning; other buttons a question.
    QMessageBox::StandardButton ask(const QString& title, const QString& text, QMessageBox::StandardButtons buttons);
    // A population file to write ("" when cancelled): the chooser, else a file dialog that adds
    // the .mfpop extension to a name without one and remembers the folder.
    QString chooseSavePath();
    // A population file to read ("" when cancelled), from the folder used last.
    QString chooseOpenPath();
    // Where Export writes the run's pick ("" when cancelled): the chooser, else a file dialog; a
    // path ending in .options is a MateFind options file, any other setoption lines (.uci added
    // to a name without an extension).
    QString chooseExportPath();

    // One extension everywhere: Save adds .mfpop (as the CLI and autosave write) to a name without
    // one; Open lists .mfpop and the older .pop files.
    static const QString& populationExtension();  // "mfpop"
    static QString populationFilter();            // the file dialogs' filter

private:
    QWidget* parent_;
    Asker asker_;
    SavePathChooser savePathChooser_;
    SavePathChooser exportPathChooser_;
};

} // namespace mf::ui
