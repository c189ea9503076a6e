#pragma once
// The workbench window: parameters on the left, charts / population / schema in the middle,
// live statistics on the right, the engine log below. Run control follows the controller's
// status as delivered by RunBridge; files are read and written off the GUI thread.
#include "ui/run_types.h"

#include "evolution/tuning/run_controller.h"

#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <optional>

class QAction;
class QLabel;
class QProgressBar;
class QSortFilterProxyModel;
class QTabWidget;
class QTimer;
class QTableView;

namespace mf::ui {

class EngineLogView;
class FitnessCharts;
class GrayConverter;
class ParameterPanel;
class PopulationModel;
class RecentFiles;
class ReportJob;
class RunBridge;
class SchemaPanel;
class StatisticsPanel;

struct WindowOptions {
    QString binDir;                     // where the bundled engine is; the data is in ../share/matefind
    tuning::EvaluatorFactory factory;   // empty: engines of this machine (LocalEvaluator)
    bool restoreSettings = true;        // layout and last choices from QSettings
};

class MainWindow : public QMainWindow {
    Q_OBJECT
    enum class ReportTarget { Printer, Preview, Console };

public:
    explicit MainWindow(const WindowOptions& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Questions to the user go through here so tests can answer them.
    using Asker = std::function<QMessageBox::StandardButton(const QString& title, const QString& text,
                                                            QMessageBox::StandardButtons buttons)>;
    void setAsker(Asker asker) { asker_ = std::move(asker); }
    // Where Save goes when the population has no file yet (default: a file dialog; "" = cancelled).
    using SavePathChooser = std::function<QString()>;
    void setSavePathChooser(SavePathChooser chooser) { savePathChooser_ = std::move(chooser); }

    // What the File actions do after their dialogs (tests call these directly). Asynchronous:
    // the file is read/written on a worker thread; fileDone() reports the outcome.
    void openFile(const QString& path);
    void saveTo(const QString& path);
    // Evaluations to the console (File menu): scores every member off the GUI thread, then
    // writes the report to stdout and emits reportReady.
    void makeConsoleReport() { makeReport(ReportTarget::Console); }
    QAction* previewAction() const { return previewAction_; }

    ParameterPanel* parameters() const { return panel_; }
    SchemaPanel* schemaPanel() const { return schema_; }
    StatisticsPanel* statistics() const { return stats_; }
    FitnessCharts* charts() const { return charts_; }
    PopulationModel* populationModel() const { return population_; }
    RunBridge* bridge() const { return bridge_; }
    GrayConverter* grayConverter() const { return gray_; }
    EngineLogView* engineLog() const { return log_; }
    QAction* startAction() const { return startAction_; }
    QAction* pauseAction() const { return pauseAction_; }
    QAction* stopAction() const { return stopAction_; }
    QAction* fightAction() const { return fightAction_; }
    QAction* saveAction() const { return saveAction_; }
    QString currentFile() const { return filePath_; }
    // The population the window shows: last completed generation, or the opened file.
    const std::optional<ga::RunState>& currentState() const { return state_; }
    QString statusText() const;
    // The one place for passing messages and why Start is disabled (beside the run status, never
    // over it: QStatusBar's temporary messages drew on top of the status label).
    QString noteText() const;

signals:
    void fileDone(bool ok, const QString& message);
    void reportReady(const QString& report);  // after Print / Preview / console scoring
    void previewShown(QWidget* dialog);        // the Print Preview dialog is open (closes itself)

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void createActions();
    void createMenus();
    void createDocks();
    void updateActions();
    void updateTitle();
    void setDirty(bool dirty);
    void showNote(const QString& text, int timeoutMs = 0);  // 0: until replaced
    bool prepareAutosave(const RunSettings& settings);     // false: its folder cannot be made
    bool isAutosaveFile(const QString& path) const;

    void startRun();
    void startFight();
    void togglePause();
    void stopRun();
    void onStatus(const tuning::StatusChange& change);
    void onProgress(const tuning::RunProgress& progress);
    void onGeneration(const tuning::GenerationReport& report);
    void onFightRound(const tuning::FightRound& round);
    void showState(const ga::RunState& state);

    void openDialog();
    bool save();     // false when the user cancelled a dialog
    bool saveAs();
    void writeState(const QString& path, std::function<void(bool)> then);
    // Unsaved population: Save / Discard / Cancel; `what` says what happens to it ("a new run
    // replaces it"). `proceed` runs when the window may go on: at once, or after the file is written.
    void maybeSave(const QString& what, std::function<void()> proceed);
    QString chooseSavePath();  // "" when the user cancelled
    void dropPopulation();     // a new run or fight replaces the shown population

    void makeReport(ReportTarget target);
    void deliverReport(const QString& report, ReportTarget target);
    void exportBest();

    QMessageBox::StandardButton ask(const QString& title, const QString& text, QMessageBox::StandardButtons buttons);
    void saveWindowSettings();

    WindowOptions options_;
    Asker asker_;
    SavePathChooser savePathChooser_;
    RunBridge* bridge_ = nullptr;
    ReportJob* reportJob_ = nullptr;
    ParameterPanel* panel_ = nullptr;
    StatisticsPanel* stats_ = nullptr;
    FitnessCharts* charts_ = nullptr;
    SchemaPanel* schema_ = nullptr;
    EngineLogView* log_ = nullptr;
    GrayConverter* gray_ = nullptr;
    PopulationModel* population_ = nullptr;
    QSortFilterProxyModel* populationSort_ = nullptr;
    QTableView* populationView_ = nullptr;
    QTabWidget* centre_ = nullptr;
    RecentFiles* recent_ = nullptr;

    QAction* startAction_ = nullptr;
    QAction* pauseAction_ = nullptr;
    QAction* stopAction_ = nullptr;
    QAction* fightAction_ = nullptr;
    QAction* openAction_ = nullptr;
    QAction* saveAction_ = nullptr;
    QAction* saveAsAction_ = nullptr;
    QAction* printAction_ = nullptr;
    QAction* previewAction_ = nullptr;
    QAction* consoleAction_ = nullptr;
    QAction* exportAction_ = nullptr;
    QAction* grayAction_ = nullptr;
    QAction* quitAction_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QMenu* viewMenu_ = nullptr;

    QLabel* statusLabel_ = nullptr;
    QProgressBar* progressBar_ = nullptr;
    QLabel* etaLabel_ = nullptr;
    QLabel* noteLabel_ = nullptr;
    QTimer* noteTimer_ = nullptr;

    std::optional<ga::RunState> state_;       // shown population (evaluated) with its parameters
    std::optional<ga::RunState> toContinue_;  // an opened file: Start continues it
    RunSettings runSettings_;                 // of the run in flight (genome for decoding)
    QString filePath_;
    bool dirty_ = false;
    bool closeWhenIdle_ = false;
    // What the user answered when closing during a run, carried out once the run is idle.
    enum class CloseChoice { Ask, Save, Discard };
    CloseChoice closeChoice_ = CloseChoice::Ask;
    QString closeSavePath_;
    bool closeConfirmed_ = false;  // the unsaved-changes question was answered: close for real
    int fileJobs_ = 0;
    std::optional<ReportTarget> reportTarget_;
    std::optional<ga::RunState> reportState_;  // what the report in the making scores, with what
    RunSettings reportSettings_;
};

} // namespace mf::ui
