#include "ui/match_summary.h"

#include <QObject>

#include <cmath>

namespace mf::ui {

namespace {
QString signedElo(double v) { return (v >= 0 ? QStringLiteral("+") : QString()) + QString::number(v, 'f', 1); }
} // namespace

QString eloText(const match::EloEstimate& e) {
    if (e.samples == 0)
        return QObject::tr("no games yet");
    if (std::isinf(e.elo))
        return e.elo > 0 ? QObject::tr("every game won so far: no finite estimate")
                         : QObject::tr("every game lost so far: no finite estimate");
    const bool low = std::isfinite(e.low), high = std::isfinite(e.high);
    QString interval;
    if (low && high)
        interval = QObject::tr("95%: %1 to %2").arg(signedElo(e.low), signedElo(e.high));
    else if (low)
        interval = QObject::tr("95%: above %1, too few games for an upper bound").arg(signedElo(e.low));
    else if (high)
        interval = QObject::tr("95%: below %1, too few games for a lower bound").arg(signedElo(e.high));
    else
        interval = QObject::tr("too few games for an interval");
    return QStringLiteral("%1 (%2)").arg(signedElo(e.elo), interval);
}

QString sprtText(const match::SprtStatus& s, const match::SprtConfig& config, bool finished) {
    const QString where = QObject::tr("LLR %1 of [%2, %3]")
                              .arg(s.llr, 0, 'f', 2)
                              .arg(s.lower, 0, 'f', 2)
                              .arg(s.upper, 0, 'f', 2);
    QString verdict;
    switch (s.decision) {
    case match::SprtStatus::Decision::AcceptH1:
        verdict = QObject::tr("H1 accepted: side A is about %1 Elo better or more").arg(signedElo(config.elo1));
        break;
    case match::SprtStatus::Decision::AcceptH0:
        verdict = QObject::tr("H0 accepted: side A is not %1 Elo better (about %2 or less)")
                      .arg(signedElo(config.elo1), signedElo(config.elo0));
        break;
    case match::SprtStatus::Decision::Continue:
        verdict = finished ? QObject::tr("no verdict: the match ended before the LLR reached a bound")
                           : QObject::tr("undecided so far");
        break;
    }
    return QObject::tr("SPRT %1: %2").arg(where, verdict);
}

} // namespace mf::ui
