#include "ui/fitness_charts.h"

#include <QChart>
#include <QChartView>
#include <QLegend>
#include <QLineSeries>
#include <QTabWidget>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

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

void FitnessCharts::extend(Plot& plot, int generation, double y) {
    if (plot.empty) {
        plot.yMin = plot.yMax = y;
        plot.empty = false;
    }
    plot.yMin = std::min(plot.yMin, y);
    plot.yMax = std::max(plot.yMax, y);
    const double pad = std::max(0.5, (plot.yMax - plot.yMin) * 0.08);
    plot.y->setRange(std::max(0.0, plot.yMin - pad), plot.yMax + pad);
    plot.y->applyNiceNumbers();  // ticks at 90, 100, 110 rather than 88.4, 101.5
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
    for (QLineSeries* s : {best_, mean_, worst_})
        s->clear();
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

void FitnessCharts::addGeneration(const ga::GenerationStats& s) {
    best_->append(s.generation, s.best);
    mean_->append(s.generation, s.mean);
    worst_->append(s.generation, s.worst);
    extend(fitness_, s.generation, s.worst);
    extend(fitness_, s.generation, s.best);
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

} // namespace mf::ui
