#pragma once
// Every parameter of a run in one panel. Text inputs are filtered by regular-expression validators
// (shape); ranges and cross-field rules come from mf_ga's validateField/validate, so the window,
// the CLI and population files agree on what is valid. An invalid field is marked and its reason
// is shown; the main window keeps Start disabled while problems() is not empty.
#include "ui/genome_model.h"
#include "ui/run_types.h"

#include <QHash>
#include <QSet>
#include <QStringList>
#include <QWidget>

class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSettings;
class QSpinBox;
class QTableView;
class QTimer;

namespace mf::ui {

class ParameterPanel : public QWidget {
    Q_OBJECT
public:
    explicit ParameterPanel(QWidget* parent = nullptr);

    // The bundled defaults: engine, suites and genome preset (a missing preset leaves the genome
    // empty and says so in problems()).
    void setDefaults(const QString& enginePath, const QString& suitePath, const QString& heldOutPath,
                     const QString& genomePresetPath);

    RunSettings settings() const;
    void setSettings(const RunSettings& settings);  // e.g. after opening a population file

    // Human-readable reasons why a run cannot start, first the GA fields in panel order.
    QStringList problems() const { return problems_; }
    bool isValid() const { return problems_.isEmpty(); }

    // While a run is going nothing can change: the running controller owns its copy.
    void setLocked(bool locked);
    bool isLocked() const { return locked_; }

    // The engine and suite files are looked at when their path changes (typed paths once typing
    // pauses), never on other keystrokes; this looks at them again (before a run, after one).
    void recheckFiles();
    static constexpr int kPathSettleMs = 300;

    void saveChoices(QSettings& settings) const;
    void restoreChoices(const QSettings& settings);

    // For tests and the main window: the line edit of a GA field (nullptr for combo fields).
    QLineEdit* edit(ga::Field field) const { return edits_.value(field, nullptr); }
    QLineEdit* engineEdit() const { return engineEdit_; }
    QLineEdit* suiteEdit() const { return suiteEdit_; }
    QLineEdit* autosaveEdit() const { return autosaveEdit_; }
    // Where a run autosaves unless the user chose otherwise: autosave.mfpop in the application's
    // data folder ($XDG_DATA_HOME/MateFind/matefind on Linux).
    static QString defaultAutosavePath();
    QComboBox* selectionCombo() const { return selectionCombo_; }
    GenomeModel* genomeModel() const { return genomeModel_; }
    QLabel* problemLabel() const { return problemLabel_; }
    QLabel* lengthLabel() const { return lengthLabel_; }

signals:
    void validityChanged();   // problems() may have changed
    void settingsChanged();   // any value changed (unsaved-changes tracking, schema length)

private:
    QLineEdit* addEdit(QFormLayout* form, ga::Field field, const QString& label, const QRegularExpression& re,
                       const QString& tip);
    QLineEdit* addPathRow(QFormLayout* form, const QString& label, const QString& objectName,
                          const QString& filter, const QString& tip, bool forWriting = false);
    void onFieldEdited(ga::Field field);
    void onSelectionChanged();
    void onLimitKindChanged();
    void loadGenomePreset(const QString& path);
    void writeFieldsFrom(const ga::Parameters& p);
    void revalidate();
    QString fileProblem(const QString& path, const QString& what, bool required, bool executable) const;
    QString outputProblem(const QString& path, const QString& what) const;

    ga::Parameters params_;
    QHash<ga::Field, QLineEdit*> edits_;
    QFormLayout* gaForm_ = nullptr;
    QComboBox* selectionCombo_ = nullptr;
    QComboBox* limitKindCombo_ = nullptr;
    QLineEdit* workersEdit_ = nullptr;
    QLineEdit* heldOutEveryEdit_ = nullptr;
    QComboBox* measureCombo_ = nullptr;
    QLineEdit* engineEdit_ = nullptr;
    QLineEdit* suiteEdit_ = nullptr;
    QLineEdit* heldOutEdit_ = nullptr;
    QLineEdit* autosaveEdit_ = nullptr;
    QLabel* limitUnitLabel_ = nullptr;
    GenomeModel* genomeModel_ = nullptr;
    QTableView* genomeView_ = nullptr;
    QLabel* lengthLabel_ = nullptr;
    QLabel* problemLabel_ = nullptr;
    QString genomeProblem_;
    QStringList problems_;
    bool locked_ = false;
    bool updating_ = false;
    struct PathCheck {
        QString path;     // the text the check was made for
        QString reason;   // empty: fine
        bool checked = false;
    };
    QHash<QLineEdit*, PathCheck> pathChecks_;
    QSet<QLineEdit*> typedPaths_;   // typed since the last look: checked when the timer fires
    QTimer* pathTimer_ = nullptr;  // writing fields programmatically: don't treat as user edits
};

} // namespace mf::ui
