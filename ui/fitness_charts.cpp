#include "ui/fitness_charts.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mf::ui {

FitnessCharts::FitnessCharts(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("chartTabs"));
    layout->addWidget(tabs_);
    fitness_ = makePlot(tr("Fitness per generation"), tr("fitness"));
    genes_ = makePlot(tr("Genes of the best chromosome"), tr("value"));
    fight_ = makePlot(tr("Multiselection fight: best fitness per selection type"), tr("best fitness"));
    tabs_->addTab(fitness_.view, tr("Fitness"));
    tabs_->addTab(genes_.view, tr("Genes of the best"));
    tabs_->addTab(fight_.view, tr("Selection fight"));
    best_ = addSeries(fitness_, tr("best"));
    mean_ = addSeries(fitness_, tr("mean"));
    worst_ = addSeries(fitness_, tr("worst"));
    defaults_ = addSeries(fitness_, tr("defaults (E0)"));
    heldOut_ = addSeries(fitness_, tr("held-out E (right axis)"));
    // Another data set has an E of its own size: on the training axis it would flatten the
    // training lines, so it gets an axis of its own on the right.
    heldOutAxis_ = new QValueAxis(fitness_.chart);
    heldOutAxis_->setTitleText(tr("held-out E"));
    fitness_.chart->addAxis(heldOutAxis_, Qt::AlignRight);
    heldOut_->detachAxis(fitness_.y);
    heldOut_->attachAxis(heldOutAxis_);
    defaults_->setPointsVisible(false);
    QPen dashed = defaults_->pen();
    dashed.setStyle(Qt::DashLine);
    defaults_->setPen(dashed);
    showErrorMode(false);
    // Lanes often share a best fitness (fitness counts solved positions), so equal curves lie on
    // top of each other: each lane is drawn wider than the next, so every colour shows at its
    // edge, and the legend carries the latest best of each.
    const double widths[] = {8.0, 6.0, 4.5, 3.0, 1.8};
    int lane = 0;
    for (ga::SelectionType t : ga::kAllSelectionTypes) {  // FightRound::lanes come in this order
        const std::string_view name = ga::selectionName(t);
        QLineSeries* s = addSeries(fight_, QString::fromUtf8(name.data(), qsizetype(name.size())));
        QPen pen = s->pen();
        pen.setWidthF(widths[lane]);
        pen.setCapStyle(Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        s->setPen(pen);
        s->setMarkerSize(widths[lane] + 5.0);
        fightSeries_.push_back(s);
        fightNames_.push_back(s->name());
        ++lane;
    }
}

FitnessCharts::Plot FitnessCharts::makePlot(const QString& title, const QString& yTitle) {
    Plot p;
    p.chart = new QChart;
    p.chart->setTitle(title);
    p.chart->legend()->setAlignment(Qt::AlignRight);
    p.x = new QValueAxis(p.chart);
    p.x->setTitleText(tr("generation"));
    p.x->setLabelFormat(QStringLiteral("%d"));
    p.x->setTickType(QValueAxis::TicksDynamic);  // whole generations, not fractions of one
    p.x->setTickAnchor(0);
    p.x->setTickInterval(1);
    p.x->setRange(0, 1);
    p.y = new QValueAxis(p.chart);
    p.y->setTitleText(yTitle);
    p.y->setRange(0, 1);
    p.chart->addAxis(p.x, Qt::AlignBottom);
    p.chart->addAxis(p.y, Qt::AlignLeft);
    p.view = new QChartView(p.chart, this);
    p.view->setRenderHint(QPainter::Antialiasing);
    p.view->setMinimumHeight(170);
    return p;
}

QLineSeries* FitnessCharts::addSeries(Plot& plot, const QString& name) {
    auto* s = new QLineSeries(plot.chart);
    s->setName(name);
    s->setPointsVisible(true);
    plot.chart->addSeries(s);
    s->attachAxis(plot.x);
    s->attachAxis(plot.y);
    return s;
}

void FitnessCharts::fitRange(QValueAxis* axis, double min, double max) {
    const double span = max - min;
    const double size = std::max(std::abs(min), std::abs(max));
    const double pad = span > 0 ? span * 0.08 : (size > 0 ? size * 0.05 : 0.5);
    const double low = min >= 0 ? std::max(0.0, min - pad) : min - pad;
    axis->setRange(low, max + pad);
    axis->applyNiceNumbers();  // ticks at 90, 100, 110 rather than 88.4, 101.5
}

void FitnessCharts::extend(Plot& plot, int generation, double y) {
    if (plot.empty) {
        plot.yMin = plot.yMax = y;
        plot.empty = false;
    }
    plot.yMin = std::min(plot.yMin, y);
    plot.yMax = std::max(plot.yMax, y);
    // A margin in proportion to the data, so values between 0.979 and 1.001 fill the chart
    // rather than lying flat on a 0..2 axis; one value alone gets 5% of itself each side.
    fitRange(plot.y, plot.yMin, plot.yMax);
    const int last = std::max(1, generation);
    plot.x->setRange(0, last);
    plot.x->setTickInterval(std::max(1, (last + 9) / 10));
}

void FitnessCharts::clear(const ga::Genome& genome) {
    for (Plot* p : {&fitness_, &genes_, &fight_}) {
        p->empty = true;
        p->x->setRange(0, 1);
        p->y->setRange(0, 1);
    }
    for (QLineSeries* s : {best_, mean_, worst_, defaults_, heldOut_})
        s->clear();
    showErrorMode(false);
    for (std::size_t i = 0; i < fightSeries_.size(); ++i) {
        fightSeries_[i]->clear();
        fightSeries_[i]->setName(fightNames_[i]);
    }
    for (QLineSeries* s : geneSeries_) {
        genes_.chart->removeSeries(s);
        delete s;
    }
    geneSeries_.clear();
    for (const ga::Term& t : genome.terms())
        geneSeries_.push_back(addSeries(genes_, QString::fromStdString(t.option)));
}

void FitnessCharts::showErrorMode(bool error) {
    errorMode_ = error;
    best_->setName(error ? tr("best E") : tr("best"));
    // E mode draws what its users read: the best's E against the defaults' (and the held-out E
    // on its own axis). The worst E, which mutation throws about, would take the axis from them;
    // the statistics show it. The mean fitness is no E of anything.
    worst_->setVisible(!error);
    mean_->setVisible(!error);
    defaults_->setVisible(error);
    // The held-out series and its axis appear with the first held-out E (a run may have none).
    heldOut_->setVisible(error && heldOut_->count() > 0);
    heldOutAxis_->setVisible(error && heldOut_->count() > 0);
    fitness_.chart->setTitle(error ? tr("Texel's error E per generation (lower is better)")
                                   : tr("Fitness per generation"));
    fitness_.y->setTitleText(error ? tr("E") : tr("fitness"));
    // E differs from E0 in the fourth digit: labels with five significant digits.
    fitness_.y->setLabelFormat(error ? QStringLiteral("%.5g") : QStringLiteral("%.4g"));
    heldOutAxis_->setLabelFormat(QStringLiteral("%.5g"));
}

void FitnessCharts::addGeneration(const tuning::GenerationReport& report) {
    const ga::GenerationStats& s = report.stats;
    const bool error = report.startError && *report.startError > 0;
    if (best_->count() == 0 && error != errorMode_)
        showErrorMode(error);
    if (errorMode_ && error) {
        const double e0 = *report.startError;
        auto errorOf = [e0](double fitness) { return fitness > 0 ? e0 / fitness : e0; };
        const double best = report.bestError.value_or(errorOf(s.best));
        best_->append(s.generation, best);
        worst_->append(s.generation, errorOf(s.worst));  // hidden, kept for a switch back
        mean_->append(s.generation, s.mean);
        defaults_->append(s.generation, e0);
        extend(fitness_, s.generation, best);
        extend(fitness_, s.generation, e0);
        if (report.heldOut && report.heldOut->error) {
            const double e = *report.heldOut->error;
            heldOut_->append(s.generation, e);
            heldOut_->setVisible(true);
            heldOutAxis_->setVisible(true);
            heldMin_ = heldOut_->count() == 1 ? e : std::min(heldMin_, e);
            heldMax_ = heldOut_->count() == 1 ? e : std::max(heldMax_, e);
            fitRange(heldOutAxis_, heldMin_, heldMax_);
        }
    } else {
        best_->append(s.generation, s.best);
        mean_->append(s.generation, s.mean);
        worst_->append(s.generation, s.worst);
        extend(fitness_, s.generation, s.worst);
        extend(fitness_, s.generation, s.best);
    }
    for (std::size_t i = 0; i < s.bestValues.size() && i < geneSeries_.size(); ++i) {
        geneSeries_[i]->append(s.generation, s.bestValues[i]);
        extend(genes_, s.generation, s.bestValues[i]);
    }
}

void FitnessCharts::addFightRound(const tuning::FightRound& round) {
    for (std::size_t i = 0; i < round.lanes.size() && i < fightSeries_.size(); ++i) {
        fightSeries_[i]->append(round.generation, round.lanes[i].stats.best);
        fightSeries_[i]->setName(QStringLiteral("%1  %2").arg(fightNames_[i]).arg(round.lanes[i].stats.best, 0, 'g', 6));
        extend(fight_, round.generation, round.lanes[i].stats.best);
    }
}

void FitnessCharts::showFight(bool fight) { tabs_->setCurrentWidget(fight ? fight_.view : fitness_.view); }

QString FitnessCharts::fightLegend(int lane) const { return fightSeries_.at(std::size_t(lane))->name(); }

QPen FitnessCharts::fightPen(int lane) const { return fightSeries_.at(std::size_t(lane))->pen(); }

int FitnessCharts::fitnessPoints() const { return static_cast<int>(best_->count()); }
bool FitnessCharts::showsHeldOut() const { return heldOut_->isVisible() && heldOutAxis_->isVisible(); }
double FitnessCharts::fitnessAxisMin() const { return fitness_.y->min(); }
double FitnessCharts::fitnessAxisMax() const { return fitness_.y->max(); }

} // namespace mf::ui
