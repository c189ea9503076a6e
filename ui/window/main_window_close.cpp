// Closing the window: a run in progress is stopped first (and its last generation saved or
// discarded as answered), unsaved populations and match games are offered to be saved.
#include "ui/window/main_window.h"

#include "ui/views/gray_converter.h"
#include "ui/match/match_panel.h"
#include "ui/data/data_panel.h"
#include "ui/models/population_document.h"
#include "ui/report/report_actions.h"
#include "ui/bridges/run_bridge.h"
#include "ui/views/status_line.h"
#include "ui/window/window_settings.h"

#include <QCloseEvent>

#include <memory>
#include <utility>

namespace mf::ui {

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
    // The match's games first: their question is answered at once, the population's may wait on
    // a save and close again (then the games are not asked about twice).
    if (!matchGamesAnswered_ && !match_->keepGamesBeforeClosing()) {
        event->ignore();
        return;
    }
    matchGamesAnswered_ = true;
    if (document_->busy() || !closeWhenSaved()) {
        event->ignore();
        return;
    }
    closeConfirmed_ = false;
    matchGamesAnswered_ = false;
    if (options_.restoreSettings)
        WindowSettings(this, centre_, panel_).save();
    reports_->cancel();
    gray_->close();
    match_->stopMatch();  // its engines quit on the match's thread; the panel's destructor waits for them
    data_->stopData();    // the ended games' positions are written; the bridge's destructor waits
    event->accept();
}

} // namespace mf::ui
