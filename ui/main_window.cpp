#include "ui/main_window.h"

#include "ui/action_icons.h"
#include "ui/engine_check.h"
#include "ui/engine_log_view.h"
#include "ui/engine_probe_dialog.h"
#include "ui/genome_from_engine_dialog.h"
#include "ui/evaluation_report.h"
#include "ui/fitness_charts.h"
#include "ui/gray_converter.h"
#include "ui/match_panel.h"
#include "ui/parameter_panel.h"
#include "ui/population_document.h"
#include "ui/population_model.h"
#include "ui/population_views.h"
#include "ui/report_actions.h"
#include "ui/run_bridge.h"
#include "ui/run_session.h"
#include "ui/schema_panel.h"
#include "ui/statistics_panel.h"
#include "ui/status_line.h"
#include "ui/window_actions.h"
#include "ui/window_settings.h"

#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/engine_genome.h"
#include "evolution/tuning/installed_paths.h"
#include "evolution/tuning/local_evaluator.h"

#include <QAction>
#include <QCloseEvent>
#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QScreen>
#include <QScrollArea>
#include <QShowEvent>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>

#include <algorithm>
#include <memory>
#include <utility>

namespace mf::ui {

namespace {
QString toQ(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }
} // namespace

MainWindow::MainWindow(const WindowOptions& options, QWidget* parent)
    : QMainWindow(parent), options_(options), prompts_(std::make_unique<UserPrompts>(this)) {
    setObjectName(QStringLiteral("matefindWindow"));
    setWindowIcon(applicationIcon());
    // One factory for everything that scores: the run, its held-out checks and the reports.
    const tuning::EvaluatorFactory factory = options_.factory ? options_.factory : tuning::localEvaluatorFactory();
    bridge_ = new RunBridge(factory, this);
    createCentre();
    gray_ = new GrayConverter(this);
    gray_->hide();
    actions_ = new WindowActions(this);
    actions_->addMenus(this);
    createDocks();
    status_ = new StatusLine(statusBar());
    createParts();
    reports_ = new ReportActions({new ReportJob(factory, this), document_, panel_, status_, log_, this}, this);
    applyDefaults();
    connectActions();
    connectParts();

    const RunSettings s = panel_->settings();
    schema_->setGenome(s.genome, s.parameters.pk, s.parameters.pm);
    charts_->clear(s.genome);
    updateTitle();
    updateActions();
    requestEngineCheck();
}

MainWindow::~MainWindow() = default;  // the document waits for its file jobs

void MainWindow::createCentre() {
    centre_ = new QTabWidget(this);
    centre_->setObjectName(QStringLiteral("centreTabs"));
    charts_ = new FitnessCharts(centre_);
    centre_->addTab(charts_, tr("&Charts"));
    population_ = new PopulationModel(this);
    auto* sort = new QSortFilterProxyModel(this);
    sort->setSourceModel(population_);
    sort->setSortRole(PopulationModel::SortRole);
    auto* view = new QTableView(centre_);
    view->setObjectName(QStringLiteral("populationTable"));
    view->setModel(sort);
    view->setSortingEnabled(true);
    view->sortByColumn(PopulationModel::Rank, Qt::AscendingOrder);
    view->verticalHeader()->hide();
    view->setAlternatingRowColors(true);
    view->horizontalHeader()->setStretchLastSection(true);
    view->setSelectionBehavior(QAbstractItemView::SelectRows);
    centre_->addTab(view, tr("&Population"));
    // Narrow numeric columns; the bits column takes the rest. Once per new shape, not per generation.
    connect(population_, &QAbstractItemModel::modelReset, view, &QTableView::resizeColumnsToContents);
    schema_ = new SchemaPanel(centre_);
    centre_->addTab(schema_, tr("&Schema theorem"));
    setCentralWidget(centre_);
}

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        actions_->viewMenu->addAction(d->toggleViewAction());
        return d;
    };
    // Long forms scroll vertically, never sideways: the panels are made to fit their docks'
    // width (fields wrap below their labels when narrow), so the horizontal bar stays off.
    auto vertical = [](QWidget* content, const QString& name) {
        auto* scroll = new QScrollArea;
        scroll->setObjectName(name);
        scroll->setWidget(content);
        scroll->setWidgetResizable(true);
        scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        scroll->setFrameShape(QFrame::NoFrame);
        return scroll;
    };
    panel_ = new ParameterPanel;
    left_ = dock(tr("Parameters"), QStringLiteral("parametersDock"), vertical(panel_, QStringLiteral("parametersScroll")),
                 Qt::LeftDockWidgetArea);
    stats_ = new StatisticsPanel;
    right_ = dock(tr("Statistics"), QStringLiteral("statisticsDock"), vertical(stats_, QStringLiteral("statisticsScroll")),
                  Qt::RightDockWidgetArea);
    // The side docks run the full height (the engine log sits between them): the forms get the
    // rows a short screen has.
    setCorner(Qt::BottomLeftCorner, Qt::LeftDockWidgetArea);
    setCorner(Qt::BottomRightCorner, Qt::RightDockWidgetArea);
    log_ = new EngineLogView;
    bottom_ = dock(tr("Engine log"), QStringLiteral("engineLogDock"), log_, Qt::BottomDockWidgetArea);
}

void MainWindow::fitToScreen() {
    // First run (no saved layout): most of the screen, and docks in proportion to it, so a
    // 1280 x 720 laptop and a 1920 x 1080 desktop both start with every panel readable.
    const QRect screen = this->screen() ? this->screen()->availableGeometry() : QRect(0, 0, 1366, 768);
    if (!testAttribute(Qt::WA_Resized)) {  // a size asked for before show() is kept
        resize(std::min(screen.width(), std::max(1024, screen.width() * 9 / 10)),
               std::min(screen.height(), std::max(640, screen.height() * 9 / 10)));
        // A laptop screen has no room to spare around the window.
        if (screen.width() < 1600 || screen.height() < 900)
            setWindowState(windowState() | Qt::WindowMaximized);
    }
    const int w = width();
    resizeDocks({left_, right_}, {std::clamp(w * 30 / 100, 340, 520), std::clamp(w * 21 / 100, 250, 380)},
                Qt::Horizontal);
    resizeDocks({bottom_}, {std::clamp(height() / 5, 110, 220)}, Qt::Vertical);
}

void MainWindow::showEvent(QShowEvent* event) {
    QMainWindow::showEvent(event);
    if (!shownOnce_) {
        shownOnce_ = true;
        if (!layoutRestored_)
            fitToScreen();
    }
}

void MainWindow::createParts() {
    views_ = std::make_unique<PopulationViews>(charts_, stats_, population_, schema_);
    document_ = new PopulationDocument(prompts_.get(), actions_->recentMenu, [this] { return panel_->settings(); }, this);
    engineCheck_ = new EngineCheck(this);
    session_ = new RunSession({bridge_, panel_, document_, views_.get(), status_, log_, prompts_.get(), engineCheck_},
                              this);
    // The Match tab plays on the panel's engine, the document's best; Start waits for an idle run.
    const QString openings = toQ(tuning::bundledOpenings(options_.binDir.toStdString()));
    match_ = new MatchPanel({{[this] { return panel_->settings(); }, [this] { return &document_->state(); }}, openings,
                             prompts_.get(), [this] { return bridge_->isActive() || session_->isCheckingEngine(); }},
                            centre_);
    centre_->addTab(match_, tr("&Match"));
    connect(session_, &RunSession::changed, match_, &MatchPanel::refresh);
    connect(document_, &PopulationDocument::changed, match_, &MatchPanel::refresh);
    connect(panel_, &ParameterPanel::settingsChanged, match_, &MatchPanel::refresh);
}

void MainWindow::applyDefaults() {
    // Bundled defaults first, then the user's last choices on top (those that still exist).
    const std::filesystem::path bin = options_.binDir.toStdString();
    panel_->setDefaults(toQ(tuning::bundledEngine(bin)), toQ(tuning::bundledSuite(bin)),
                        toQ(tuning::bundledHeldOutSuite(bin)), toQ(tuning::bundledGenome(bin)));
    panel_->setDefaultData(toQ(tuning::bundledDataset(bin)), toQ(tuning::bundledHeldOutDataset(bin)));
    if (options_.restoreSettings)
        layoutRestored_ = WindowSettings(this, centre_, panel_).restore();
    if (panel_->suiteEdit()->text().isEmpty())
        log_->appendNote(tr("No bundled EPD suite found in %1: choose a suite file in the parameter panel.")
                             .arg(toQ(tuning::shareDir(bin) / "epd")));
}

void MainWindow::connectActions() {
    connect(actions_->start, &QAction::triggered, session_, &RunSession::startRun);
    connect(actions_->pause, &QAction::triggered, session_, &RunSession::togglePause);
    connect(actions_->stop, &QAction::triggered, session_, &RunSession::stop);
    connect(actions_->fight, &QAction::triggered, session_, &RunSession::startFight);
    connect(actions_->open, &QAction::triggered, this, [this] {
        if (!bridge_->isActive())
            document_->openDialog();
    });
    connect(actions_->save, &QAction::triggered, document_, &PopulationDocument::save);
    connect(actions_->saveAs, &QAction::triggered, document_, &PopulationDocument::saveAs);
    using T = ReportActions::Target;
    connect(actions_->print, &QAction::triggered, this, [this] { reports_->makeReport(T::Printer); });
    connect(actions_->preview, &QAction::triggered, this, [this] { reports_->makeReport(T::Preview); });
    connect(actions_->console, &QAction::triggered, this, [this] { reports_->makeReport(T::Console); });
    connect(actions_->exportBest, &QAction::triggered, reports_, &ReportActions::exportBest);
    connect(actions_->gray, &QAction::triggered, this, [this] {
        gray_->show();
        gray_->raise();
        gray_->activateWindow();
    });
    connect(actions_->probeEngine, &QAction::triggered, this, &MainWindow::openEngineProbe);
    connect(actions_->genomeFromEngine, &QAction::triggered, this, &MainWindow::openGenomeFromEngine);
    connect(actions_->quit, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::connectParts() {
    connect(session_, &RunSession::changed, this, [this] {
        updateActions();
        if (closeWhenIdle_ && !bridge_->isActive())
            close();
    });
    connect(document_, &PopulationDocument::changed, this, [this] {
        updateTitle();
        updateActions();
    });
    connect(document_, &PopulationDocument::opened, this, &MainWindow::onOpened);
    connect(document_, &PopulationDocument::lanesChanged, this, &MainWindow::showLanes);
    connect(actions_->lanePicker, &QComboBox::activated, this, [this](int lane) {
        document_->chooseLane(lane);
        if (document_->state())
            views_->showState(*document_->state());  // the fight's leader keeps its round statistics
    });
    connect(document_, &PopulationDocument::fileDone, this, &MainWindow::fileDone);
    connect(document_, &PopulationDocument::note, status_, &StatusLine::showNote);
    connect(document_, &PopulationDocument::logNote, log_, &EngineLogView::appendNote);
    connect(reports_, &ReportActions::changed, this, &MainWindow::updateActions);
    connect(reports_, &ReportActions::reportReady, this, &MainWindow::reportReady);
    connect(reports_, &ReportActions::previewShown, this, &MainWindow::previewShown);
    connect(status_, &StatusLine::noteExpired, this, &MainWindow::updateActions);  // a reason Start is disabled comes back
    connect(panel_, &ParameterPanel::validityChanged, this, [this] {
        updateActions();
        requestEngineCheck();
    });
    connect(panel_, &ParameterPanel::settingsChanged, this, [this] {
        const RunSettings s = panel_->settings();
        schema_->setGenome(s.genome, s.parameters.pk, s.parameters.pm);
        requestEngineCheck();
    });
    connect(panel_, &ParameterPanel::genomeFromEngineRequested, this, &MainWindow::openGenomeFromEngine);
    connect(engineCheck_, &EngineCheck::answered, this, &MainWindow::updateActions);
    connect(match_, &MatchPanel::busyChanged, this, &MainWindow::updateActions);
}

void MainWindow::onOpened(const ga::RunState& state, const RunSettings& settings) {
    panel_->setSettings(settings);
    const QString problem = views_->showOpened(state);
    if (!problem.isEmpty())
        log_->appendNote(tr("%1: its generations' history does not read (%2); the charts show the file's last "
                            "generation only").arg(document_->filePath(), problem));
}

void MainWindow::showLanes() {
    const auto& lanes = document_->lanes();
    QComboBox* picker = actions_->lanePicker;
    const QSignalBlocker quiet(picker);
    picker->clear();
    for (const ga::FightLane& lane : lanes) {
        const std::string_view name = ga::selectionName(lane.type);
        const auto best = tuning::bestMember(lane.state);
        picker->addItem(tr("%1 lane, best %2")
                            .arg(QString::fromUtf8(name.data(), qsizetype(name.size())))
                            .arg(best ? lane.state.population[*best].fitness.value_or(0.0) : 0.0, 0, 'g', 6));
    }
    picker->setCurrentIndex(document_->currentLane());
    actions_->laneAction->setVisible(!lanes.empty());
}

void MainWindow::openFile(const QString& path) { document_->openFile(path); }
void MainWindow::saveTo(const QString& path) { document_->saveTo(path); }
void MainWindow::makeConsoleReport() { reports_->makeReport(ReportActions::Target::Console); }
QAction* MainWindow::previewAction() const { return actions_->preview; }

EngineProbeDialog* MainWindow::openEngineProbe() {
    auto* dialog = new EngineProbeDialog(tuning::engineConfigOf(panel_->settings().engine), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

GenomeFromEngineDialog* MainWindow::openGenomeFromEngine() {
    const RunSettings s = panel_->settings();
    auto* dialog = new GenomeFromEngineDialog(s.engine, s.genome, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (panel_->isLocked())
            return;  // a run started meanwhile: its genome cannot change
        panel_->genomeModel()->setGenome(dialog->genome());
        log_->appendNote(tr("genome made from the engine's options: %1 terms, m = %2 bits")
                             .arg(dialog->genome().size())
                             .arg(dialog->genome().length()));
    });
    dialog->open();
    return dialog;
}

void MainWindow::requestEngineCheck() {
    // Only settings that could run: an invalid panel already says why Start is disabled.
    if (!bridge_->isActive() && panel_->isValid())
        engineCheck_->request(panel_->settings());
}
QAction* MainWindow::startAction() const { return actions_->start; }
QAction* MainWindow::pauseAction() const { return actions_->pause; }
QAction* MainWindow::stopAction() const { return actions_->stop; }
QAction* MainWindow::fightAction() const { return actions_->fight; }
QAction* MainWindow::saveAction() const { return actions_->save; }
QString MainWindow::currentFile() const { return document_->filePath(); }
const std::optional<ga::RunState>& MainWindow::currentState() const { return document_->state(); }
QString MainWindow::statusText() const { return status_->statusText(); }
QString MainWindow::noteText() const { return status_->noteText(); }

void MainWindow::updateActions() {
    using S = tuning::RunStatus;
    const S s = bridge_->status();
    const bool active = bridge_->isActive();
    const bool valid = panel_->isValid();
    const bool busyFiles = document_->busy();
    const bool checking = session_->isCheckingEngine();
    QString why = valid ? QString() : tr("Cannot start: %1").arg(panel_->problems().value(0));
    QString blocked;
    if (valid && !active) {
        // The engine check's answer for these settings: an engine that does not start, or a genome
        // that does not fit its options, is known before Start is pressed.
        blocked = engineCheck_->blockingReason(panel_->settings());
        if (!blocked.isEmpty())
            why = tr("Cannot start: %1").arg(blocked);
        else if (match_->busy())
            why = tr("Cannot start: a match is being played in the Match tab (stop it there first)");
    }
    // The engine's answer is listed under the form too (the status bar may cut it), and said once
    // in the run messages.
    panel_->setEngineProblem(blocked.isEmpty() ? QString() : tr("Engine check: %1").arg(blocked));
    if (!blocked.isEmpty() && blocked != loggedBlock_)
        log_->appendNote(tr("cannot start: %1").arg(blocked));
    loggedBlock_ = blocked;
    const bool startable = !active && why.isEmpty() && !checking && !closeWhenIdle_;
    for (QAction* a : {actions_->start, actions_->fight}) {
        a->setEnabled(startable);
        // Hovering shows the status tip in the status bar: the reason, not the help, while it
        // is the reason that matters.
        const QString help = a->property("help").toString();
        a->setToolTip(why.isEmpty() ? help : why);
        a->setStatusTip(why.isEmpty() ? help : why);
    }
    const bool resumeMode = s == S::Pausing || s == S::Paused;
    actions_->pause->setEnabled(s == S::Running || resumeMode);
    actions_->showPauseAs(resumeMode);
    actions_->stop->setEnabled(checking || s == S::Starting || s == S::Running || s == S::Pausing || s == S::Paused);
    actions_->open->setEnabled(!active && !checking && !busyFiles);
    actions_->recentMenu->setEnabled(!active && !busyFiles && document_->hasRecentFiles());
    const auto& state = document_->state();
    const bool savable = state.has_value();  // a fight's: the chosen lane, once the fight is over
    actions_->save->setEnabled(savable && !busyFiles);
    actions_->saveAs->setEnabled(savable && !busyFiles);
    const bool reportable = state.has_value() && !active && !reports_->isRunning() && valid;
    for (QAction* a : {actions_->print, actions_->preview, actions_->console})
        a->setEnabled(reportable);
    actions_->exportBest->setEnabled(state.has_value() && tuning::bestMember(*state).has_value());
    panel_->setLocked(active || checking);
    actions_->genomeFromEngine->setEnabled(!active && !checking);
    if (!why.isEmpty() && !active)
        status_->showNote(why);
    else if (status_->noteText().startsWith(tr("Cannot start")))
        status_->showNote({});
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] — MateFind").arg(document_->displayName()));
    setWindowModified(document_->isDirty());
}

// ---- closing ----------------------------------------------------------------------------------

bool MainWindow::closeDuringRun() {
    // One question covers both the run and its unsaved generations.
    const auto& state = document_->state();
    const bool unsaved = document_->isDirty() && state;
    const auto answer =
        unsaved ? prompts_->ask(tr("Run in progress"),
                                tr("A run is in progress. Stop it and close the workbench?\n"
                                   "Save keeps its last completed generation (%1) in a file; Discard drops it.")
                                    .arg(state->generation),
                                QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel)
                : prompts_->ask(tr("Run in progress"),
                                tr("A run is in progress and no generation has completed yet. Stop it and close the "
                                   "workbench?"),
                                QMessageBox::Yes | QMessageBox::No);
    if (answer == QMessageBox::Save) {
        const QString path = document_->filePath().isEmpty() ? prompts_->chooseSavePath() : document_->filePath();
        if (path.isEmpty())
            return false;
        closeChoice_ = CloseChoice::Save;
        closeSavePath_ = path;
    } else if (answer == QMessageBox::Discard || answer == QMessageBox::Yes) {
        closeChoice_ = CloseChoice::Discard;
    } else {
        return false;
    }
    closeWhenIdle_ = true;
    bridge_->stop();
    status_->showNote(tr("Stopping the engines…"));
    updateActions();
    return true;
}

bool MainWindow::closeWhenSaved() {
    // The run has stopped: carry out what was answered while it ran.
    const CloseChoice choice = std::exchange(closeChoice_, CloseChoice::Ask);
    closeWhenIdle_ = false;
    if (choice == CloseChoice::Save) {
        document_->writeState(closeSavePath_, [this](bool ok) {
            closeConfirmed_ = ok;
            if (ok)
                close();
        });
        return false;
    }
    if (choice == CloseChoice::Discard)
        closeConfirmed_ = true;
    if (closeConfirmed_ || !document_->isDirty() || !document_->state())
        return true;
    // Discard answers at once, inside this event (close() cannot be called again from here);
    // Save answers after the file is written, and closes again then.
    auto answering = std::make_shared<bool>(true);
    auto acceptNow = std::make_shared<bool>(false);
    document_->maybeSave(tr("closing the workbench drops it"), [this, answering, acceptNow] {
        if (*answering) {
            *acceptNow = true;
            return;
        }
        closeConfirmed_ = true;
        close();
    });
    *answering = false;
    return *acceptNow;
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (bridge_->isActive()) {
        event->ignore();  // the session's next status closes again once the controller is idle
        if (!closeWhenIdle_)
            closeDuringRun();
        return;
    }
    if (document_->busy() || !closeWhenSaved()) {
        event->ignore();
        return;
    }
    closeConfirmed_ = false;
    if (options_.restoreSettings)
        WindowSettings(this, centre_, panel_).save();
    reports_->cancel();
    gray_->close();
    match_->stopMatch();  // its engines quit on the match's thread; the panel's destructor waits for them
    event->accept();
}

} // namespace mf::ui
