#include "ui/window/window_actions.h"

#include "ui/window/action_icons.h"

#include <QAction>
#include <QComboBox>
#include <QMainWindow>
#include <QMenuBar>
#include <QToolBar>

namespace mf::ui {

WindowActions::WindowActions(QMainWindow* window) : QObject(window), window_(window) {
    auto make = [window](const QString& text, const QKeySequence& key, const QString& tip, ActionIcon icon) {
        auto* a = new QAction(actionIcon(icon, window->style()), text, window);
        if (!key.isEmpty())
            a->setShortcut(key);
        a->setStatusTip(tip);
        a->setToolTip(tip + (key.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(key.toString())));
        a->setProperty("help", a->toolTip());
        return a;
    };
    start = make(tr("&Start"), QKeySequence(Qt::Key_F5), tr("Start a new run (or continue the opened file)"),
                 ActionIcon::Start);
    pause = make(tr("&Pause"), QKeySequence(Qt::Key_F6), tr("Pause the run: searches in flight finish"),
                 ActionIcon::Pause);
    stop = make(tr("S&top"), QKeySequence(Qt::SHIFT | Qt::Key_F5), tr("Stop the run; the last completed generation is kept"),
                ActionIcon::Stop);
    fight = make(tr("Multiselection &fight"), QKeySequence(Qt::Key_F7),
                 tr("Run all five selection types from the same start and compare them"), ActionIcon::Fight);
    newRun = make(tr("&New run"), QKeySequence::New,
                  tr("Start over: no population shown, the parameter panel at its defaults"), ActionIcon::Open);
    newRun->setIcon({});  // a menu entry: no tool bar button
    open = make(tr("&Open…"), QKeySequence::Open, tr("Open a population file"), ActionIcon::Open);
    save = make(tr("&Save"), QKeySequence::Save, tr("Save the population"), ActionIcon::Save);
    // Some platforms have no standard Save As key: Ctrl+Shift+S then, as most programs use.
    const QList<QKeySequence> saveAsKeys = QKeySequence::keyBindings(QKeySequence::SaveAs);
    saveAs = make(tr("Save &As…"),
                  saveAsKeys.isEmpty() ? QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S) : saveAsKeys.front(),
                  tr("Save the population to another file"), ActionIcon::SaveAs);
    print = make(tr("&Print evaluations…"), QKeySequence::Print,
                 tr("Score every chromosome and print the evaluations (printer or PDF)"), ActionIcon::Print);
    preview = make(tr("Print Pre&view…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
                   tr("Score every chromosome and preview the printed evaluations"), ActionIcon::Preview);
    console = make(tr("Evaluations to &console"), QKeySequence(),
                   tr("Score every chromosome and write the report to standard output"), ActionIcon::Console);
    exportBest = make(tr("&Export the pick as engine settings…"), QKeySequence(Qt::CTRL | Qt::Key_E),
                      tr("Write the run's pick (the values with the best held-out score it checked) as UCI setoption lines or a MateFind options file"),
                      ActionIcon::Export);
    matchPick = make(tr("&Match the pick against the start"), QKeySequence(Qt::CTRL | Qt::Key_M),
                     tr("Fill the Match tab with the run's pick against its start values (the run's limit); "
                        "Start match plays it: does the pick win games, not only E?"),
                     ActionIcon::Fight);
    gray = make(tr("&Gray converter"), QKeySequence(Qt::CTRL | Qt::Key_G), tr("Convert between decimal and Gray code"),
                ActionIcon::Gray);
    // Menu entries only (no tool bar button, so no icon).
    auto plain = [window](const QString& text, const QString& tip) {
        auto* a = new QAction(text, window);
        a->setStatusTip(tip);
        a->setToolTip(tip);
        return a;
    };
    probeEngine = plain(tr("&Engine…"),
                        tr("The panel's engine: its name, spin options, speed, and which limit modes it honours"));
    genomeFromEngine =
        plain(tr("Genome from &engine…"),
              tr("Make the genome from the engine's spin options: tick the ones to tune, bits per term"));
    quit = make(tr("&Quit"), QKeySequence::Quit, tr("Close the workbench"), ActionIcon::Quit);
}

void WindowActions::addMenus(QMainWindow* window) {
    QMenu* file = window->menuBar()->addMenu(tr("&File"));
    file->addAction(newRun);
    file->addAction(open);
    recentMenu = file->addMenu(tr("Open &Recent"));
    presetMenu = file->addMenu(tr("New run from &preset"));
    presetMenu->setObjectName(QStringLiteral("presetMenu"));
    file->addActions({save, saveAs});
    file->addSeparator();
    file->addActions({print, preview, console, exportBest});
    file->addSeparator();
    file->addAction(quit);

    QMenu* run = window->menuBar()->addMenu(tr("&Run"));
    run->addActions({start, pause, stop});
    run->addSeparator();
    run->addAction(fight);
    run->addSeparator();
    run->addAction(matchPick);

    viewMenu = window->menuBar()->addMenu(tr("&View"));
    QMenu* tools = window->menuBar()->addMenu(tr("&Tools"));
    tools->addActions({probeEngine, genomeFromEngine});
    tools->addSeparator();
    tools->addAction(gray);

    // The tool bar's buttons say it short (the menus keep the whole wording): at 1280 px every
    // button, the fight's lane picker included, stays on the bar instead of its overflow.
    print->setIconText(tr("Print…"));
    exportBest->setIconText(tr("Export pick…"));
    matchPick->setIconText(tr("Match pick"));
    QToolBar* bar = window->addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addActions({start, pause, stop, fight});
    bar->addSeparator();
    bar->addActions({open, save, print, exportBest, matchPick});
    lanePicker = new QComboBox(bar);
    lanePicker->setObjectName(QStringLiteral("fightLane"));
    // About 22 letters wide, whatever the lanes' names: wider, it pushed the actions after it into
    // the tool bar's overflow (the list still shows each lane whole, its tooltip the wording).
    lanePicker->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    lanePicker->setMinimumContentsLength(22);
    lanePicker->setToolTip(tr("The fight's selection type whose last population is shown, saved, printed and "
                              "exported"));
    laneAction = bar->addWidget(lanePicker);
    laneAction->setVisible(false);
    bar->addSeparator();
    bar->addAction(gray);
    viewMenu->addAction(bar->toggleViewAction());
}

void WindowActions::showPauseAs(bool resume) {
    pause->setText(resume ? tr("&Resume") : tr("&Pause"));
    if (pause->property("resumeMode").toBool() != resume || pause->icon().isNull()) {
        pause->setIcon(actionIcon(resume ? ActionIcon::Resume : ActionIcon::Pause, window_->style()));
        pause->setProperty("resumeMode", resume);
    }
    pause->setToolTip(resume ? tr("Resume the run exactly where it paused (F6)")
                             : tr("Pause the run: searches in flight finish (F6)"));
}

} // namespace mf::ui
