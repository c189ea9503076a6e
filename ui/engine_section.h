#pragma once
// The panel's "Engine and suites" group: the engine, the EPD suite, the optional held-out suite
// and how often it is scored, and the autosave file. Each path has a browse button; typed paths
// are looked at through PathChecks once typing pauses.
#include <QGroupBox>

class QFormLayout;
class QLineEdit;

namespace mf::ui {

class PathChecks;

class EngineSection : public QGroupBox {
    Q_OBJECT
public:
    EngineSection(PathChecks* checks, QWidget* parent = nullptr);

    QLineEdit* engineEdit() const { return engine_; }
    QLineEdit* suiteEdit() const { return suite_; }
    QLineEdit* heldOutEdit() const { return heldOut_; }
    QLineEdit* heldOutEveryEdit() const { return heldOutEvery_; }
    QLineEdit* autosaveEdit() const { return autosave_; }
    // Writes a field without it counting as an edit (defaults, an opened file's settings).
    void write(QLineEdit* edit, const QString& text);
    void setLocked(bool locked);

signals:
    void edited();  // any field changed by the user (typed, pasted or browsed)

private:
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, const QString& objectName, const QString& filter,
                          const QString& tip, bool forWriting = false);

    PathChecks* checks_;
    QLineEdit* engine_ = nullptr;
    QLineEdit* suite_ = nullptr;
    QLineEdit* heldOut_ = nullptr;
    QLineEdit* heldOutEvery_ = nullptr;
    QLineEdit* autosave_ = nullptr;
    bool writing_ = false;
};

} // namespace mf::ui
