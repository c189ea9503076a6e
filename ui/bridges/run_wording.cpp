#include "ui/bridges/run_wording.h"

#include <QObject>

namespace mf::ui {

QString statusName(tuning::RunStatus status) {
    using S = tuning::RunStatus;
    switch (status) {
    case S::Idle: return QObject::tr("Idle");
    case S::Starting: return QObject::tr("Starting");
    case S::Running: return QObject::tr("Running");
    case S::Pausing: return QObject::tr("Pausing");
    case S::Paused: return QObject::tr("Paused");
    case S::Stopping: return QObject::tr("Stopping");
    case S::Finished: return QObject::tr("Finished");
    case S::Failed: return QObject::tr("Failed");
    }
    return QObject::tr("Unknown");
}

QString statusWords(const tuning::StatusChange& change) {
    const QString name = statusName(change.status);
    const QString reason = QString::fromStdString(change.reason).trimmed();
    // A reason that repeats the status ("paused: ...") says it once.
    if (reason.isEmpty() || reason.compare(name, Qt::CaseInsensitive) == 0)
        return name;
    if (reason.startsWith(name + QLatin1Char(':'), Qt::CaseInsensitive))
        return name + reason.mid(name.size());
    return name + QStringLiteral(": ") + reason;
}

QString passWords(const tuning::RunProgress& p) {
    if (p.fit)
        return p.heldOut ? QObject::tr("scoring the genome's defaults on the held-out data (E0 there)")
                         : QObject::tr("fitting K and E0 on the genome's defaults");
    if (p.confirming)
        return QObject::tr("confirming the pick against the start values at a clock");
    if (p.heldOut)
        return QObject::tr("the held-out pass of generation %1").arg(p.generation);
    return QObject::tr("scoring generation %1").arg(p.generation);
}

QString progressFormat(const tuning::RunProgress& p) {
    const QString unit = QString::fromUtf8(tuning::workUnitName(p.unit).data());
    if (p.fit)
        return p.heldOut ? QObject::tr("defaults, held-out data: %v / %m %1").arg(unit)
                         : QObject::tr("fitting K on the defaults: %v / %m %1").arg(unit);
    if (p.confirming)
        return QObject::tr("confirming the pick: %v / %m %1").arg(unit);
    if (p.heldOut)
        return QObject::tr("generation %1, held-out: %v / %m %2").arg(p.generation).arg(unit);
    return QObject::tr("generation %1: %v / %m %2").arg(p.generation).arg(unit);
}

QString waitingWords(const tuning::RunProgress& p) {
    if (p.inFlight == 0 || p.waitingFor < kWaitingWorthSaying)
        return {};
    const QString engines = p.inFlight == 1 ? QObject::tr("waiting on 1 engine")
                                            : QObject::tr("waiting on %1 engines").arg(p.inFlight);
    const QString what = p.unitsDone == 0 ? QObject::tr("no answer yet in this pass: engines starting or reading the "
                                                        "positions, or a long first chunk")
                                          : QObject::tr("since the last %1 finished")
                                                .arg(p.unit == tuning::WorkUnit::Games ? QObject::tr("game")
                                                                                       : QObject::tr("position"));
    return QObject::tr("%1 for %2 (%3)").arg(engines, durationText(p.waitingFor), what);
}

QString durationText(std::chrono::seconds s) {
    const auto t = s.count();
    return t >= 3600 ? QStringLiteral("%1:%2:%3")
                           .arg(t / 3600)
                           .arg(t / 60 % 60, 2, 10, QLatin1Char('0'))
                           .arg(t % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

} // namespace mf::ui
