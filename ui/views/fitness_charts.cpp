#include "ui/views/fitness_charts.h"

#include "ui/views/series_palette.h"
#include "ui/views/statistics_panel.h"

#include "evolution/ga/term_group.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCursor>
#include <QLegend>
#include <QLineSeries>
#include <QTabWidget>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace mf::ui {

namespace {

void applyScale(QValueAxis* axis, const AxisScale& scale) {
    axis->setTickType(QValueAxis::TicksFixed);
    axis->setRange(scale.min, scale.max);
    axis->setTickCount(scale.ticks);
    axis->setLabelFormat(scale.labelFormat());
}

void dash(QLineSeries* s) {
    s->setPointsVisible(false);
    QPen pen = s->pen();
    pen.setStyle(Qt::DashLine);
    s->setPen(pen);
}

} // namespace

FitnessCharts::FitnessCharts(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    tabs_ = new QTabWidget(this);
    tabs_->setObjectName(QStringLiteral("chartTabs"));
    layout->addWidget(tabs_);
    fitness_ = makePlot(tr("Fitness per generation"), tr("fitness"));
    genes_ = makePlot(tr("Genes of the best chromosome, each in its own window"), tr("place in window (0 low, 1 high)"));
    fight_ = makePlot(tr("Multiselection fight: best fitness per selection type"), tr("best fitness"));
    tabs_->addTab(fitness_.view, tr("Fitness"));
    auto* genesPage = new QWidget(tabs_);
    auto* genesLayout = new QVBoxLayout(genesPage);
    genesLayout->setContentsMargins(0, 0, 0, 0);
    genePicker_ = new QComboBox(genesPage);
    genePicker_->setObjectName(QStringLiteral("genePicker"));
    genePicker_->setToolTip(tr("Which terms the chart draws: one line per group, or a group's parts, down to one "
                               "line per term"));
    genePicker_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    genePicker_->setMinimumContentsLength(24);
    genePicker_->hide();
    genesLayout->addWidget(genePicker_, 0, Qt::AlignLeft);
    genesLayout->addWidget(genes_.view, 1);
    connect(genePicker_, &QComboBox::currentIndexChanged, this, &FitnessCharts::showGeneView);
    tabs_->addTab(genesPage, tr("Genes of the best"));
    tabs_->addTab(fight_.view, tr("Selection fight"));
    applyScale(genes_.y, fixedScale(0.0, 0.25, 4));
    best_ = addSeries(fitness_, tr("best"));
    mean_ = addSeries(fitness_, tr("mean"));
    worst_ = addSeries(fitness_, tr("worst"));
    defaults_ = addSeries(fitness_, tr("defaults' E0"));
    heldOut_ = addSeries(fitness_, tr("held-out E (right)"));
    heldDefaults_ = addSeries(fitness_, tr("held-out E0 (right)"));
    // Below the plot: E's labels need the width (five or six decimals on two axes).
    fitness_.chart->legend()->setAlignment(Qt::AlignBottom);
    // Another data set has an E of its own size: on the training axis it would flatten the
    // training lines, so it gets an axis of its own on the right, at the same scale (rescaleFitness).
    heldOutAxis_ = new QValueAxis(fitness_.chart);
    heldOutAxis_->setTitleText(tr("held-out E"));
    fitness_.chart->addAxis(heldOutAxis_, Qt::AlignRight);
    for (QLineSeries* s : {heldOut_, heldDefaults_}) {
        s->detachAxis(fitness_.y);
        s->attachAxis(heldOutAxis_);
    }
    makeSpeedLine();
    dash(defaults_);
    dash(heldDefaults_);
    // The held-out pair in one colour apart from the training pair's, the defaults dashed.
    QPen held = heldOut_->pen();
    held.setColor(seriesColour(5));
    heldOut_->setPen(held);
    QPen heldDash = heldDefaults_->pen();
    heldDash.setColor(seriesColour(5));
    heldDefaults_->setPen(heldDash);
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

// Games: the pick's speed beside its fitness, 1 being the start's. A ratio, not a fitness: its
// own axis, shown with the first ratio (only games runs measure one).
void FitnessCharts::makeSpeedLine() {
    speed_ = addSeries(fitness_, tr("pick's speed (right)"));
    speedAxis_ = new QValueAxis(fitness_.chart);
    speedAxis_->setTitleText(tr("speed ratio"));
    fitness_.chart->addAxis(speedAxis_, Qt::AlignRight);
    speed_->detachAxis(fitness_.y);
    speed_->attachAxis(speedAxis_);
    QPen pen = speed_->pen();
    pen.setColor(seriesColour(6));
    speed_->setPen(pen);
    speed_->setVisible(false);
    speedAxis_->setVisible(false);
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
    const int last = std::max(1, generation);
    plot.x->setRange(0, last);
    plot.x->setTickInterval(std::max(1, (last + 9) / 10));
}

void FitnessCharts::rescaleFitness() {
    // A margin in proportion to the data, so values between 0.979 and 1.001 fill the chart rather
    // than lying flat on a 0..2 axis. With the held-out axis both get one step and one tick count:
    // equal changes of E are drawn equally tall on either.
    if (errorMode_ && heldOut_->count() > 0) {
        const auto scales = sharedScales({{fitness_.yMin, fitness_.yMax}, {heldMin_, heldMax_}});
        fitnessScale_ = scales[0];
        heldScale_ = scales[1];
        applyScale(heldOutAxis_, heldScale_);
    } else {
        fitnessScale_ = niceScale(fitness_.yMin, fitness_.yMax);
    }
    applyScale(fitness_.y, fitnessScale_);
}

void FitnessCharts::clear(const ga::Genome& genome) {
    for (Plot* p : {&fitness_, &fight_}) {
        p->empty = true;
        p->x->setRange(0, 1);
        p->y->setRange(0, 1);
    }
    for (QLineSeries* s : {best_, mean_, worst_, defaults_, heldOut_, heldDefaults_, speed_})
        s->clear();
    speed_->setVisible(false);
    speedAxis_->setVisible(false);
    speedMin_ = speedMax_ = 1.0;
    showErrorMode(false);
    for (std::size_t i = 0; i < fightSeries_.size(); ++i) {
        fightSeries_[i]->clear();
        fightSeries_[i]->setName(fightNames_[i]);
    }
    genome_ = genome;
    geneHistory_.clear();
    geneViews_ = ga::hasGroups(genome) ? geneViews(genome) : std::vector<GeneView>{};
    {
        const QSignalBlocker quiet(genePicker_);
        genePicker_->clear();
        for (const GeneView& v : geneViews_)
            genePicker_->addItem(v.label);
    }
    genePicker_->setVisible(!geneViews_.empty());
    makeGeneLines();
}

void FitnessCharts::showGeneView(int view) {
    if (view < 0 || view >= int(geneViews_.size()))
        return;
    if (genePicker_->currentIndex() != view)
        genePicker_->setCurrentIndex(view);  // comes back here through the signal
    else
        makeGeneLines();
}

void FitnessCharts::makeGeneLines() {
    for (const GeneLine& g : geneSeries_) {
        genes_.chart->removeSeries(g.series);
        delete g.series;
    }
    geneSeries_.clear();
    const int view = genePicker_->currentIndex();
    const QStringList prefix = view >= 0 && view < int(geneViews_.size()) ? geneViews_[std::size_t(view)].prefix : QStringList{};
    const std::vector<GeneLineSpec> lines = geneLinesUnder(genome_, prefix);
    // Lines of many terms: where each term's place is the mean of a few hundred says little, how
    // far they moved from the defaults says which group the run is tuning.
    geneMove_ = std::any_of(lines.begin(), lines.end(), [](const GeneLineSpec& l) { return !l.single(); });
    genes_.y->setTitleText(geneMove_ ? tr("mean move from defaults") : tr("place in window (0 low, 1 high)"));
    genes_.chart->setTitle(geneMove_ ? tr("Genes of the best by group: mean move from the defaults, as a share of "
                                          "each term's window")
                                     : tr("Genes of the best chromosome, each in its own window"));
    genes_.chart->legend()->setVisible(geneViews_.empty() || lines.size() <= 24);  // else the tooltips name them
    // Terms differ by orders of magnitude (a queen 987, a bonus 1): on one absolute axis the small
    // ones lie flat at 0. Each line is drawn in its own window; the legend and the tooltip give
    // the real values.
    for (const GeneLineSpec& spec : lines) {
        const ga::Term& t = genome_[spec.terms.front()];
        GeneLine g{addSeries(genes_, spec.name), spec.name, t.low(), t.high(), spec};
        g.series->setPointsVisible(geneHistory_.size() < 60);
        g.series->setPen(seriesPen(int(geneSeries_.size())));
        const int term = int(geneSeries_.size());
        connect(g.series, &QLineSeries::hovered, this, [this, term](const QPointF& point, bool inside) {
            if (inside)
                QToolTip::showText(QCursor::pos(), geneTip(term, int(std::lround(point.x()))), genes_.view);
            else
                QToolTip::hideText();
        });
        geneSeries_.push_back(g);
    }
    genes_.empty = true;
    geneMax_ = 0;
    genes_.x->setRange(0, 1);
    for (const auto& [generation, values] : geneHistory_)
        appendGenes(generation, values);
    rescaleGenes();
}

void FitnessCharts::addGenes(int generation, const std::vector<int>& values) {
    geneHistory_.emplace_back(generation, values);
    appendGenes(generation, values);
    rescaleGenes();
}

void FitnessCharts::appendGenes(int generation, const std::vector<int>& values) {
    if (values.size() != genome_.size() && !geneViews_.empty())
        return;  // not this genome's values
    for (GeneLine& g : geneSeries_) {
        const double y = geneLineValue(genome_, g.spec, values, geneMove_);
        g.series->append(generation, y);
        geneMax_ = std::max(geneMax_, y);
        if (g.spec.single() && g.spec.terms.front() < values.size())
            g.series->setName(QStringLiteral("%1 = %2").arg(g.option).arg(values[g.spec.terms.front()]));
        else
            g.series->setName(QStringLiteral("%1 (%2)  %3").arg(g.option).arg(g.spec.terms.size()).arg(y, 0, 'f', 3));
    }
    if (!values.empty())
        extend(genes_, generation, 0.0);
}

void FitnessCharts::rescaleGenes() {
    // Places fill their windows (0..1); moves are small shares of them, drawn to their size.
    applyScale(genes_.y, geneMove_ ? niceScale(0.0, std::max(geneMax_, 0.01)) : fixedScale(0.0, 0.25, 4));
}

QString FitnessCharts::geneTip(int term, int generation) const {
    const GeneLine& g = geneSeries_.at(std::size_t(term));
    if (!g.spec.single()) {
        for (const QPointF& p : g.series->points())
            if (std::lround(p.x()) == generation)
                return tr("%1: %2 terms, %3 %4 in generation %5")
                    .arg(g.option)
                    .arg(g.spec.terms.size())
                    .arg(geneMove_ ? tr("mean move from the defaults") : tr("mean place in their windows"))
                    .arg(p.y(), 0, 'f', 3)
                    .arg(generation);
        return tr("%1: %2 terms").arg(g.option).arg(g.spec.terms.size());
    }
    // The value itself from the generation's values (a line may draw a move, not a place).
    const std::size_t index = g.spec.terms.front();
    for (const auto& [shown, values] : geneHistory_)
        if (shown == generation && index < values.size())
            return tr("%1 = %2 in generation %3 (window %4 … %5)")
                .arg(g.option)
                .arg(values[index])
                .arg(generation)
                .arg(g.low)
                .arg(g.high);
    return tr("%1: window %2 … %3").arg(g.option).arg(g.low).arg(g.high);
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
    const bool held = error && heldOut_->count() > 0;
    heldOut_->setVisible(held);
    heldDefaults_->setVisible(held);
    heldOutAxis_->setVisible(held);
    fitness_.chart->setTitle(error ? tr("Texel's error E per generation (lower is better)")
                                   : tr("Fitness per generation"));
    fitness_.y->setTitleText(error ? tr("E") : tr("fitness"));
}

void FitnessCharts::addError(const tuning::GenerationReport& report) {
    const ga::GenerationStats& s = report.stats;
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
        const double heldE0 = heldOutStartError(*report.heldOut);
        const bool first = heldOut_->count() == 0;
        heldOut_->append(s.generation, e);
        // The defaults' held-out E is one number: a level line from generation 0.
        if (first && s.generation > 0)
            heldDefaults_->append(0, heldE0);
        heldDefaults_->append(s.generation, heldE0);
        heldOut_->setVisible(true);
        heldDefaults_->setVisible(true);
        heldOutAxis_->setVisible(true);
        heldMin_ = first ? std::min(e, heldE0) : std::min({heldMin_, e, heldE0});
        heldMax_ = first ? std::max(e, heldE0) : std::max({heldMax_, e, heldE0});
    }
}

void FitnessCharts::addGeneration(const tuning::GenerationReport& report) {
    const ga::GenerationStats& s = report.stats;
    const bool error = report.startError && *report.startError > 0;
    if (best_->count() == 0 && error != errorMode_)
        showErrorMode(error);
    if (errorMode_ && error) {
        addError(report);
    } else {
        best_->append(s.generation, s.best);
        mean_->append(s.generation, s.mean);
        worst_->append(s.generation, s.worst);
        extend(fitness_, s.generation, s.worst);
        extend(fitness_, s.generation, s.best);
    }
    rescaleFitness();
    if (report.speed)
        addSpeed(s.generation, *report.speed);
    // The genes follow what answers for the run: SPSA's theta rather than a perturbed member.
    addGenes(s.generation, report.pick.size() == s.bestValues.size() ? report.pick : s.bestValues);
}

void FitnessCharts::addSpeed(int generation, double ratio) {
    speed_->append(generation, ratio);
    speed_->setVisible(true);
    speedAxis_->setVisible(true);
    speedMin_ = std::min(speedMin_, ratio);
    speedMax_ = std::max(speedMax_, ratio);
    applyScale(speedAxis_, niceScale(speedMin_, speedMax_));
}

int FitnessCharts::speedPoints() const { return static_cast<int>(speed_->count()); }
bool FitnessCharts::showsSpeed() const { return speed_->isVisible() && speedAxis_->isVisible(); }

void FitnessCharts::addFightRound(const tuning::FightRound& round) {
    for (std::size_t i = 0; i < round.lanes.size() && i < fightSeries_.size(); ++i) {
        fightSeries_[i]->append(round.generation, round.lanes[i].stats.best);
        fightSeries_[i]->setName(QStringLiteral("%1  %2").arg(fightNames_[i]).arg(round.lanes[i].stats.best, 0, 'g', 6));
        extend(fight_, round.generation, round.lanes[i].stats.best);
    }
    if (!fight_.empty)
        applyScale(fight_.y, niceScale(fight_.yMin, fight_.yMax));
}

void FitnessCharts::showFight(bool fight) { tabs_->setCurrentWidget(fight ? fight_.view : fitness_.view); }

QString FitnessCharts::fightLegend(int lane) const { return fightSeries_.at(std::size_t(lane))->name(); }

QPen FitnessCharts::fightPen(int lane) const { return fightSeries_.at(std::size_t(lane))->pen(); }

QPen FitnessCharts::genePen(int term) const { return geneSeries_.at(std::size_t(term)).series->pen(); }
QString FitnessCharts::geneLegend(int term) const { return geneSeries_.at(std::size_t(term)).series->name(); }
QPointF FitnessCharts::genePoint(int term, int index) const { return geneSeries_.at(std::size_t(term)).series->at(index); }

int FitnessCharts::fitnessPoints() const { return static_cast<int>(best_->count()); }
bool FitnessCharts::showsHeldOut() const { return heldOut_->isVisible() && heldOutAxis_->isVisible(); }
int FitnessCharts::heldOutDefaultsPoints() const { return static_cast<int>(heldDefaults_->count()); }
double FitnessCharts::heldOutDefaultsValue() const {
    return heldDefaults_->count() > 0 ? heldDefaults_->at(heldDefaults_->count() - 1).y() : 0.0;
}
double FitnessCharts::fitnessAxisMin() const { return fitness_.y->min(); }
double FitnessCharts::fitnessAxisMax() const { return fitness_.y->max(); }

} // namespace mf::ui
