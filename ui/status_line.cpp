#include "ui/status_line.h"

#include <QLabel>
#include <QProgressBar>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>
#include <climits>

namespace mf::ui {

namespace {

QString duration(std::chrono::seconds s) {
    const auto t = s.count();
    return t >= 3600 ? QStringLiteral("%1:%2:%3").arg(t / 3600).arg(t / 60 % 60, 2, 10, QLatin1Char('0')).arg(t % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

} // namespace

StatusLine::StatusLine(QStatusBar* bar) : QObject(bar) {
    status_ = new QLabel(tr("idle"), bar);
    status_->setObjectName(QStringLiteral("runStatus"));
    progress_ = new QProgressBar(bar);
    progress_->setObjectName(QStringLiteral("positionsProgress"));
    progress_->setMinimumWidth(340);
    eta_ = new QLabel(bar);
    eta_->setObjectName(QStringLiteral("eta"));
    note_ = new QLabel(bar);
    note_->setObjectName(QStringLiteral("statusNote"));
    // Ignored width: a long message is cut at the bar's edge instead of widening the window.
    note_->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    noteTimer_ = new QTimer(this);
    noteTimer_->setSingleShot(true);
    connect(noteTimer_, &QTimer::timeout, this, [this] {
        note_->clear();
        note_->setToolTip({});
        emit noteExpired();
    });
    bar->addWidget(status_);
    bar->addWidget(note_, 1);
    bar->addPermanentWidget(progress_);
    bar->addPermanentWidget(eta_);
    clearProgress();
}

void StatusLine::showStatus(const QString& text) { status_->setText(text); }
QString StatusLine::statusText() const { return status_->text(); }
QString StatusLine::noteText() const { return note_->text(); }

void StatusLine::showNote(const QString& text, int timeoutMs) {
    note_->setText(text);
    note_->setToolTip(text);  // the whole text when the bar cuts it
    if (timeoutMs > 0)
        noteTimer_->start(timeoutMs);
    else
        noteTimer_->stop();
}

void StatusLine::clearProgress() {
    progress_->setRange(0, 1);
    progress_->setValue(0);
    progress_->setFormat(tr("no run"));
    eta_->clear();
}

void StatusLine::showProgress(const tuning::RunProgress& p) {
    // The bar counts one evaluation: a generation's searches, or the best on the held-out suite.
    // It starts again at each, so the bar says which one it counts.
    const int total = static_cast<int>(std::min<std::size_t>(p.unitsTotal, INT_MAX));
    const QString unit = QString::fromUtf8(tuning::workUnitName(p.unit).data());
    progress_->setFormat(p.heldOut ? tr("held-out, generation %1: %v / %m %2").arg(p.generation).arg(unit)
                                   : tr("generation %1: %v / %m %2").arg(p.generation).arg(unit));
    progress_->setRange(0, std::max(1, total));
    progress_->setValue(static_cast<int>(std::min<std::size_t>(p.unitsDone, INT_MAX)));
    progress_->setToolTip(tr("%n chromosome(s) searched on every position (the others are cached or unchanged)",
                             nullptr, int(p.candidatesToSearch)));
    QStringList eta;
    if (p.generationEta)
        eta << tr("ETA %1").arg(duration(*p.generationEta));
    if (p.runEta)
        eta << tr("run ETA %1").arg(duration(*p.runEta));
    eta_->setText(eta.join(QStringLiteral(", ")));
}

} // namespace mf::ui
