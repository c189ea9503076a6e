#include "ui/main_window.h"

#include "ui/action_icons.h"
#include "ui/engine_log_view.h"
#include "ui/evaluation_report.h"
#include "ui/fitness_charts.h"
#include "ui/gray_converter.h"
#include "ui/parameter_panel.h"
#include "ui/population_model.h"
#include "ui/recent_files.h"
#include "ui/run_bridge.h"
#include "ui/schema_panel.h"
#include "ui/statistics_panel.h"

#include "evolution/ga/population_file.h"
#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/installed_paths.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPrintDialog>
#include <QPrintPreviewDialog>
#include <QPrinter>
#include <QProgressBar>
#include <QSaveFile>
#include <QScrollArea>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QThreadPool>
#include <QTimer>
#include <QDir>
#include <QToolBar>

#include <algorithm>
#include <cstdio>
#include <memory>
#include <utility>

namespace mf::ui {

namespace {

QThreadPool& fileThreads() {
    // One thread: file jobs run in the order they were asked for (save, then open the same file).
    static QThreadPool* pool = [] {
        auto* p = new QThreadPool;
        p->setMaxThreadCount(1);
        return p;
    }();
    return *pool;
}

QString statusName(tuning::RunStatus s) {
    const std::string_view n = tuning::runStatusName(s);
    return QString::fromUtf8(n.data(), qsizetype(n.size()));
}

QString duration(std::chrono::seconds s) {
    const auto t = s.count();
    return t >= 3600 ? QStringLiteral("%1:%2:%3").arg(t / 3600).arg(t / 60 % 60, 2, 10, QLatin1Char('0')).arg(t % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

QString toQ(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }

} // namespace

MainWindow::MainWindow(const WindowOptions& options, QWidget* parent) : QMainWindow(parent), options_(options) {
    setObjectName(QStringLiteral("matefindWindow"));
    setWindowIcon(applicationIcon());
    bridge_ = options_.factory ? new RunBridge(options_.factory, this) : new RunBridge(this);
    reportJob_ = new ReportJob(this);

    centre_ = new QTabWidget(this);
    centre_->setObjectName(QStringLiteral("centreTabs"));
    charts_ = new FitnessCharts(centre_);
    centre_->addTab(charts_, tr("&Charts"));
    population_ = new PopulationModel(this);
    populationSort_ = new QSortFilterProxyModel(this);
    populationSort_->setSourceModel(population_);
    populationSort_->setSortRole(PopulationModel::SortRole);
    populationView_ = new QTableView(centre_);
    populationView_->setObjectName(QStringLiteral("populationTable"));
    populationView_->setModel(populationSort_);
    populationView_->setSortingEnabled(true);
    populationView_->sortByColumn(PopulationModel::Rank, Qt::AscendingOrder);
    populationView_->verticalHeader()->hide();
    populationView_->setAlternatingRowColors(true);
    populationView_->horizontalHeader()->setStretchLastSection(true);
    populationView_->setSelectionBehavior(QAbstractItemView::SelectRows);
    centre_->addTab(populationView_, tr("&Population"));
    // Narrow numeric columns; the bits column takes the rest. Once per new shape, not per generation.
    connect(population_, &QAbstractItemModel::modelReset, populationView_, &QTableView::resizeColumnsToContents);
    schema_ = new SchemaPanel(centre_);
    centre_->addTab(schema_, tr("&Schema theorem"));
    setCentralWidget(centre_);

    gray_ = new GrayConverter(this);
    gray_->hide();

    createActions();
    createMenus();
    createDocks();

    statusLabel_ = new QLabel(tr("idle"), this);
    statusLabel_->setObjectName(QStringLiteral("runStatus"));
    progressBar_ = new QProgressBar(this);
    progressBar_->setObjectName(QStringLiteral("positionsProgress"));
    progressBar_->setMinimumWidth(340);
    progressBar_->setFormat(tr("no run"));
    progressBar_->setRange(0, 1);
    progressBar_->setValue(0);
    etaLabel_ = new QLabel(this);
    etaLabel_->setObjectName(QStringLiteral("eta"));
    noteLabel_ = new QLabel(this);
    noteLabel_->setObjectName(QStringLiteral("statusNote"));
    // Ignored width: a long message is cut at the bar's edge instead of widening the window.
    noteLabel_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    noteTimer_ = new QTimer(this);
    noteTimer_->setSingleShot(true);
    connect(noteTimer_, &QTimer::timeout, this, [this] {
        noteLabel_->clear();
        noteLabel_->setToolTip({});
        updateActions();  // a reason Start is disabled comes back
    });
    statusBar()->addWidget(statusLabel_);
    statusBar()->addWidget(noteLabel_, 1);
    statusBar()->addPermanentWidget(progressBar_);
    statusBar()->addPermanentWidget(etaLabel_);

    // Bundled defaults first, then the user's last choices on top (those that still exist).
    const std::filesystem::path bin = options_.binDir.toStdString();
    panel_->setDefaults(toQ(tuning::bundledEngine(bin)), toQ(tuning::bundledSuite(bin)),
                        toQ(tuning::bundledHeldOutSuite(bin)), toQ(tuning::bundledGenome(bin)));
    if (options_.restoreSettings) {
        QSettings settings;
        panel_->restoreChoices(settings);
        restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray());
        restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
        centre_->setCurrentIndex(settings.value(QStringLiteral("window/centreTab"), 0).toInt());
    }
    if (panel_->suiteEdit()->text().isEmpty())
        log_->appendNote(tr("No bundled EPD suite found in %1: choose a suite file in the parameter panel.")
                             .arg(toQ(tuning::shareDir(bin) / "epd")));

    connect(bridge_, &RunBridge::statusChanged, this, &MainWindow::onStatus);
    connect(bridge_, &RunBridge::progress, this, &MainWindow::onProgress);
    connect(bridge_, &RunBridge::generationFinished, this, &MainWindow::onGeneration);
    connect(bridge_, &RunBridge::fightRoundFinished, this, &MainWindow::onFightRound);
    connect(bridge_, &RunBridge::engineLog, log_, &EngineLogView::append);
    connect(bridge_, &RunBridge::warning, this, [this](const QString& w) {
        log_->appendNote(tr("warning: %1").arg(w));
        showNote(w, 8000);
    });
    connect(panel_, &ParameterPanel::validityChanged, this, &MainWindow::updateActions);
    connect(panel_, &ParameterPanel::settingsChanged, this, [this] {
        const RunSettings s = panel_->settings();
        schema_->setGenome(s.genome, s.parameters.pk, s.parameters.pm);
    });
    connect(reportJob_, &ReportJob::progress, this, [this](qint64 done, qint64 total) {
        showNote(tr("Scoring chromosomes for the report: %1 / %2 positions").arg(done).arg(total));
    });
    connect(reportJob_, &ReportJob::finished, this, [this](const QString& report) {
        showNote({});
        const auto target = reportTarget_;
        reportTarget_.reset();
        updateActions();
        emit reportReady(report);
        if (target)
            deliverReport(report, *target);
    });
    connect(reportJob_, &ReportJob::failed, this, [this](const QString& why) {
        reportTarget_.reset();
        showNote(tr("Report failed: %1").arg(why), 10000);
        log_->appendNote(tr("report failed: %1").arg(why));
        updateActions();
    });

    const RunSettings s = panel_->settings();
    schema_->setGenome(s.genome, s.parameters.pk, s.parameters.pm);
    charts_->clear(s.genome);
    updateTitle();
    updateActions();
}

MainWindow::~MainWindow() {
    // File jobs post back to this window: let them finish before it goes.
    fileThreads().waitForDone();
}

void MainWindow::createActions() {
    auto make = [this](const QString& text, const QKeySequence& key, const QString& tip, ActionIcon icon) {
        auto* a = new QAction(actionIcon(icon, style()), text, this);
        if (!key.isEmpty())
            a->setShortcut(key);
        a->setStatusTip(tip);
        a->setToolTip(tip + (key.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(key.toString())));
        return a;
    };
    startAction_ = make(tr("&Start"), QKeySequence(Qt::Key_F5), tr("Start a new run (or continue the opened file)"),
                        ActionIcon::Start);
    pauseAction_ = make(tr("&Pause"), QKeySequence(Qt::Key_F6), tr("Pause the run: searches in flight finish"),
                        ActionIcon::Pause);
    stopAction_ = make(tr("S&top"), QKeySequence(Qt::SHIFT | Qt::Key_F5),
                       tr("Stop the run; the last completed generation is kept"), ActionIcon::Stop);
    fightAction_ = make(tr("Multiselection &fight"), QKeySequence(Qt::Key_F7),
                        tr("Run all five selection types from the same start and compare them"), ActionIcon::Fight);
    openAction_ = make(tr("&Open…"), QKeySequence::Open, tr("Open a population file"), ActionIcon::Open);
    saveAction_ = make(tr("&Save"), QKeySequence::Save, tr("Save the population"), ActionIcon::Save);
    saveAsAction_ = make(tr("Save &As…"), QKeySequence::SaveAs, tr("Save the population to another file"),
                         ActionIcon::SaveAs);
    printAction_ = make(tr("&Print evaluations…"), QKeySequence::Print,
                        tr("Score every chromosome and print the evaluations (printer or PDF)"), ActionIcon::Print);
    previewAction_ = make(tr("Print Pre&view…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P),
                          tr("Score every chromosome and preview the printed evaluations"), ActionIcon::Preview);
    consoleAction_ = make(tr("Evaluations to &console"), QKeySequence(),
                          tr("Score every chromosome and write the report to standard output"), ActionIcon::Console);
    exportAction_ = make(tr("&Export best as engine settings…"), QKeySequence(Qt::CTRL | Qt::Key_E),
                         tr("Write the best chromosome as UCI setoption lines or a MateFind options file"),
                         ActionIcon::Export);
    grayAction_ = make(tr("&Gray converter"), QKeySequence(Qt::CTRL | Qt::Key_G),
                       tr("Convert between decimal and Gray code"), ActionIcon::Gray);
    quitAction_ = make(tr("&Quit"), QKeySequence::Quit, tr("Close the workbench"), ActionIcon::Quit);

    connect(startAction_, &QAction::triggered, this, &MainWindow::startRun);
    connect(pauseAction_, &QAction::triggered, this, &MainWindow::togglePause);
    connect(stopAction_, &QAction::triggered, this, &MainWindow::stopRun);
    connect(fightAction_, &QAction::triggered, this, &MainWindow::startFight);
    connect(openAction_, &QAction::triggered, this, &MainWindow::openDialog);
    connect(saveAction_, &QAction::triggered, this, &MainWindow::save);
    connect(saveAsAction_, &QAction::triggered, this, &MainWindow::saveAs);
    connect(printAction_, &QAction::triggered, this, [this] { makeReport(ReportTarget::Printer); });
    connect(previewAction_, &QAction::triggered, this, [this] { makeReport(ReportTarget::Preview); });
    connect(consoleAction_, &QAction::triggered, this, [this] { makeReport(ReportTarget::Console); });
    connect(exportAction_, &QAction::triggered, this, &MainWindow::exportBest);
    connect(grayAction_, &QAction::triggered, this, [this] {
        gray_->show();
        gray_->raise();
        gray_->activateWindow();
    });
    connect(quitAction_, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(openAction_);
    recentMenu_ = file->addMenu(tr("Open &Recent"));
    recent_ = new RecentFiles(recentMenu_, this);
    connect(recent_, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (bridge_->isActive())
            return;
        maybeSave(tr("opening %1 replaces it").arg(QFileInfo(path).fileName()), [this, path] { openFile(path); });
    });
    file->addAction(saveAction_);
    file->addAction(saveAsAction_);
    file->addSeparator();
    file->addAction(printAction_);
    file->addAction(previewAction_);
    file->addAction(consoleAction_);
    file->addAction(exportAction_);
    file->addSeparator();
    file->addAction(quitAction_);

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(startAction_);
    run->addAction(pauseAction_);
    run->addAction(stopAction_);
    run->addSeparator();
    run->addAction(fightAction_);

    viewMenu_ = menuBar()->addMenu(tr("&View"));
    QMenu* tools = menuBar()->addMenu(tr("&Tools"));
    tools->addAction(grayAction_);

    QToolBar* bar = addToolBar(tr("Run"));
    bar->setObjectName(QStringLiteral("runToolBar"));
    bar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    bar->addAction(startAction_);
    bar->addAction(pauseAction_);
    bar->addAction(stopAction_);
    bar->addAction(fightAction_);
    bar->addSeparator();
    bar->addAction(openAction_);
    bar->addAction(saveAction_);
    bar->addAction(printAction_);
    bar->addAction(exportAction_);
    bar->addSeparator();
    bar->addAction(grayAction_);
    viewMenu_->addAction(bar->toggleViewAction());
}

void MainWindow::createDocks() {
    auto dock = [this](const QString& title, const QString& name, QWidget* content, Qt::DockWidgetArea area) {
        auto* d = new QDockWidget(title, this);
        d->setObjectName(name);
        d->setWidget(content);
        addDockWidget(area, d);
        viewMenu_->addAction(d->toggleViewAction());
        return d;
    };
    panel_ = new ParameterPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(panel_);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(440);
    auto* left = dock(tr("Parameters"), QStringLiteral("parametersDock"), scroll, Qt::LeftDockWidgetArea);
    stats_ = new StatisticsPanel;
    auto* right = dock(tr("Statistics"), QStringLiteral("statisticsDock"), stats_, Qt::RightDockWidgetArea);
    log_ = new EngineLogView;
    auto* bottom = dock(tr("Engine log"), QStringLiteral("engineLogDock"), log_, Qt::BottomDockWidgetArea);
    // First-run proportions (a saved layout replaces them): charts get the room.
    resizeDocks({left, right}, {460, 300}, Qt::Horizontal);
    resizeDocks({bottom}, {150}, Qt::Vertical);
}

QString MainWindow::statusText() const { return statusLabel_->text(); }
QString MainWindow::noteText() const { return noteLabel_->text(); }

void MainWindow::showNote(const QString& text, int timeoutMs) {
    noteLabel_->setText(text);
    noteLabel_->setToolTip(text);  // the whole text when the bar cuts it
    if (timeoutMs > 0)
        noteTimer_->start(timeoutMs);
    else
        noteTimer_->stop();
}

bool MainWindow::prepareAutosave(const RunSettings& settings) {
    if (settings.autosave.empty())
        return true;
    const QString folder = QFileInfo(toQ(settings.autosave)).absolutePath();
    if (QDir().mkpath(folder))
        return true;
    showNote(tr("Cannot start: cannot make the autosave folder %1").arg(folder), 10000);
    log_->appendNote(tr("cannot make the autosave folder %1").arg(folder));
    return false;
}

bool MainWindow::isAutosaveFile(const QString& path) const {
    if (path.isEmpty() || runSettings_.autosave.empty())
        return false;
    return QFileInfo(path).absoluteFilePath() == QFileInfo(toQ(runSettings_.autosave)).absoluteFilePath();
}

void MainWindow::updateActions() {
    using S = tuning::RunStatus;
    const S s = bridge_->status();
    const bool active = bridge_->isActive();
    const bool valid = panel_->isValid();
    const bool busyFiles = fileJobs_ > 0;
    const bool startable = !active && valid && !closeWhenIdle_;
    startAction_->setEnabled(startable);
    fightAction_->setEnabled(startable);
    const QString why = valid ? QString() : tr("Cannot start: %1").arg(panel_->problems().value(0));
    startAction_->setToolTip(valid ? startAction_->statusTip() : why);
    fightAction_->setToolTip(valid ? fightAction_->statusTip() : why);
    const bool resumeMode = s == S::Pausing || s == S::Paused;
    pauseAction_->setEnabled(s == S::Running || resumeMode);
    pauseAction_->setText(resumeMode ? tr("&Resume") : tr("&Pause"));
    if (pauseAction_->property("resumeMode").toBool() != resumeMode || pauseAction_->icon().isNull()) {
        pauseAction_->setIcon(actionIcon(resumeMode ? ActionIcon::Resume : ActionIcon::Pause, style()));
        pauseAction_->setProperty("resumeMode", resumeMode);
    }
    pauseAction_->setToolTip(resumeMode ? tr("Resume the run exactly where it paused (F6)")
                                        : tr("Pause the run: searches in flight finish (F6)"));
    stopAction_->setEnabled(s == S::Starting || s == S::Running || s == S::Pausing || s == S::Paused);
    openAction_->setEnabled(!active && !busyFiles);
    recentMenu_->setEnabled(!active && !busyFiles && !recent_->files().isEmpty());
    const bool savable = state_.has_value();  // none during a fight: five lanes, no one population
    saveAction_->setEnabled(savable && !busyFiles);
    saveAsAction_->setEnabled(savable && !busyFiles);
    const bool reportable = state_.has_value() && !active && !reportJob_->isRunning() && valid;
    printAction_->setEnabled(reportable);
    previewAction_->setEnabled(reportable);
    consoleAction_->setEnabled(reportable);
    exportAction_->setEnabled(state_.has_value() && tuning::bestMember(*state_).has_value());
    panel_->setLocked(active);
    if (!valid && !active)
        showNote(why);
    else if (noteLabel_->text().startsWith(tr("Cannot start")))
        showNote({});
}

void MainWindow::updateTitle() {
    const QString name = filePath_.isEmpty() ? tr("untitled") : QFileInfo(filePath_).fileName();
    setWindowTitle(tr("%1[*] — MateFind").arg(name));
    setWindowModified(dirty_);
}

void MainWindow::setDirty(bool dirty) {
    dirty_ = dirty;
    updateTitle();
}

// ---- run control ------------------------------------------------------------------------------

void MainWindow::startRun() {
    if (bridge_->isActive())
        return;
    panel_->recheckFiles();  // a file may have gone since its path was typed
    if (!panel_->isValid())
        return;
    // An opened file whose genome or population size was changed in the panel cannot go on:
    // say why and let the user choose, rather than silently starting afresh.
    if (toContinue_) {
        const RunSettings wanted = panel_->settings();
        QStringList why;
        if (!(toContinue_->genome == wanted.genome))
            why << tr("the genome differs from the file's");
        if (toContinue_->parameters.populationSize != wanted.parameters.populationSize)
            why << tr("the population size is %1, the file's population has %2")
                       .arg(wanted.parameters.populationSize)
                       .arg(toContinue_->parameters.populationSize);
        if (!why.isEmpty()) {
            const QString name = filePath_.isEmpty() ? tr("the opened population") : QFileInfo(filePath_).fileName();
            const auto answer = ask(tr("Cannot continue"),
                                    tr("%1 cannot be continued: %2.\n\nStart a new run with the panel's "
                                       "parameters instead (Yes), or Cancel and change them back?")
                                        .arg(name, why.join(tr("; "))),
                                    QMessageBox::Yes | QMessageBox::Cancel);
            if (answer != QMessageBox::Yes)
                return;
        }
    }
    // Continuing the opened file keeps its population; a new run replaces the shown one.
    maybeSave(tr("a new run replaces it"), [this] {
        if (bridge_->isActive() || !panel_->isValid())
            return;  // the answer took a while: things may have changed
        runSettings_ = panel_->settings();
        if (!prepareAutosave(runSettings_))
            return;
        QString error;
        const bool continuing = toContinue_ && toContinue_->genome == runSettings_.genome &&
                                toContinue_->parameters.populationSize == runSettings_.parameters.populationSize;
        if (continuing) {
            ga::RunState state = *toContinue_;
            state.parameters = runSettings_.parameters;
            error = bridge_->continueRun(state, runSettings_);
            if (error.isEmpty())
                log_->appendNote(tr("continuing %1 from generation %2").arg(filePath_).arg(state.generation));
        } else {
            if (toContinue_)
                log_->appendNote(tr("genome or population size differ from the opened file: starting a new run (confirmed)"));
            error = bridge_->start(runSettings_);
        }
        if (!error.isEmpty()) {
            showNote(tr("Cannot start: %1").arg(error), 10000);
            log_->appendNote(tr("cannot start: %1").arg(error));
            return;
        }
        if (!continuing) {
            dropPopulation();
            log_->appendNote(tr("new run: %1 generations of %2 chromosomes, seed %3")
                                 .arg(runSettings_.parameters.generations)
                                 .arg(runSettings_.parameters.populationSize)
                                 .arg(runSettings_.parameters.seed));
        }
        if (runSettings_.autosave.empty())
            log_->appendNote(tr("no autosave (the Autosave field is empty)"));
        else
            log_->appendNote(tr("autosaving every generation to %1").arg(toQ(runSettings_.autosave)));
        toContinue_.reset();
        charts_->showFight(false);
        updateActions();
    });
}

void MainWindow::startFight() {
    if (bridge_->isActive())
        return;
    panel_->recheckFiles();
    if (!panel_->isValid())
        return;
    maybeSave(tr("the multiselection fight replaces it"), [this] {
        if (bridge_->isActive() || !panel_->isValid())
            return;
        runSettings_ = panel_->settings();
        if (!prepareAutosave(runSettings_))
            return;
        const QString error = bridge_->startFight(runSettings_);
        if (!error.isEmpty()) {
            showNote(tr("Cannot start the fight: %1").arg(error), 10000);
            return;
        }
        toContinue_.reset();
        dropPopulation();
        charts_->showFight(true);
        log_->appendNote(tr("multiselection fight: five selection types from one start"));
        if (!runSettings_.autosave.empty())
            log_->appendNote(tr("autosaving every generation, one file per selection type, e.g. %1")
                                 .arg(toQ(tuning::fightLaneFile(runSettings_.autosave, ga::SelectionType::Tournament))));
        updateActions();
    });
}

void MainWindow::dropPopulation() {
    // The user saved or discarded the shown population before this run replaced it.
    charts_->clear(runSettings_.genome);
    stats_->clear();
    population_->clear();
    log_->clear();
    state_.reset();
    filePath_.clear();  // the new run's generations belong to no file until saved
    setDirty(false);
}

void MainWindow::togglePause() {
    using S = tuning::RunStatus;
    const S s = bridge_->status();
    if (s == S::Running)
        bridge_->pause();
    else if (s == S::Pausing || s == S::Paused)
        bridge_->resume();
}

void MainWindow::stopRun() {
    if (bridge_->isActive())
        bridge_->stop();
}

void MainWindow::onStatus(const tuning::StatusChange& change) {
    QString text = statusName(change.status);
    if (!change.reason.empty() && QString::fromStdString(change.reason) != text)
        text += QStringLiteral(": ") + QString::fromStdString(change.reason);
    statusLabel_->setText(text);
    log_->appendNote(text);
    using S = tuning::RunStatus;
    if (change.status == S::Idle || change.status == S::Finished || change.status == S::Failed) {
        progressBar_->setRange(0, 1);
        progressBar_->setValue(0);
        progressBar_->setFormat(tr("no run"));
        etaLabel_->clear();
        // The controller rolled back to the last completed generation: show and keep that one.
        if (auto last = bridge_->lastCompleted()) {
            state_ = std::move(last);
            showState(*state_);
        }
        if (change.status == S::Failed)
            showNote(text, 15000);
    }
    updateActions();
    if (closeWhenIdle_ && !bridge_->isActive())
        close();
}

void MainWindow::onProgress(const tuning::RunProgress& p) {
    // The bar counts one evaluation: a generation's searches, or the best on the held-out suite.
    // It starts again at each, so the bar says which one it counts.
    const int total = static_cast<int>(std::min<std::size_t>(p.unitsTotal, INT_MAX));
    const QString unit = QString::fromUtf8(tuning::workUnitName(p.unit).data());
    progressBar_->setFormat(p.heldOut ? tr("held-out, generation %1: %v / %m %2").arg(p.generation).arg(unit)
                                      : tr("generation %1: %v / %m %2").arg(p.generation).arg(unit));
    progressBar_->setRange(0, std::max(1, total));
    progressBar_->setValue(static_cast<int>(std::min<std::size_t>(p.unitsDone, INT_MAX)));
    progressBar_->setToolTip(tr("%n chromosome(s) searched on every position (the others are cached or unchanged)",
                                nullptr, int(p.candidatesToSearch)));
    QStringList eta;
    if (p.generationEta)
        eta << tr("ETA %1").arg(duration(*p.generationEta));
    if (p.runEta)
        eta << tr("run ETA %1").arg(duration(*p.runEta));
    etaLabel_->setText(eta.join(QStringLiteral(", ")));
}

void MainWindow::onGeneration(const tuning::GenerationReport& r) {
    if (r.lane)
        return;  // fight lanes come together in fightRoundFinished
    stats_->showReport(runSettings_.genome, r);
    charts_->addGeneration(r.stats);
    population_->setPopulation(runSettings_.genome, r.population);
    schema_->setPopulation(r.population);
    if (auto last = bridge_->lastCompleted())
        state_ = std::move(last);
    // The autosave file is the user's file only when it is the one they opened (and continue):
    // then it already holds this generation. Otherwise the population is unsaved.
    setDirty(!isAutosaveFile(filePath_));
    updateActions();
}

void MainWindow::onFightRound(const tuning::FightRound& round) {
    charts_->addFightRound(round);
    // The statistics and table follow the lane with the best chromosome so far.
    const tuning::GenerationReport* lead = fightLeader(round);
    if (!lead)
        return;
    stats_->showFightRound(runSettings_.genome, round);
    population_->setPopulation(runSettings_.genome, lead->population);
    schema_->setPopulation(lead->population);
    // The round in words: equal curves hide each other in the chart, the numbers do not.
    QStringList bests;
    for (const auto& lane : round.lanes)
        if (lane.lane) {
            const std::string_view n = ga::selectionName(*lane.lane);
            bests << QStringLiteral("%1 %2").arg(QString::fromUtf8(n.data(), qsizetype(n.size())))
                         .arg(lane.stats.best, 0, 'g', 6);
        }
    log_->appendNote(tr("fight generation %1, best: %2").arg(round.generation).arg(bests.join(QStringLiteral(", "))));
    if (lead->lane) {
        const std::string_view n = ga::selectionName(*lead->lane);
        showNote(tr("Fight generation %1: %2 leads with %3")
                                     .arg(round.generation)
                                     .arg(QString::fromUtf8(n.data(), qsizetype(n.size())))
                                     .arg(lead->stats.best, 0, 'f', 2),
                                 5000);
    }
}

void MainWindow::showState(const ga::RunState& state) {
    population_->setPopulation(state.genome, state.population);
    schema_->setPopulation(state.population);
    if (ga::fullyEvaluated(state.population) && !state.population.empty())
        stats_->showStats(state.genome, ga::computeStats(state));
}

// ---- files ------------------------------------------------------------------------------------

void MainWindow::openDialog() {
    if (bridge_->isActive())
        return;
    maybeSave(tr("opening a file replaces it"), [this] {
        QSettings settings;
        const QString path = QFileDialog::getOpenFileName(this, tr("Open population"),
                                                          settings.value(QStringLiteral("lastDir")).toString(),
                                                          tr("Population files (*.pop);;All files (*)"));
        if (path.isEmpty())
            return;
        settings.setValue(QStringLiteral("lastDir"), QFileInfo(path).absolutePath());
        openFile(path);
    });
}

void MainWindow::openFile(const QString& path) {
    ++fileJobs_;
    updateActions();
    fileThreads().start([this, path] {
        auto loaded = std::make_shared<ga::Result<ga::RunState>>(ga::loadPopulation(path.toStdString()));
        QMetaObject::invokeMethod(this, [this, path, loaded] {
            --fileJobs_;
            if (!*loaded) {
                const QString msg = QString::fromStdString(loaded->error().message());
                ask(tr("Open population"), tr("Cannot open %1:\n%2").arg(path, msg), QMessageBox::Ok);
                updateActions();
                emit fileDone(false, msg);
                return;
            }
            ga::RunState state = std::move(loaded->value());
            RunSettings settings = panel_->settings();
            settings.parameters = state.parameters;
            settings.genome = state.genome;
            if (auto err = tuning::applyExtras(state, settings))
                log_->appendNote(tr("%1: %2 (kept the panel's choice)").arg(path, QString::fromStdString(*err)));
            panel_->setSettings(settings);
            runSettings_ = settings;
            charts_->clear(state.genome);
            stats_->clear();
            state_ = state;
            toContinue_ = state;
            showState(state);
            if (ga::fullyEvaluated(state.population) && !state.population.empty())
                charts_->addGeneration(ga::computeStats(state));
            filePath_ = path;
            recent_->add(path);
            setDirty(false);
            showNote(tr("Opened %1: generation %2, %3 chromosomes. Start continues it.")
                                         .arg(path)
                                         .arg(state.generation)
                                         .arg(state.population.size()),
                                     8000);
            updateActions();
            emit fileDone(true, path);
        }, Qt::QueuedConnection);
    });
}

bool MainWindow::save() {
    if (filePath_.isEmpty())
        return saveAs();
    saveTo(filePath_);
    return true;
}

bool MainWindow::saveAs() {
    const QString path = chooseSavePath();
    if (path.isEmpty())
        return false;
    saveTo(path);
    return true;
}

void MainWindow::saveTo(const QString& path) { writeState(path, {}); }

void MainWindow::writeState(const QString& path, std::function<void(bool)> then) {
    // The shown population: the run's last completed generation (with the tuner's extras: suite,
    // engine...) or the opened file (which has them too). Not the controller's copy: after Open
    // that is still the previous run's.
    std::optional<ga::RunState> state = state_;
    if (!state) {
        emit fileDone(false, tr("nothing to save yet"));
        if (then)
            then(false);
        return;
    }
    if (state->extras.empty())
        state->extras = tuning::toExtras(runSettings_);
    ++fileJobs_;
    updateActions();
    fileThreads().start([this, path, state = std::move(*state), then = std::move(then)] {
        auto error = std::make_shared<std::optional<ga::Error>>(ga::savePopulation(state, path.toStdString()));
        QMetaObject::invokeMethod(this, [this, path, error, then] {
            --fileJobs_;
            const bool ok = !error->has_value();
            if (ok) {
                filePath_ = path;
                recent_->add(path);
                setDirty(false);
                showNote(tr("Saved %1").arg(path), 5000);
            } else {
                ask(tr("Save population"), tr("Cannot save %1:\n%2").arg(path, QString::fromStdString((*error)->message())),
                    QMessageBox::Ok);
            }
            updateActions();
            emit fileDone(ok, ok ? path : QString::fromStdString((*error)->message()));
            if (then)
                then(ok);
        }, Qt::QueuedConnection);
    });
}

QString MainWindow::chooseSavePath() {
    if (savePathChooser_)
        return savePathChooser_();
    QSettings settings;
    QString path = QFileDialog::getSaveFileName(this, tr("Save population"),
                                                settings.value(QStringLiteral("lastDir")).toString(),
                                                tr("Population files (*.pop);;All files (*)"));
    if (path.isEmpty())
        return path;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".pop");
    settings.setValue(QStringLiteral("lastDir"), QFileInfo(path).absolutePath());
    return path;
}

void MainWindow::maybeSave(const QString& what, std::function<void()> proceed) {
    if (!dirty_ || !state_) {
        proceed();
        return;
    }
    const auto answer =
        ask(tr("Unsaved population"),
            tr("The population of generation %1 has not been saved, and %2.\nSave it first?")
                .arg(state_->generation)
                .arg(what),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Discard) {
        proceed();  // what replaces the population marks the window unmodified
        return;
    }
    if (answer != QMessageBox::Save)
        return;
    const QString path = filePath_.isEmpty() ? chooseSavePath() : filePath_;
    if (path.isEmpty())
        return;  // the save dialog was cancelled: so is the action
    writeState(path, [proceed = std::move(proceed)](bool ok) {
        if (ok)
            proceed();
    });
}

// ---- print, console report, export ------------------------------------------------------------

void MainWindow::makeReport(ReportTarget target) {
    if (!state_ || reportJob_->isRunning())
        return;
    RunSettings settings = panel_->settings();
    reportTarget_ = target;
    reportState_ = state_;
    reportSettings_ = settings;
    reportJob_->start(*state_, settings);
    showNote(tr("Scoring %1 chromosomes for the report…").arg(state_->population.size()));
    updateActions();
}

void MainWindow::deliverReport(const QString& report, ReportTarget target) {
    const QString title = tr("MateFind evaluations — %1")
                              .arg(filePath_.isEmpty() ? tr("untitled") : QFileInfo(filePath_).fileName());
    // The console gets the plain report (as `matefind-cli print`); paper gets a titled document.
    const QString document = reportState_ ? reportDocument(title, filePath_, *reportState_, reportSettings_, report)
                                          : QString();
    switch (target) {
    case ReportTarget::Console: {
        const QByteArray bytes = report.toUtf8();
        std::fwrite(bytes.constData(), 1, static_cast<std::size_t>(bytes.size()), stdout);
        std::fflush(stdout);
        showNote(tr("Report written to standard output"), 5000);
        break;
    }
    case ReportTarget::Printer: {
        QPrinter printer(QPrinter::HighResolution);
        QPrintDialog dialog(&printer, this);  // "Print to File (PDF)" is one of its printers
        dialog.setWindowTitle(tr("Print evaluations"));
        if (dialog.exec() == QDialog::Accepted)
            printReport(document, title, &printer);
        break;
    }
    case ReportTarget::Preview: {
        // Window-modal but not exec(): the run's signals and the test/screenshot hooks go on.
        auto printer = std::make_shared<QPrinter>(QPrinter::HighResolution);
        auto* preview = new QPrintPreviewDialog(printer.get(), this);
        preview->setAttribute(Qt::WA_DeleteOnClose);
        preview->setWindowTitle(tr("Print Preview — %1").arg(title));
        preview->resize(std::max(900, width() * 3 / 4), std::max(700, height() - 60));
        connect(preview, &QPrintPreviewDialog::paintRequested, preview,
                [document, title, printer](QPrinter* p) { printReport(document, title, p); });
        preview->open();
        emit previewShown(preview);
        break;
    }
    }
}

void MainWindow::exportBest() {
    if (!state_)
        return;
    const auto best = tuning::bestMember(*state_);
    if (!best)
        return;
    QString selected;
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export best chromosome"), QString(),
        tr("UCI setoption lines (*.uci);;MateFind engine options (*.options)"), &selected);
    if (path.isEmpty())
        return;
    const bool optionsFile = selected.contains(QStringLiteral("*.options"));
    if (QFileInfo(path).suffix().isEmpty())
        path += optionsFile ? QStringLiteral(".options") : QStringLiteral(".uci");
    const ga::Member& m = state_->population[*best];
    const std::vector<int> values = ga::decode(state_->genome, m.chromosome);
    const std::string comment = "best of generation " + std::to_string(state_->generation) + ", fitness " +
                                (m.fitness ? std::to_string(*m.fitness) : std::string("?"));
    const QByteArray text = QByteArray::fromStdString(
        optionsFile ? tuning::engineOptionsFile(state_->genome, values, comment)
                    : "# " + comment + "\n" + tuning::setOptionLines(state_->genome, values));
    ++fileJobs_;
    updateActions();
    fileThreads().start([this, path, text] {
        QSaveFile f(path);
        const bool ok = f.open(QIODevice::WriteOnly) && f.write(text) == text.size() && f.commit();
        const QString error = ok ? QString() : f.errorString();
        QMetaObject::invokeMethod(this, [this, path, ok, error] {
            --fileJobs_;
            if (ok)
                showNote(tr("Exported the best chromosome to %1").arg(path), 5000);
            else
                ask(tr("Export"), tr("Cannot write %1:\n%2").arg(path, error), QMessageBox::Ok);
            updateActions();
            emit fileDone(ok, ok ? path : error);
        }, Qt::QueuedConnection);
    });
}

// ---- closing ----------------------------------------------------------------------------------

QMessageBox::StandardButton MainWindow::ask(const QString& title, const QString& text,
                                            QMessageBox::StandardButtons buttons) {
    if (asker_)
        return asker_(title, text, buttons);
    if (buttons == QMessageBox::Ok)
        return QMessageBox::warning(this, title, text);
    return QMessageBox::question(this, title, text, buttons);
}

void MainWindow::saveWindowSettings() {
    if (!options_.restoreSettings)
        return;
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    settings.setValue(QStringLiteral("window/centreTab"), centre_->currentIndex());
    panel_->saveChoices(settings);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    if (bridge_->isActive()) {
        event->ignore();  // onStatus closes again once the controller is idle
        if (closeWhenIdle_)
            return;
        // One question covers both the run and its unsaved generations.
        const bool unsaved = dirty_ && state_;
        const auto answer =
            unsaved ? ask(tr("Run in progress"),
                          tr("A run is in progress. Stop it and close the workbench?\n"
                             "Save keeps its last completed generation (%1) in a file; Discard drops it.")
                              .arg(state_->generation),
                          QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel)
                    : ask(tr("Run in progress"),
                          tr("A run is in progress and no generation has completed yet. Stop it and close the "
                             "workbench?"),
                          QMessageBox::Yes | QMessageBox::No);
        if (answer == QMessageBox::Save) {
            const QString path = filePath_.isEmpty() ? chooseSavePath() : filePath_;
            if (path.isEmpty())
                return;
            closeChoice_ = CloseChoice::Save;
            closeSavePath_ = path;
        } else if (answer == QMessageBox::Discard || answer == QMessageBox::Yes) {
            closeChoice_ = CloseChoice::Discard;
        } else {
            return;
        }
        closeWhenIdle_ = true;
        bridge_->stop();
        showNote(tr("Stopping the engines…"));
        updateActions();
        return;
    }
    if (fileJobs_ > 0) {
        event->ignore();
        return;
    }
    // The run has stopped: carry out what was answered while it ran.
    const CloseChoice choice = std::exchange(closeChoice_, CloseChoice::Ask);
    closeWhenIdle_ = false;
    if (choice == CloseChoice::Save) {
        event->ignore();
        writeState(closeSavePath_, [this](bool ok) {
            closeConfirmed_ = ok;
            if (ok)
                close();
        });
        return;
    }
    if (choice == CloseChoice::Discard)
        closeConfirmed_ = true;
    if (!closeConfirmed_ && dirty_ && state_) {
        // Discard answers at once, inside this event (close() cannot be called again from here);
        // Save answers after the file is written, and closes again then.
        auto answering = std::make_shared<bool>(true);
        auto acceptNow = std::make_shared<bool>(false);
        maybeSave(tr("closing the workbench drops it"), [this, answering, acceptNow] {
            if (*answering) {
                *acceptNow = true;
                return;
            }
            closeConfirmed_ = true;
            close();
        });
        *answering = false;
        if (!*acceptNow) {
            event->ignore();
            return;
        }
    }
    closeConfirmed_ = false;
    saveWindowSettings();
    reportJob_->cancel();
    gray_->close();
    event->accept();
}

} // namespace mf::ui
