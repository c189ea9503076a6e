#include "ui/match/match_chart.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QPen>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mf::ui {
namespace {
// The Elo axis never grows past this: a few lopsided pairs would squash the interval to a line.
constexpr double kEloAxisLimit = 800;
}  // namespace

MatchChart::MatchChart(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    chart_ = new QChart;
    // No title (the tab and the axes say what it is) and the legend at the side, thin margins:
    // on a 1280 x 720 screen the height goes to the plot and the axes' titles stay whole.
    chart_->legend()->setAlignment(Qt::AlignRight);
    chart_->setMargins(QMargins(2, 2, 2, 2));
    x_ = new QValueAxis(chart_);
    x_->setTitleText(tr("game pairs"));
    x_->setLabelFormat(QStringLiteral("%d"));
    yElo_ = new QValueAxis(chart_);
    yElo_->setTitleText(tr("Elo"));
    yElo_->setLabelFormat(QStringLiteral("%.0f"));
    yLlr_ = new QValueAxis(chart_);
    yLlr_->setTitleText(tr("LLR"));
    yLlr_->setLabelFormat(QStringLiteral("%.1f"));
    // Qt Charts cuts a label it thinks has no room to "..." (every Elo label of a short chart
    // did, at 1280 x 720): the labels are a few characters, so they are always drawn whole.
    for (QValueAxis* axis : {x_, yElo_, yLlr_}) axis->setTruncateLabels(false);
    chart_->addAxis(x_, Qt::AlignBottom);
    chart_->addAxis(yElo_, Qt::AlignLeft);
    chart_->addAxis(yLlr_, Qt::AlignRight);
    auto add = [this](const QString& name, QValueAxis* y, QColor colour, Qt::PenStyle style, qreal width) {
        auto* s = new QLineSeries(chart_);
        s->setName(name);
        chart_->addSeries(s);
        s->attachAxis(x_);
        s->attachAxis(y);
        QPen pen(colour);
        pen.setStyle(style);
        pen.setWidthF(width);
        s->setPen(pen);
        return s;
    };
    const QColor elo(0x1f, 0x77, 0xb4), llr(0xd6, 0x27, 0x28);
    elo_ = add(tr("Elo"), yElo_, elo, Qt::SolidLine, 2.5);
    low_ = add(tr("95% interval"), yElo_, elo.lighter(150), Qt::DashLine, 1.2);
    high_ = add(QString(), yElo_, elo.lighter(150), Qt::DashLine, 1.2);
    llr_ = add(tr("LLR"), yLlr_, llr, Qt::SolidLine, 2.5);
    lower_ = add(tr("SPRT bounds"), yLlr_, llr.lighter(160), Qt::DotLine, 1.2);
    upper_ = add(QString(), yLlr_, llr.lighter(160), Qt::DotLine, 1.2);
    for (QLineSeries* second : {high_, upper_})  // one legend entry for each pair of lines
        chart_->legend()->markers(second).value(0)->setVisible(false);
    elo_->setPointsVisible(true);
    llr_->setPointsVisible(true);
    auto* view = new QChartView(chart_, this);
    view->setRenderHint(QPainter::Antialiasing);
    view->setToolTip(tr("Side A's Elo with its 95% interval (left axis) and the SPRT log-likelihood ratio with its "
                        "bounds (right axis), after each game pair"));
    view->setMinimumHeight(150);
    layout->addWidget(view);
    start(10, std::log(0.05 / 0.95), std::log(0.95 / 0.05));
}

void MatchChart::start(std::int64_t pairs, double llrLower, double llrUpper) {
    for (QLineSeries* s : {elo_, low_, high_, llr_, lower_, upper_}) s->clear();
    planned_ = std::max<std::int64_t>(1, pairs);
    x_->setRange(0, double(planned_));
    x_->setTickCount(int(std::min<std::int64_t>(planned_, 10)) + 1);
    eloMin_ = -50, eloMax_ = 50;
    // A margin beyond the bounds, so their lines do not lie on the chart's frame.
    llrMin_ = std::floor(std::min(llrLower, -3.0)) - 1, llrMax_ = std::ceil(std::max(llrUpper, 3.0)) + 1;
    yElo_->setRange(eloMin_, eloMax_);
    yLlr_->setRange(llrMin_, llrMax_);
    for (auto [series, y] : {std::pair{lower_, llrLower}, std::pair{upper_, llrUpper}}) {
        series->append(0, y);
        series->append(double(planned_), y);
    }
}

void MatchChart::addPoint(std::int64_t pairs, const match::EloEstimate& elo, double llr) {
    const double x = double(pairs);
    auto clamp = [](double v) { return std::clamp(v, -kEloAxisLimit, kEloAxisLimit); };
    auto grow = [](double v, double& lo, double& hi, double step) {
        lo = std::min(lo, std::floor(v / step) * step);
        hi = std::max(hi, std::ceil(v / step) * step);
    };
    // The Elo itself is drawn even when infinite (all won or all lost so far), at the axis limit;
    // an infinite interval end (no spread between pairs yet) is left out rather than drawn as a bound.
    if (!std::isnan(elo.elo)) {
        elo_->append(x, clamp(elo.elo));
        grow(clamp(elo.elo), eloMin_, eloMax_, 50);
    }
    for (auto [series, value] : {std::pair{low_, elo.low}, std::pair{high_, elo.high}}) {
        if (!std::isfinite(value)) continue;
        series->append(x, clamp(value));
        grow(clamp(value), eloMin_, eloMax_, 50);
    }
    yElo_->setRange(eloMin_, eloMax_);
    yElo_->applyNiceNumbers();  // ticks at -400, -200, 0 rather than -375, -163
    if (std::isfinite(llr)) {
        llr_->append(x, llr);
        grow(llr, llrMin_, llrMax_, 1);
        yLlr_->setRange(llrMin_, llrMax_);
    }
}

int MatchChart::eloPoints() const { return int(elo_->count()); }
int MatchChart::llrPoints() const { return int(llr_->count()); }

}  // namespace mf::ui
