#include "ui/views/status_line.h"

#include "ui/fields/elided_label.h"
#include "ui/bridges/run_wording.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace mf::ui {

StatusLine::StatusLine(QStatusBar* bar) : QObject(bar) {
    status_ = new ElidedLabel(420, bar);
    status_->setObjectName(QStringLiteral("runStatus"));
    status_->setFullText(statusName(tuning::RunStatus::Idle));
    // Never narrower than the longest state's name and an ellipsis: a long note gives way before
    // the run's state does (at 1280 x 720 it read "Runni..." beside a long note).
    int widest = 0;
    for (auto state : {tuning::RunStatus::Idle, tuning::RunStatus::Starting, tuning::RunStatus::Running,
                       tuning::RunStatus::Pausing, tuning::RunStatus::Paused, tuning::RunStatus::Stopping,
                       tuning::RunStatus::Finished, tuning::RunStatus::Failed})
        widest = std::max(widest, status_->fontMetrics().horizontalAdvance(statusName(state) + QStringLiteral(": \u2026")));
    status_->setMinimumWidth(widest + 2 * status_->margin() + 4);
    progress_ = new QProgressBar(bar);
    progress_->setObjectName(QStringLiteral("positionsProgress"));
    progress_->setMinimumWidth(340);
    eta_ = new QLabel(bar);
    eta_->setObjectName(QStringLiteral("eta"));
    eta_->setMinimumWidth(eta_->fontMetrics().horizontalAdvance(tr("ETA 0:00:00, run 00:00:00")));
    // Ignored width: a long message is elided at the bar's edge instead of widening the window.
    note_ = new ElidedLabel(4000, bar);
    note_->setObjectName(QStringLiteral("statusNote"));
    note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    noteTimer_ = new QTimer(this);
    noteTimer_->setSingleShot(true);
    connect(noteTimer_, &QTimer::timeout, this, [this] {
        note_->setFullText({});
        emit noteExpired();
    });
    // The note is the bar's normal widget: a hovered button's tip takes its place for as long
    // as the pointer stays, the run's state beside it never goes.
    bar->addWidget(note_, 1);
    bar->addPermanentWidget(status_);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(eta_);
    clearProgress();
}

void StatusLine::showStatus(const QString& text) { status_->setFullText(text); }
QString StatusLine::statusText() const { return status_->text(); }
QString StatusLine::noteText() const { return note_->text(); }
QString StatusLine::etaText() const { return eta_->text(); }

void StatusLine::showNote(const QString& text, int timeoutMs) {
    note_->setFullText(text);  // the whole text in the tooltip when the bar elides it
    if (timeoutMs > 0)
        noteTimer_->start(timeoutMs);
    else
        noteTimer_->stop();
}

void StatusLine::setPaused(bool paused) {
    if (paused_ == paused)
        return;
    paused_ = paused;
    showEta();
}

void StatusLine::showEta() {
    // Paused: the figures stand still (they leave paused time out), so the label says why.
    const QString text = paused_ ? (etaFigures_.isEmpty() ? tr("paused") : tr("paused; %1").arg(etaFigures_))
                                 : etaFigures_;
    eta_->setText(text);
}

void StatusLine::clearProgress() {
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("no run"));
    progress_->setToolTip({});
    etaFigures_.clear();
    paused_ = false;
    showEta();
    showWaiting({});
}

void StatusLine::showEnded(tuning::RunStatus status) {
    clearProgress();
    using S = tuning::RunStatus;
    if (status == S::Finished) {
        progress_->setValue(1);  // full: every generation done
        progress_->setFormat(tr("finished"));
    } else if (status == S::Failed) {
        progress_->setFormat(tr("failed"));
    } else {
        progress_->setFormat(tr("stopped"));
    }
}

void StatusLine::showProgress(const tuning::RunProgress& p) {
    // The bar counts one evaluation: a generation's searches, its held-out pass, or the fit of K
    // and E0 before generation 0. It starts again at each, so it says which one it counts.
    const int total = static_cast<int>(std::min<std::size_t>(p.unitsTotal, INT_MAX));
    progress_->setFormat(progressFormat(p));
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(static_cast<int>(std::min<std::size_t>(p.unitsDone, INT_MAX)));
    progress_->setToolTip(passWords(p) + QStringLiteral("\n") +
                          (p.fit ? tr("the defaults are scored once, before generation 0")
                                 : tr("%n chromosome(s) scored on every position (the others are cached or unchanged)",
                                      nullptr, int(p.candidatesToSearch))));
    // While paused the figures stand still: the work in flight that finishes after Pause is no
    // measure of what is left (it read "ETA 0:00" halfway through a generation).
    if (paused_) {
        showWaiting(waitingWords(p));
        return;
    }
    QStringList eta;
    if (p.generationEta)
        eta << tr("ETA %1").arg(durationText(*p.generationEta));
    else if (p.unitsDone < p.unitsTotal)
        eta << tr("ETA: measuring");
    if (p.runEta)
        eta << tr("run %1").arg(durationText(*p.runEta));
    etaFigures_ = eta.join(QStringLiteral(", "));
    showEta();
    eta_->setToolTip(tr("From the rates measured in this run, paused time left out"));
    showWaiting(waitingWords(p));
}

void StatusLine::showWaiting(const QString& text) {
    // The note says what the run waits on while it waits; a passing message is left alone.
    if (!text.isEmpty()) {
        waiting_ = text;
        showNote(text);
    } else if (!waiting_.isEmpty()) {
        if (note_->text() == waiting_)
            showNote({});
        waiting_.clear();
    }
}

} // namespace mf::ui
