#pragma once
// The window's actions (text, shortcut, icon, tip) and where they appear: the File, Run, View and
// Tools menus and the Run tool bar. What they do is wired by the window; when they are enabled is
// MainWindow::updateActions.
#include <QObject>

class QAction;
class QComboBox;
class QMainWindow;
class QMenu;

namespace mf::ui {

class WindowActions : public QObject {
    Q_OBJECT
public:
    explicit WindowActions(QMainWindow* window);

    // The menus and the tool bar (the View menu lists the tool bar; docks are added to it later).
    void addMenus(QMainWindow* window);
    // Pause and Resume are one action: its text, icon and tip follow the run.
    void showPauseAs(bool resume);

    QAction* start = nullptr;
    QAction* pause = nullptr;
    QAction* stop = nullptr;
    QAction* fight = nullptr;
    QAction* open = nullptr;
    QAction* save = nullptr;
    QAction* saveAs = nullptr;
    QAction* print = nullptr;
    QAction* preview = nullptr;
    QAction* console = nullptr;
    QAction* exportBest = nullptr;
    // Fills the Match tab with the run's pick against its start values (Start match plays it).
    QAction* matchPick = nullptr;
    QAction* newRun = nullptr;  // File > New run: a clean panel with the defaults
    QAction* gray = nullptr;
    QAction* probeEngine = nullptr;
    QAction* genomeFromEngine = nullptr;
    QAction* quit = nullptr;
    // After a fight: which lane's population Save, Print and Export use (in the tool bar,
    // shown only while there are lanes).
    QComboBox* lanePicker = nullptr;
    QAction* laneAction = nullptr;
    QMenu* recentMenu = nullptr;
    QMenu* presetMenu = nullptr;  // File > New run from preset (the window fills it)
    QMenu* viewMenu = nullptr;

private:
    QMainWindow* window_;
};

} // namespace mf::ui
