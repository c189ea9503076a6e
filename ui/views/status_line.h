#pragma once
// The window's status bar: the run status, one note (passing messages, why Start is disabled:
// beside the status, never over it, as QStatusBar's temporary messages were), the progress of
// the evaluation in flight and its ETA ("paused" while the run is). The run status, the progress
// and the ETA are permanent widgets: a tool bar button's tip, which QStatusBar shows as a
// temporary message, covers only the note while the pointer is on the button. Long texts are
// elided, the whole text in the tooltip (elided_label.h).
#include "evolution/tuning/evaluate/fitness_work.h"
#include "evolution/tuning/run/run_observer.h"

#include <QObject>
#include <QString>

class QLabel;
class QProgressBar;
class QStatusBar;
class QTimer;

namespace mf::ui {

class ElidedLabel;

class StatusLine : public QObject {
    Q_OBJECT
public:
    explicit StatusLine(QStatusBar* bar);

    void showStatus(const QString& text);
    QString statusText() const;
    void showNote(const QString& text, int timeoutMs = 0);  // 0: until replaced
    QString noteText() const;
    void showProgress(const tuning::RunProgress& progress);
    void clearProgress();  // no run
    void showEnded(tuning::RunStatus status);  // the bar says how the run ended (finished, failed, stopped)
    void setPaused(bool paused);  // the ETA says so (its figures leave paused time out)
    QString etaText() const;

signals:
    void noteExpired();  // a timed note went: a standing reason (Start disabled) may come back

private:
    void showWaiting(const QString& text);  // "" when the engines answer again

    void showEta();

    ElidedLabel* status_ = nullptr;
    QString waiting_;  // what the note says the run waits on, while it does
    QProgressBar* progress_ = nullptr;
    QLabel* eta_ = nullptr;
    QString etaFigures_;  // the last ETA figures
    bool paused_ = false;
    ElidedLabel* note_ = nullptr;
    QTimer* noteTimer_ = nullptr;
};

} // namespace mf::ui
