#pragma once
// The panel's "Engine and suites" group: the engine with the arguments and fixed options it
// always runs with (the CLI's --engine-arg and --option) and whether its process is kept across
// weight changes (--keep-process), the EPD suite, the optional held-out
// suite and how often it is scored, and the autosave file. Each path has a browse button; typed
// paths are looked at through PathChecks once typing pauses.
#include <QGroupBox>
#include <QHash>

class QCheckBox;
class QFormLayout;
class QLineEdit;
class QPlainTextEdit;

namespace mf::ui {

class PathChecks;

class EngineSection : public QGroupBox {
    Q_OBJECT
public:
    EngineSection(PathChecks* checks, QWidget* parent = nullptr);

    QLineEdit* engineEdit() const { return engine_; }
    QLineEdit* argumentsEdit() const { return arguments_; }     // shell-like: quotes group words
    QPlainTextEdit* optionsEdit() const { return options_; }    // one Name=value per line
    QCheckBox* keepProcessBox() const { return keepProcess_; }  // tune --keep-process
    QLineEdit* suiteEdit() const { return suite_; }
    QLineEdit* heldOutEdit() const { return heldOut_; }
    QLineEdit* heldOutEveryEdit() const { return heldOutEvery_; }
    QLineEdit* autosaveEdit() const { return autosave_; }
    // Writes a field without it counting as an edit (defaults, an opened file's settings).
    void write(QLineEdit* edit, const QString& text);
    void writeOptions(const QString& text);
    void writeKeepProcess(bool keep);
    void setLocked(bool locked);
    // Whether the measure uses the EPD suites (solved, points); unused ones are greyed with `why`.
    void setSuitesUsed(bool used, const QString& why);

signals:
    void edited();  // any field changed by the user (typed, pasted or browsed)

private:
    void addEngineRows(QFormLayout* form);
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, const QString& objectName, const QString& filter,
                          const QString& tip, bool forWriting = false);

    PathChecks* checks_;
    QLineEdit* engine_ = nullptr;
    QLineEdit* arguments_ = nullptr;
    QPlainTextEdit* options_ = nullptr;
    QCheckBox* keepProcess_ = nullptr;
    QLineEdit* suite_ = nullptr;
    QLineEdit* heldOut_ = nullptr;
    QLineEdit* heldOutEvery_ = nullptr;
    QLineEdit* autosave_ = nullptr;
    void applyEnabled();

    QHash<QLineEdit*, QWidget*> rows_;  // a path's edit and browse button
    bool writing_ = false;
    bool locked_ = false;
    bool suitesUsed_ = true;
    QString unusedWhy_;
};

} // namespace mf::ui
