#pragma once
// The workbench window: parameters on the left, charts / population / schema in the middle,
// live statistics on the right, the engine log below. The window builds itself and wires the
// parts that do the work:
//   RunSession          a run's life: start / fight / pause / stop, and what the controller reports;
//   PopulationDocument  the shown population: its file, unsaved changes, open / save, file jobs;
//   ReportActions       print, preview, console report and export of the best;
//   WindowActions       the actions, menus and tool bar;  StatusLine  the status bar (run state
//                       in a permanent widget: tool tips shown there never hide it);
//   WindowSettings      what is remembered between sessions;  UserPrompts  every question asked;
//   MatchPanel          the Match tab: games between two sides, off the GUI thread;
//   DataPanel           the Data tab: labelled positions from self-play, as make-dataset makes them.
// One evaluator factory (WindowOptions::factory) serves the runs and the reports alike.
#include "ui/models/run_types.h"
#include "ui/dialogs/user_prompts.h"

#include "evolution/tuning/run/run_controller.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QMessageBox>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QDockWidget;
class QTabWidget;

namespace mf::ui {

class EngineCheck;
class EngineLogView;
class EngineProbeDialog;
class GenomeFromEngineDialog;
class FitnessCharts;
class GrayConverter;
class MatchPanel;
class DataPanel;
class ParameterPanel;
class PopulationDocument;
class PopulationModel;
class PopulationViews;
class PsqtPanel;
class ReportActions;
class RunBridge;
class RunSession;
class SchemaPanel;
class StatisticsPanel;
class StatusLine;
class WindowActions;

struct WindowOptions {
    QString binDir;                     // where the bundled engine is; the data is in ../share/matefind
    tuning::EvaluatorFactory factory;   // empty: engines of this machine (tuning::localEvaluatorFactory)
    bool restoreSettings = true;        // layout and last choices from QSettings
};

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(const WindowOptions& options, QWidget* parent = nullptr);
    ~MainWindow() override;

    // Questions to the user go through here so tests can answer them.
    using Asker = UserPrompts::Asker;
    void setAsker(Asker asker) { prompts_->setAsker(std::move(asker)); }
    // Where Save goes when the population has no file yet (default: a file dialog; "" = cancelled).
    using SavePathChooser = UserPrompts::SavePathChooser;
    void setSavePathChooser(SavePathChooser chooser) { prompts_->setSavePathChooser(std::move(chooser)); }
    // Where Export writes (default: a file dialog); a path ending in .options is an options file.
    void setExportPathChooser(SavePathChooser chooser) { prompts_->setExportPathChooser(std::move(chooser)); }

    // What the File actions do after their dialogs (tests call these directly). Asynchronous:
    // the file is read/written on a worker thread; fileDone() reports the outcome.
    void openFile(const QString& path);
    void saveTo(const QString& path);
    // File > New run from preset: the preset's settings in the panel (the panel's own data files
    // kept, so a recipe runs on positions made in the Data tab); asks first when a run is unsaved.
    void applyPreset(const QString& name);
    // File > New run: no population, the panel at the bundled defaults (what a first start shows,
    // without the last session's choices); asks first when a run is unsaved.
    void newRun();
    QAction* newRunAction() const;
    QAction* exportAction() const;
    QAction* matchPickAction() const;
    // Evaluations to the console (File menu): scores every member off the GUI thread, then
    // writes the report to stdout and emits reportReady.
    void makeConsoleReport();
    QAction* previewAction() const;
    // Tools: the engine dialog (what `matefind-cli probe` says) and "Genome from engine…" for the
    // panel's engine; opened window-modal, returned for tests. Accepting the genome dialog puts
    // its genome into the panel.
    EngineProbeDialog* openEngineProbe();
    GenomeFromEngineDialog* openGenomeFromEngine();
    EngineCheck* engineCheck() const { return engineCheck_; }

    ParameterPanel* parameters() const { return panel_; }
    SchemaPanel* schemaPanel() const { return schema_; }
    PsqtPanel* psqtPanel() const { return psqt_; }
    StatisticsPanel* statistics() const { return stats_; }
    FitnessCharts* charts() const { return charts_; }
    PopulationModel* populationModel() const { return population_; }
    RunBridge* bridge() const { return bridge_; }
    GrayConverter* grayConverter() const { return gray_; }
    EngineLogView* engineLog() const { return log_; }
    MatchPanel* matchPanel() const { return match_; }
    DataPanel* dataPanel() const { return data_; }
    QAction* startAction() const;
    QAction* pauseAction() const;
    QAction* stopAction() const;
    QAction* fightAction() const;
    QAction* saveAction() const;
    QString currentFile() const;
    // The population the window shows: last completed generation, or the opened file.
    const std::optional<ga::RunState>& currentState() const;
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
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // The frame (main_window_layout.cpp).
    void createCentre();
    void createDocks();
    void fitToScreen();  // the first-run size and dock widths
    void keepDocksUsable();  // side docks squeezed by a smaller window get their width back
    void createParts();
    void connectActions();
    void connectParts();
    void applyDefaults();
    void updateActions();
    void requestEngineCheck();  // once the panel's engine, genome or limit settle
    void updateTitle();
    void onOpened(const ga::RunState& state, const RunSettings& settings);
    void showLanes();  // the lane picker follows the document's lanes
    void onSessionChanged();
    // Closing (main_window_close.cpp).
    bool closeDuringRun();  // asks; true when the run is being stopped to close
    bool closeWhenSaved();  // false: the close waits (a save) or was cancelled

    WindowOptions options_;
    std::unique_ptr<UserPrompts> prompts_;
    WindowActions* actions_ = nullptr;
    RunBridge* bridge_ = nullptr;
    ParameterPanel* panel_ = nullptr;
    StatisticsPanel* stats_ = nullptr;
    FitnessCharts* charts_ = nullptr;
    SchemaPanel* schema_ = nullptr;
    PsqtPanel* psqt_ = nullptr;  // the piece-square tables tab, shown while the genome has them
    EngineLogView* log_ = nullptr;
    GrayConverter* gray_ = nullptr;
    MatchPanel* match_ = nullptr;  // the Match tab
    DataPanel* data_ = nullptr;    // the Data tab
    PopulationModel* population_ = nullptr;
    QTabWidget* centre_ = nullptr;
    QDockWidget* left_ = nullptr;
    QDockWidget* right_ = nullptr;
    QDockWidget* bottom_ = nullptr;
    bool layoutRestored_ = false;  // a saved geometry and dock layout were applied
    RunSettings defaults_;  // the panel with the bundled defaults, before the last session's choices
    bool shownOnce_ = false;
    QElapsedTimer shownAt_;  // since the first show: a window manager's maximize follows it
    StatusLine* status_ = nullptr;
    std::unique_ptr<PopulationViews> views_;
    PopulationDocument* document_ = nullptr;
    RunSession* session_ = nullptr;
    ReportActions* reports_ = nullptr;
    EngineCheck* engineCheck_ = nullptr;

    QString loggedBlock_;  // the engine check's reason last written to the run messages
    bool closeWhenIdle_ = false;
    // What the user answered when closing during a run, carried out once the run is idle.
    enum class CloseChoice { Ask, Save, Discard };
    CloseChoice closeChoice_ = CloseChoice::Ask;
    QString closeSavePath_;
    bool closeConfirmed_ = false;  // the unsaved-changes question was answered: close for real
    bool matchGamesAnswered_ = false;  // this close already asked about the match's games
    bool wasChecking_ = false;  // the engine check before a Start was under way
};

} // namespace mf::ui
