#include "ui/bridges/run_session.h"

#include "evolution/tuning/setup/data_maker.h"

#include "ui/bridges/engine_check.h"
#include "ui/views/engine_log_view.h"
#include "ui/views/fitness_charts.h"
#include "ui/parameters/parameter_panel.h"
#include "ui/models/population_document.h"
#include "ui/views/population_views.h"
#include "ui/bridges/run_wording.h"
#include "ui/bridges/run_bridge.h"
#include "ui/views/statistics_panel.h"
#include "ui/views/status_line.h"
#include "ui/dialogs/user_prompts.h"

#include "evolution/tuning/optimizers/optimizer_extras.h"
#include "evolution/tuning/settings/run_stages.h"

#include <QDir>
#include <QFileInfo>

namespace mf::ui {

namespace {

QString toQ(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }
QString q(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

} // namespace

RunSession::RunSession(const Parts& parts, QObject* parent) : QObject(parent), p_(parts) {
    connect(p_.bridge, &RunBridge::statusChanged, this, &RunSession::onStatus);
    connect(p_.bridge, &RunBridge::progress, p_.status, &StatusLine::showProgress);
    connect(p_.bridge, &RunBridge::progress, this, &RunSession::onProgress);
    connect(p_.bridge, &RunBridge::generationFinished, this, &RunSession::onGeneration);
    connect(p_.bridge, &RunBridge::fightRoundFinished, this, &RunSession::onFightRound);
    connect(p_.bridge, &RunBridge::engineLog, p_.log, &EngineLogView::append);
    connect(p_.bridge, &RunBridge::warning, this, [this](const QString& w) {
        p_.log->appendNote(tr("warning: %1").arg(w));
        p_.status->showNote(w, 8000);
    });
    connect(p_.bridge, &RunBridge::note, this, [this](const QString& n) {
        p_.log->appendNote(n);
        p_.status->showNote(n, 8000);
    });
}

bool RunSession::confirmContinue() {
    // An opened file whose genome or population size was changed in the panel cannot go on:
    // say why and let the user choose, rather than silently starting afresh.
    const auto& opened = p_.document->toContinue();
    if (!opened)
        return true;
    const RunSettings wanted = p_.panel->settings();
    QStringList why;
    if (!(opened->genome == wanted.genome))
        why << tr("the genome differs from the file's");
    if (opened->parameters.populationSize != wanted.parameters.populationSize)
        why << tr("the population size is %1, the file's population has %2")
                   .arg(wanted.parameters.populationSize)
                   .arg(opened->parameters.populationSize);
    if (!tuning::stagesContinue(p_.document->settings(), wanted, opened->generation))
        why << tr("the optimiser is %1, the file's run used %2")
                   .arg(QString::fromStdString(tuning::stagesText(wanted.optimizer.stages)),
                        QString::fromStdString(tuning::stagesText(p_.document->settings().optimizer.stages)));
    if (why.isEmpty())
        return true;
    const QString name = p_.document->filePath().isEmpty() ? tr("the opened population")
                                                           : QFileInfo(p_.document->filePath()).fileName();
    const auto answer = p_.prompts->ask(tr("Cannot continue"),
                                        tr("%1 cannot be continued: %2.\n\nStart a new run with the panel's "
                                           "parameters instead (Yes), or Cancel and change them back?")
                                            .arg(name, why.join(tr("; "))),
                                        QMessageBox::Yes | QMessageBox::Cancel);
    return answer == QMessageBox::Yes;
}

void RunSession::startRun() {
    if (p_.bridge->isActive())
        return;
    p_.panel->recheckFiles();  // a file may have gone since its path was typed
    if (!p_.panel->isValid() || !confirmContinue())
        return;
    // Continuing the opened file keeps its population; a new run replaces the shown one.
    p_.document->maybeSave(tr("a new run replaces it"), [this] { checkEngineThen(&RunSession::launchRun); });
}

void RunSession::checkEngineThen(void (RunSession::*launch)()) {
    if (p_.bridge->isActive() || checking_ || !p_.panel->isValid())
        return;
    const RunSettings settings = p_.panel->settings();
    const unsigned start = ++starts_;
    checking_ = true;
    emit changed();
    p_.status->showNote(tr("Checking the engine: does it start, does the genome fit its options, does it honour "
                           "the limit…"));
    p_.check->whenChecked(settings, [this, start, launch, settings](const tuning::EngineReadiness& readiness) {
        if (start != starts_)
            return;  // Stop cancelled this start
        checking_ = false;
        p_.status->showNote({});
        emit changed();
        if (p_.bridge->isActive() || !(p_.panel->settings() == settings))
            return;
        if (readiness.blocking) {
            p_.status->showNote(tr("Cannot start: %1").arg(QString::fromStdString(*readiness.blocking)), 10000);
            p_.log->appendNote(tr("cannot start: %1").arg(QString::fromStdString(*readiness.blocking)));
            return;
        }
        if (readiness.limit && !goOnDespiteLimit(*readiness.limit))
            return;
        if (!goOnDespiteHeldOut(settings))
            return;
        (this->*launch)();
    });
}

bool RunSession::startAnyway(const QString& title, const QString& question, const QString& message,
                             const QString& goingOn) {
    const auto answer = p_.prompts->ask(title, question, QMessageBox::Yes | QMessageBox::No);
    if (answer != QMessageBox::Yes) {
        p_.log->appendNote(tr("not started: %1").arg(message));
        p_.status->showNote(tr("Not started: %1").arg(message), 10000);
        return false;
    }
    p_.log->appendNote(tr("warning: %1; %2").arg(message, goingOn));
    return true;
}

bool RunSession::goOnDespiteHeldOut(const RunSettings& settings) {
    const auto other = tuning::heldOutMadeByAnotherEngine(settings, p_.bundledEngine);
    if (!other)
        return true;
    const QString message = QString::fromStdString(*other);
    return startAnyway(tr("Held-out data of another engine"), tr("%1.\n\nStart anyway?").arg(message), message,
                       tr("started all the same (confirmed)"));
}

bool RunSession::goOnDespiteLimit(const uci::LimitCheck& check) {
    const QString message = QString::fromStdString(check.message);
    if (check.honoured) {
        if (!message.isEmpty())
            p_.log->appendNote(tr("warning: %1").arg(message));
        return true;
    }
    return startAnyway(tr("Limit not honoured"),
                       tr("%1.\n\nStart anyway? Every search still has a deadline, and searches that break the limit "
                          "are counted and shown with the run's statistics (matefind-cli: --override-limit-check).")
                           .arg(message),
                       message, tr("going on (confirmed): searches that break the limit are counted"));
}

RunSettings RunSession::settingsToRun() const {
    RunSettings settings = p_.panel->settings();
    settings.engine.knownNodesPerSecond = p_.check->nodesPerSecond(settings);
    return settings;
}

void RunSession::launchRun() {
    if (p_.bridge->isActive() || !p_.panel->isValid())
        return;  // the answer took a while: things may have changed
    const RunSettings settings = settingsToRun();
    if (!prepareAutosave(settings))
        return;
    const auto& opened = p_.document->toContinue();
    const bool continuing = opened && opened->genome == settings.genome &&
                            opened->parameters.populationSize == settings.parameters.populationSize &&
                            tuning::stagesContinue(p_.document->settings(), settings, opened->generation);
    QString error;
    if (continuing) {
        ga::RunState state = *opened;
        state.parameters = settings.parameters;
        error = p_.bridge->continueRun(state, settings);
        if (error.isEmpty())
            p_.log->appendNote(tr("continuing %1 from generation %2").arg(p_.document->filePath()).arg(state.generation));
    } else {
        if (opened)
            p_.log->appendNote(tr("genome, population size or optimiser differ from the opened file: starting a new "
                                  "run (confirmed)"));
        error = p_.bridge->start(settings);
    }
    if (!error.isEmpty()) {
        p_.status->showNote(tr("Cannot start: %1").arg(error), 10000);
        p_.log->appendNote(tr("cannot start: %1").arg(error));
        return;
    }
    p_.document->setSettings(settings);
    if (!continuing) {
        dropPopulation();
        p_.log->appendNote(tr("new run: %1 generations of %2 chromosomes, seed %3")
                               .arg(settings.parameters.generations)
                               .arg(settings.parameters.populationSize)
                               .arg(settings.parameters.seed));
    }
    if (settings.autosave.empty())
        p_.log->appendNote(tr("no autosave (the Autosave field is empty)"));
    else
        p_.log->appendNote(tr("autosaving every generation to %1").arg(toQ(settings.autosave)));
    p_.document->forgetContinue();
    p_.views->showFight(false);
    emit changed();
}

void RunSession::startFight() {
    if (p_.bridge->isActive())
        return;
    p_.panel->recheckFiles();
    if (!p_.panel->isValid())
        return;
    p_.document->maybeSave(tr("the multiselection fight replaces it"),
                           [this] { checkEngineThen(&RunSession::launchFight); });
}

void RunSession::launchFight() {
    if (p_.bridge->isActive() || !p_.panel->isValid())
        return;
    const RunSettings settings = settingsToRun();
    if (!prepareAutosave(settings))
        return;
    const QString error = p_.bridge->startFight(settings);
    if (!error.isEmpty()) {
        p_.status->showNote(tr("Cannot start the fight: %1").arg(error), 10000);
        return;
    }
    p_.document->setSettings(settings);
    p_.document->forgetContinue();
    dropPopulation();
    p_.views->showFight(true);
    p_.log->appendNote(tr("multiselection fight: five selection types from one start"));
    if (!settings.autosave.empty())
        p_.log->appendNote(tr("autosaving every generation, one file per selection type, e.g. %1")
                               .arg(toQ(tuning::fightLaneFile(settings.autosave, ga::SelectionType::Tournament))));
    emit changed();
}

void RunSession::dropPopulation() {
    // The user saved or discarded the shown population before this run replaced it.
    p_.views->clear(p_.document->settings().genome);
    p_.log->clear();
    p_.document->clear();
}

bool RunSession::prepareAutosave(const RunSettings& settings) {
    if (settings.autosave.empty())
        return true;
    const QString folder = QFileInfo(toQ(settings.autosave)).absolutePath();
    if (QDir().mkpath(folder))
        return true;
    p_.status->showNote(tr("Cannot start: cannot make the autosave folder %1").arg(folder), 10000);
    p_.log->appendNote(tr("cannot make the autosave folder %1").arg(folder));
    return false;
}

bool RunSession::isAutosaveFile(const QString& path) const {
    const auto& autosave = p_.document->settings().autosave;
    if (path.isEmpty() || autosave.empty())
        return false;
    return QFileInfo(path).absoluteFilePath() == QFileInfo(toQ(autosave)).absoluteFilePath();
}

void RunSession::togglePause() {
    using S = tuning::RunStatus;
    const S s = p_.bridge->status();
    if (s == S::Running || s == S::Starting)
        p_.bridge->pause();
    else if (s == S::Pausing || s == S::Paused)
        p_.bridge->resume();
}

void RunSession::stop() {
    if (checking_) {
        ++starts_;  // the check's answer finds no start waiting for it
        checking_ = false;
        p_.status->showNote(tr("Start cancelled"), 5000);
        p_.log->appendNote(tr("start cancelled while the engine was being checked"));
        emit changed();
    }
    if (p_.bridge->isActive())
        p_.bridge->stop();
}

void RunSession::onProgress(const tuning::RunProgress& progress) {
    // The run messages say when a pass begins and, while the engines stay quiet, what the run
    // waits on: after kWaitingWorthSaying, then every minute.
    const auto pass = std::tuple(progress.fit, progress.heldOut || progress.confirming, progress.generation);
    if (!lastPass_ || *lastPass_ != pass) {
        lastPass_ = pass;
        loggedWait_ = std::chrono::seconds(0);
        if (progress.fit || progress.heldOut || progress.confirming)
            p_.log->appendNote(tr("%1: %2 %3")
                                   .arg(passWords(progress))
                                   .arg(progress.unitsTotal)
                                   .arg(QString::fromUtf8(tuning::workUnitName(progress.unit).data())));
    }
    if (progress.waitingFor < kWaitingWorthSaying || progress.inFlight == 0) {
        loggedWait_ = std::chrono::seconds(0);
        return;
    }
    const bool first = loggedWait_ == std::chrono::seconds(0);
    if (first || progress.waitingFor >= loggedWait_ + std::chrono::seconds(60)) {
        loggedWait_ = progress.waitingFor;
        p_.log->appendNote(tr("%1, %2").arg(passWords(progress), waitingWords(progress)));
    }
}

void RunSession::onStatus(const tuning::StatusChange& change) {
    const QString text = statusWords(change);
    p_.status->showStatus(text);
    p_.log->appendNote(text);
    using S = tuning::RunStatus;
    if (change.status == S::Starting)
        p_.status->clearProgress();  // the last run's end is no longer what the bar shows
    if (change.status == S::Idle || change.status == S::Finished || change.status == S::Failed) {
        p_.status->showEnded(change.status);
        // The controller rolled back to the last completed generation: show and keep that one.
        if (auto last = p_.bridge->lastCompleted()) {
            p_.views->showState(*last);
            p_.document->setState(std::move(last), p_.document->isDirty());
        } else if (auto lanes = p_.bridge->fightLanes(); !lanes.empty()) {
            p_.document->setLanes(std::move(lanes));  // every lane kept; the leader shown
        }
        if (change.status == S::Failed)
            p_.status->showNote(text, 15000);
    }
    emit changed();
}

void RunSession::onGeneration(const tuning::GenerationReport& r) {
    if (r.lane)
        return;  // fight lanes come together in fightRoundFinished
    p_.views->showGeneration(p_.document->settings().genome, r);
    // The autosave file is the user's file only when it is the one they opened (and continue):
    // then it already holds this generation. Otherwise the population is unsaved.
    const bool dirty = !isAutosaveFile(p_.document->filePath());
    auto last = p_.bridge->lastCompleted();
    p_.document->setState(last ? std::move(last) : p_.document->state(), dirty);
}

void RunSession::onFightRound(const tuning::FightRound& round) {
    const ga::Genome& genome = p_.document->settings().genome;
    p_.views->showFightRound(genome, round);
    const tuning::GenerationReport* lead = fightLeader(round);
    if (!lead)
        return;
    // The round in words: equal curves hide each other in the chart, the numbers do not.
    QStringList bests;
    for (const auto& lane : round.lanes)
        if (lane.lane)
            bests << QStringLiteral("%1 %2").arg(q(ga::selectionName(*lane.lane))).arg(lane.stats.best, 0, 'g', 6);
    p_.log->appendNote(tr("fight generation %1, best: %2").arg(round.generation).arg(bests.join(QStringLiteral(", "))));
    if (lead->lane)
        p_.status->showNote(tr("Fight generation %1: %2 leads with %3")
                                .arg(round.generation)
                                .arg(q(ga::selectionName(*lead->lane)))
                                .arg(lead->stats.best, 0, 'f', 2),
                            5000);
}

} // namespace mf::ui
