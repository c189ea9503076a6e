#include "ui/window/main_window.h"

#include "ui/window/action_icons.h"
#include "ui/bridges/engine_check.h"
#include "ui/views/engine_log_view.h"
#include "ui/dialogs/engine_probe_dialog.h"
#include "ui/report/evaluation_report.h"
#include "ui/dialogs/genome_from_engine_dialog.h"
#include "ui/views/fitness_charts.h"
#include "ui/views/gray_converter.h"
#include "ui/match/match_panel.h"
#include "ui/data/data_panel.h"
#include "ui/parameters/fitness_section.h"
#include "ui/fields/validation_display.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/models/population_document.h"
#include "ui/views/population_views.h"
#include "ui/psqt/psqt_panel.h"
#include "ui/report/report_actions.h"
#include "ui/bridges/run_bridge.h"
#include "ui/bridges/run_session.h"
#include "ui/views/schema_panel.h"
#include "ui/views/statistics_panel.h"
#include "ui/views/status_line.h"
#include "ui/window/window_actions.h"
#include "ui/window/window_settings.h"

#include "evolution/tuning/results/engine_export.h"
#include "evolution/tuning/optimizers/optimizer_catalogue.h"
#include "evolution/tuning/setup/data_maker.h"
#include "evolution/tuning/setup/run_presets.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/run/local_evaluator.h"

#include <QFileInfo>
#include <QAction>
#include <QComboBox>
#include <QLineEdit>
#include <QMenu>
#include <QApplication>
#include <QStatusBar>
#include <QTabWidget>

#include <algorithm>
#include <memory>
#include <utility>

namespace mf::ui {

namespace {

// A fight compares the selection types of an optimiser that breeds (the GA), alone in its run.
bool breedsAlone(const tuning::OptimizerSettings& optimizer) {
    const tuning::OptimizerInfo* only = tuning::findOptimizer(optimizer.first());
    return optimizer.stages.size() == 1 && only && only->breeds;
}

// "Opened run.mfpop: generation 12 of 20; its pick: generation 9": what a reopened file holds.
QString openedWords(const ga::RunState& state, const QString& name) {
    QString text = MainWindow::tr("Opened %1: generation %2 of %3").arg(name).arg(state.generation).arg(state.parameters.generations);
    auto answer = tuning::runAnswer(state);
    if (answer && answer->pick)
        text += answer->pick->isStart() ? MainWindow::tr("; its pick is the start values (%1)")
                                              .arg(QString::fromStdString(tuning::startAnswersWhy(*answer->pick)))
                                        : MainWindow::tr("; its pick: generation %1").arg(answer->generation);
    return text;
}

} // namespace

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
    reports_ = new ReportActions({new ReportJob(factory, this), document_, panel_, status_, log_, this, prompts_.get()}, this);
    applyDefaults();
    connectActions();
    connectParts();

    const RunSettings s = panel_->settings();
    schema_->setGenome(s.genome, s.parameters.pk, s.parameters.pm);
    charts_->clear(s.genome);
    psqt_->setGenome(s.genome);
    updateTitle();
    updateActions();
    requestEngineCheck();
}

MainWindow::~MainWindow() = default;  // the document waits for its file jobs

void MainWindow::createParts() {
    psqt_ = new PsqtPanel(centre_);
    views_ = std::make_unique<PopulationViews>(charts_, stats_, population_, schema_, psqt_);
    document_ = new PopulationDocument(prompts_.get(), actions_->recentMenu, [this] { return panel_->settings(); }, this);
    engineCheck_ = new EngineCheck(this);
    session_ = new RunSession({bridge_, panel_, document_, views_.get(), status_, log_, prompts_.get(), engineCheck_,
                               tuning::bundledEngine(options_.binDir.toStdString())},
                              this);
    // The Match tab plays on the panel's engine, the document's best; Start waits for an idle run.
    const QString openings = toQ(tuning::bundledOpenings(options_.binDir.toStdString()));
    match_ = new MatchPanel({{[this] { return panel_->settings(); }, [this] { return &document_->state(); }}, openings,
                             prompts_.get(), [this] { return bridge_->isActive() || session_->isCheckingEngine(); }},
                            centre_);
    centre_->addTab(match_, tr("&Match"));
    // The Data tab plays the panel's engine against itself for labelled positions, and hands the
    // file to the Fitness section; like the match, it waits for an idle run.
    data_ = new DataPanel({[this] { return panel_->settings().engine; },
                           [this] {
                               return bridge_->isActive() || session_->isCheckingEngine()
                                          ? tr("A tuning run is using the engines: stop it first")
                                          : QString();
                           },
                           [this](const QString& path, bool heldOut) {
                               return panel_->fitnessSection()->useDataFile(path, heldOut) ? QString()
                                                                                            : ValidationDisplay::lockedDuringRun();
                           },
                           [this] { return panel_->isLocked() ? ValidationDisplay::lockedDuringRun() : QString(); },
                           prompts_.get(),
                           [this] {
                               const auto other = tuning::heldOutMadeByAnotherEngine(
                                   panel_->settings(), tuning::bundledEngine(options_.binDir.toStdString()));
                               return other ? QString::fromStdString(*other) : QString();
                           }},
                          centre_);
    centre_->addTab(data_, tr("&Data"));
    // Last, so the tabs before it keep the indices a saved layout remembers.
    const int psqtTab = centre_->addTab(psqt_, tr("P&iece-square tables"));
    centre_->setTabVisible(psqtTab, false);
    connect(psqt_, &PsqtPanel::genomeShown, this,
            [this, psqtTab](bool tables) {
                if (!tables && centre_->currentIndex() == psqtTab)
                    centre_->setCurrentIndex(0);  // its genome went: the charts, not an empty page
                centre_->setTabVisible(psqtTab, tables);
            });
    connect(session_, &RunSession::changed, match_, &MatchPanel::refresh);
    connect(document_, &PopulationDocument::changed, match_, &MatchPanel::refresh);
    connect(panel_, &ParameterPanel::settingsChanged, match_, &MatchPanel::refresh);
    connect(session_, &RunSession::changed, data_, &DataPanel::refresh);
    connect(panel_, &ParameterPanel::settingsChanged, data_, &DataPanel::refresh);
}

void MainWindow::applyDefaults() {
    // Bundled defaults first, then the user's last choices on top (those that still exist).
    const std::filesystem::path bin = options_.binDir.toStdString();
    panel_->setDefaults(toQ(tuning::bundledEngine(bin)), toQ(tuning::bundledSuite(bin)),
                        toQ(tuning::bundledHeldOutSuite(bin)), toQ(tuning::bundledGenome(bin)));
    panel_->setDefaultData(toQ(tuning::bundledDataset(bin)), toQ(tuning::bundledHeldOutDataset(bin)));
    defaults_ = panel_->settings();
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
    connect(actions_->newRun, &QAction::triggered, this, &MainWindow::newRun);
    connect(actions_->save, &QAction::triggered, document_, &PopulationDocument::save);
    connect(actions_->saveAs, &QAction::triggered, document_, &PopulationDocument::saveAs);
    using T = ReportActions::Target;
    connect(actions_->print, &QAction::triggered, this, [this] { reports_->makeReport(T::Printer); });
    connect(actions_->preview, &QAction::triggered, this, [this] { reports_->makeReport(T::Preview); });
    connect(actions_->console, &QAction::triggered, this, [this] { reports_->makeReport(T::Console); });
    connect(actions_->exportBest, &QAction::triggered, reports_, &ReportActions::exportBest);
    for (const tuning::RunPreset& preset : tuning::runPresets()) {
        const QString name = QString::fromUtf8(preset.name.data(), qsizetype(preset.name.size()));
        QAction* item = actions_->presetMenu->addAction(QString::fromUtf8(preset.title.data(), qsizetype(preset.title.size())));
        item->setToolTip(QString::fromUtf8(preset.description.data(), qsizetype(preset.description.size())));
        item->setData(name);
        connect(item, &QAction::triggered, this, [this, name] { applyPreset(name); });
    }
    connect(actions_->matchPick, &QAction::triggered, this, [this] {
        centre_->setCurrentWidget(match_);
        match_->fillPickAgainstStart(panel_->settings());
    });
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
    connect(session_, &RunSession::changed, this, &MainWindow::onSessionChanged);
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
        if (!(s.genome == psqt_->genome()))
            psqt_->setGenome(s.genome);  // another genome: its defaults until a run or a file shows values
        requestEngineCheck();
        updateActions();  // the optimiser decides whether the fight can start
    });
    connect(panel_, &ParameterPanel::genomeFromEngineRequested, this, &MainWindow::openGenomeFromEngine);
    connect(engineCheck_, &EngineCheck::answered, this, &MainWindow::updateActions);
    connect(match_, &MatchPanel::busyChanged, this, &MainWindow::updateActions);
    connect(data_, &DataPanel::busyChanged, this, &MainWindow::updateActions);
    // The match's engines talk in the Engine log too, in tabs of their own.
    connect(match_->bridge(), &MatchBridge::engineLog, log_, &EngineLogView::append);
    connect(match_, &MatchPanel::matchStarting, log_, &EngineLogView::clearMatch);
}

void MainWindow::onSessionChanged() {
    using S = tuning::RunStatus;
    const S s = bridge_->status();
    status_->setPaused(s == S::Pausing || s == S::Paused);
    // A new run's statistics start empty from Start on, not when the engine check has answered
    // (seconds later); a Start that ends there brings the shown population's figures back.
    const bool checking = session_->isCheckingEngine();
    if (checking && !wasChecking_ && !document_->toContinue())
        stats_->clear();
    else if (!checking && wasChecking_ && !bridge_->isActive() && document_->state())
        views_->showState(*document_->state());
    wasChecking_ = checking;
    updateActions();
    if (closeWhenIdle_ && !bridge_->isActive())
        close();
}

void MainWindow::onOpened(const ga::RunState& state, const RunSettings& settings) {
    panel_->setSettings(settings);
    // The status line now tells of the opened file, not of the run before it.
    status_->clearProgress();
    status_->showStatus(openedWords(state, QFileInfo(document_->filePath()).fileName()));
    const QString problem = views_->showOpened(state);
    if (!problem.isEmpty())
        log_->appendNote(tr("%1: its generations' history does not read (%2); the charts show the file's last "
                            "generation only").arg(document_->filePath(), problem));
}

void MainWindow::applyPreset(const QString& name) {
    // A recipe for any engine reads the options of the panel's engine (one start-up, a moment).
    const tuning::EngineSpec engine = panel_->settings().engine;
    QApplication::setOverrideCursor(Qt::WaitCursor);
    auto made = tuning::presetSettings(name.toStdString(), options_.binDir.toStdString(), &engine);
    QApplication::restoreOverrideCursor();
    if (!made) {
        status_->showNote(tr("Preset %1: %2").arg(name, QString::fromStdString(made.error().message)), 10000);
        return;
    }
    document_->maybeSave(tr("a preset starts a new run"), [this, name, preset = std::move(*made)]() mutable {
        const RunSettings now = panel_->settings();
        auto& data = preset.of<tuning::EvalfitSettings>();
        const auto& own = now.of<tuning::EvalfitSettings>();
        if (!own.data.empty())
            data.data = own.data;
        if (!own.heldOutData.empty())
            data.heldOutData = own.heldOutData;
        preset.workers = now.workers;
        preset.autosave = now.autosave;
        document_->clear();
        document_->forgetContinue();
        panel_->setSettings(preset);
        for (const tuning::RunPreset& p : tuning::runPresets())
            if (QString::fromUtf8(p.name.data(), qsizetype(p.name.size())) == name)
                status_->showNote(tr("Preset: %1 (%2). Start when ready.")
                                      .arg(QString::fromUtf8(p.title.data(), qsizetype(p.title.size())),
                                           QString::fromUtf8(p.description.data(), qsizetype(p.description.size()))));
    });
}

void MainWindow::newRun() {
    if (bridge_->isActive() || session_->isCheckingEngine())
        return;
    document_->maybeSave(tr("a new run starts"), [this] {
        document_->clear();
        document_->forgetContinue();  // Start begins the new run, it does not continue the file
        views_->clear(defaults_.genome);
        panel_->setSettings(defaults_);
        stats_->clear();
        status_->clearProgress();
        status_->showStatus(tr("New run"));
        status_->showNote(tr("New run: the default settings. Start when ready."), 10000);
    });
}

QAction* MainWindow::newRunAction() const { return actions_->newRun; }
QAction* MainWindow::exportAction() const { return actions_->exportBest; }
QAction* MainWindow::matchPickAction() const { return actions_->matchPick; }

void MainWindow::openFile(const QString& path) { document_->openFile(path); }
void MainWindow::saveTo(const QString& path) { document_->saveTo(path); }
void MainWindow::makeConsoleReport() { reports_->makeReport(ReportActions::Target::Console); }
QAction* MainWindow::previewAction() const { return actions_->preview; }

EngineProbeDialog* MainWindow::openEngineProbe() {
    const RunSettings s = panel_->settings();
    auto* dialog = new EngineProbeDialog(tuning::engineConfigOf(s.engine), s.genome,
                                         toQ(tuning::bundledOpenings(options_.binDir.toStdString())), this);
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
        if (dialog->engine().program != panel_->settings().engine.program) {
            // The genome of another program than the panel's: that program is the run's engine now.
            RunSettings s = panel_->settings();
            s.engine = dialog->engine();
            panel_->setSettings(s);
        }
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
        else if (data_->busy())
            why = tr("Cannot start: self-play data is being made in the Data tab (stop it there first)");
    }
    // The engine's answer is listed under the form too (the status bar may cut it), and said once
    // in the run messages.
    panel_->setEngineProblem(blocked.isEmpty() ? QString() : tr("Engine check: %1").arg(blocked));
    if (!blocked.isEmpty() && blocked != loggedBlock_)
        log_->appendNote(tr("cannot start: %1").arg(blocked));
    loggedBlock_ = blocked;
    const bool startable = !active && why.isEmpty() && !checking && !closeWhenIdle_;
    // The fight compares the GA's selection types: with another optimiser it has nothing to run.
    const QString fightWhy = why.isEmpty() && !breedsAlone(panel_->settings().optimizer)
                                 ? tr("The multiselection fight compares the GA's selection types: choose the optimiser "
                                      "GA in the parameter panel")
                                 : why;
    for (QAction* a : {actions_->start, actions_->fight}) {
        const QString reason = a == actions_->fight ? fightWhy : why;
        a->setEnabled(startable && reason.isEmpty());
        // Hovering shows the status tip in the status bar: the reason, not the help, while it
        // is the reason that matters.
        const QString help = a->property("help").toString();
        a->setToolTip(reason.isEmpty() ? help : reason);
        a->setStatusTip(reason.isEmpty() ? help : reason);
    }
    const bool resumeMode = s == S::Pausing || s == S::Paused;
    actions_->pause->setEnabled(s == S::Running || s == S::Starting || resumeMode);
    actions_->showPauseAs(resumeMode);
    actions_->stop->setEnabled(checking || s == S::Starting || s == S::Running || s == S::Pausing || s == S::Paused);
    actions_->open->setEnabled(!active && !checking && !busyFiles);
    actions_->newRun->setEnabled(!active && !checking && !busyFiles);
    actions_->recentMenu->setEnabled(!active && !busyFiles && document_->hasRecentFiles());
    const auto& state = document_->state();
    const bool savable = state.has_value();  // a fight's: the chosen lane, once the fight is over
    actions_->save->setEnabled(savable && !busyFiles);
    actions_->saveAs->setEnabled(savable && !busyFiles);
    const bool reportable = state.has_value() && !active && !reports_->isRunning() && valid;
    for (QAction* a : {actions_->print, actions_->preview, actions_->console})
        a->setEnabled(reportable);
    // Export writes the run's pick; when nothing beat the start there is nothing to export, and the
    // tip says why.
    const auto answer = state ? tuning::runAnswer(*state) : Result<tuning::RunAnswer>(Error{"no run"});
    const bool startOnly = answer && answer->pick && answer->pick->isStart();
    actions_->exportBest->setEnabled(answer.ok() && !startOnly);
    actions_->matchPick->setEnabled(answer.ok() && !startOnly && !active && !checking && !match_->busy());
    const QString startWhy = startOnly ? QString::fromStdString(tuning::startAnswersWhy(*answer->pick)) : QString();
    actions_->matchPick->setToolTip(startOnly ? tr("Nothing to match: the pick is the start values, %1").arg(startWhy)
                                              : tr("Fill the Match tab with the run's pick against its start values"));
    actions_->exportBest->setToolTip(startOnly ? tr("Nothing to export: %1").arg(startWhy)
                                               : tr("Export the run's pick as engine settings"));
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

} // namespace mf::ui
