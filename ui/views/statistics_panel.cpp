#include "ui/views/statistics_panel.h"

#include "evolution/tuning/common/elo_text.h"

#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mf::ui {

const tuning::GenerationReport* fightLeader(const tuning::FightRound& round) {
    const tuning::GenerationReport* lead = nullptr;
    for (const auto& lane : round.lanes)
        if (!lead || lane.stats.best > lead->stats.best)
            lead = &lane;
    return lead;
}

double heldOutStartError(const tuning::HeldOutResult& heldOut) {
    const double e = heldOut.error.value_or(0.0);
    return e > 0 ? e * heldOut.fitness : heldOut.fitness;  // fitness = E0 / E, and E0 itself when E is 0
}

// "15,401,404": counts of millions read at a glance whatever the machine's locale.
static QString groupedCount(std::size_t count) {
    return QLocale(QLocale::English).toString(static_cast<qulonglong>(count));
}

QString percentText(double fraction) {
    const double pct = fraction * 100.0;
    if (pct <= 0.0)
        return QStringLiteral("0%");
    if (pct < 0.1)
        return QStringLiteral("<0.1%");
    if (pct < 10.0)
        return QString::number(pct, 'f', 1) + QLatin1Char('%');
    return QString::number(pct, 'f', 0) + QLatin1Char('%');
}

StatisticsPanel::StatisticsPanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    form_ = form;
    layout->addLayout(form);
    // Long values wrap below their label rather than widening the dock (and with it the window).
    form->setRowWrapPolicy(QFormLayout::WrapLongRows);
    const std::pair<const char*, QString> rows[] = {
        {"generation", tr("Generation")},   {"best", tr("Best")},             {"mean", tr("Mean")},
        {"worst", tr("Worst")},             {"sum", tr("Sum of fitness")},    {"evaluations", tr("Evaluations")},
        {"diversity", tr("Diversity")},     {"failed", tr("Failed searches")}, {"limits", tr("Limit-breaking")},
        {"cache", tr("Cache hits")},
        {"error", tr("Defaults")},
        {"heldout", tr("Held-out (best)")}, {"elo", tr("Elo of the pick")}, {"speed", tr("Speed of the pick")},
        {"played", tr("Work so far")},
        {"time", tr("Generation time")}};
    for (const auto& [key, label] : rows) {
        auto* value = new QLabel(QStringLiteral("–"), this);
        value->setObjectName(QString::fromLatin1(key));
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        value->setWordWrap(true);
        labels_.insert(QString::fromLatin1(key), value);
        form->addRow(label, value);
    }
    form->setRowVisible(labels_[QStringLiteral("elo")], false);  // games runs only: no row of dashes otherwise
    form->setRowVisible(labels_[QStringLiteral("speed")], false);
    labels_[QStringLiteral("speed")]->setToolTip(
        tr("Measure games: nodes a second with the pick's values over the start's, measured before each pair on the "
           "same engine process in turns (SPSA's theta: its members' mean). Below 1 the pick buys its strength with "
           "dearer nodes, which a node limit gives for free and a clock does not."));
    labels_[QStringLiteral("best")]->setToolTip(tr("The best member's fitness (measure evalfit: its Texel error E, "
                                                   "fitness = E0 / E)"));
    labels_[QStringLiteral("mean")]->setToolTip(tr("The members' mean fitness (measure evalfit: the mean of their "
                                                   "E, and the mean fitness)"));
    labels_[QStringLiteral("heldout")]->setToolTip(
        tr("The best's result on the held-out work (measure evalfit: its E on the held-out data against the "
           "genome's defaults' E0 there, fitness = E0 / E)"));
    labels_[QStringLiteral("elo")]->setToolTip(
        tr("Measure games: the Elo of what answers for the run (the GA's best, SPSA's theta) with its 95% interval "
           "from game pairs: against the start values on the held-out openings when that check ran, else against "
           "the baseline in this generation's games"));
    labels_[QStringLiteral("played")]->setToolTip(tr("Games played (or positions searched) in the run so far, "
                                                     "held-out checks included"));
    labels_[QStringLiteral("diversity")]->setToolTip(tr("Mean Hamming distance between two members, in bits"));
    labels_[QStringLiteral("error")]->setToolTip(
        tr("Measure evalfit: Texel's error E = mean (R - sigmoid(K q / 400))^2 on the data set; E0 is the genome's "
           "defaults' E (fitness = E0 / E), K fitted once on the defaults"));
    auto* title = new QLabel(tr("Best chromosome"), this);
    QFont bold = title->font();
    bold.setBold(true);
    title->setFont(bold);
    layout->addWidget(title);
    bestValues_ = new QTableWidget(0, 2, this);
    bestValues_->setObjectName(QStringLiteral("bestValues"));
    bestValues_->setHorizontalHeaderLabels({tr("Term"), tr("Value")});
    bestValues_->verticalHeader()->hide();
    bestValues_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    bestValues_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    bestValues_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    layout->addWidget(bestValues_, 1);
}

void StatisticsPanel::showStats(const ga::Genome& genome, const ga::GenerationStats& s) {
    labels_[QStringLiteral("generation")]->setText(QString::number(s.generation));
    labels_[QStringLiteral("best")]->setText(QString::number(s.best, 'f', 3));
    labels_[QStringLiteral("mean")]->setText(QString::number(s.mean, 'f', 3));
    labels_[QStringLiteral("worst")]->setText(QString::number(s.worst, 'f', 3));
    labels_[QStringLiteral("sum")]->setText(QString::number(s.sum, 'f', 3));
    labels_[QStringLiteral("evaluations")]->setText(QString::number(s.evaluations));
    labels_[QStringLiteral("diversity")]->setText(QString::number(s.diversity, 'f', 2));
    bestValues_->setRowCount(static_cast<int>(s.bestValues.size()));
    for (std::size_t i = 0; i < s.bestValues.size(); ++i) {
        const QString name = i < genome.size() ? QString::fromStdString(genome[i].name) : QString::number(i);
        auto* nameItem = new QTableWidgetItem(name);
        auto* valueItem = new QTableWidgetItem(QString::number(s.bestValues[i]));
        valueItem->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (i < genome.size() && s.bestValues[i] != genome[i].defaultValue)
            valueItem->setToolTip(tr("default %1").arg(genome[i].defaultValue));
        bestValues_->setItem(static_cast<int>(i), 0, nameItem);
        bestValues_->setItem(static_cast<int>(i), 1, valueItem);
    }
}

void StatisticsPanel::showReport(const ga::Genome& genome, const tuning::GenerationReport& r) {
    showStats(genome, r.stats);
    showCost(r);
    showMeasure(r);
}

void StatisticsPanel::showRecorded(const ga::Genome& genome, const tuning::GenerationReport& r, bool hasCost) {
    showStats(genome, r.stats);
    showMeasure(r);
    if (hasCost) {
        showCost(r);
        return;
    }
    for (const char* key : {"failed", "limits", "cache", "time"}) {
        QLabel* l = labels_[QString::fromLatin1(key)];
        l->setText(tr("not recorded in this file"));
        l->setToolTip(tr("Files written by matefind-cli (and autosaves of its runs) keep each generation's "
                         "statistics but not what it cost; the window records both"));
    }
}

void StatisticsPanel::showCost(const tuning::GenerationReport& r) {
    labels_[QStringLiteral("failed")]->setToolTip(tr("Searches that failed twice (the engine crashed, hung or "
                                                     "answered nonsense, and again after a restart): never scored"));
    labels_[QStringLiteral("limits")]->setToolTip(
        tr("Scored searches whose reported nodes were above 10x or below 1/10 of a nodes limit: the engine "
           "does not search what the limit says"));
    labels_[QStringLiteral("failed")]->setText(
        tr("%1 this generation, %2 in the run").arg(r.cost.failedSearches).arg(r.failedSearchesTotal));
    labels_[QStringLiteral("limits")]->setText(tr("%1 this generation, %2 in the run")
                                                   .arg(r.cost.limitBreakingSearches)
                                                   .arg(r.limitBreakingSearchesTotal));
    labels_[QStringLiteral("cache")]->setText(tr("%1 searched, %2 cached (run: %3)")
                                                  .arg(r.cost.searchedCandidates)
                                                  .arg(r.cost.cachedCandidates)
                                                  .arg(percentText(r.cacheHitRate)) +
                                              (r.cache.evictions > 0 ? tr(", %1 evicted at the %2 MiB bound")
                                                                           .arg(r.cache.evictions)
                                                                           .arg(r.cache.capacity >> 20)
                                                                     : QString()));
    labels_[QStringLiteral("cache")]->setToolTip(
        tr("Chromosomes of this generation sent to the engines, and those whose fitness came from the cache "
           "or an equal chromosome (depth and nodes limits only). Children equal to a parent keep its fitness "
           "and are neither.") +
        (r.cache.capacity > 0 ? tr(" The cache keeps at most %1 MiB of scores; past it the least recently used are "
                                   "dropped and searched again when met, with the same results.")
                                    .arg(r.cache.capacity >> 20)
                              : QString()));
    const double seconds = std::chrono::duration<double>(r.cost.wallTime).count();
    if (seconds <= 0) {
        // A report that timed nothing (the run's closing check of its pick): no "0 ms".
        labels_[QStringLiteral("time")]->setText(tr("not timed"));
        labels_[QStringLiteral("time")]->setToolTip(tr("This report timed no generation (the run's closing step)"));
        return;
    }
    const QString wall = seconds < 1.0 ? tr("%1 ms").arg(seconds * 1000.0, 0, 'f', 0) : tr("%1 s").arg(seconds, 0, 'f', 1);
    labels_[QStringLiteral("time")]->setText(wall + (r.noisyFitness ? tr(" (time limit: fitness is noisy)") : QString()));
    labels_[QStringLiteral("time")]->setToolTip({});
}

void StatisticsPanel::showMeasure(const tuning::GenerationReport& r) {
    if (r.startError && *r.startError > 0) {
        // Evalfit's users read E: the best's and the worst's, the mean fitness as it is.
        const double e0 = *r.startError;
        const double bestE = r.bestError.value_or(r.stats.best > 0 ? e0 / r.stats.best : e0);
        // Six significant digits: E is often about 0.1, but a small data set can fit far closer.
        labels_[QStringLiteral("best")]->setText(tr("E %1 (fitness %2)").arg(bestE, 0, 'g', 6).arg(r.stats.best, 0, 'f', 5));
        // The mean of the members' E, which is not E0 over the mean fitness; a report without
        // its population (a fight lane's history) can say the mean fitness only.
        double sum = 0;
        int scored = 0;
        for (const ga::Member& m : r.population)
            if (m.fitness && *m.fitness > 0) {
                sum += e0 / *m.fitness;
                ++scored;
            }
        labels_[QStringLiteral("mean")]->setText(
            scored > 0 ? tr("E %1 (fitness %2)").arg(sum / scored, 0, 'g', 6).arg(r.stats.mean, 0, 'f', 5)
                       : tr("fitness %1").arg(r.stats.mean, 0, 'f', 5));
        labels_[QStringLiteral("worst")]->setText(tr("E %1 (fitness %2)")
                                                       .arg(r.stats.worst > 0 ? e0 / r.stats.worst : e0, 0, 'g', 6)
                                                       .arg(r.stats.worst, 0, 'f', 5));
        labels_[QStringLiteral("error")]->setText(
            tr("E0 %1, K %2").arg(e0, 0, 'g', 6).arg(r.evalfitK.value_or(0.0), 0, 'f', 4));
    }
    // A report read back from a file carries no run totals: its held-out unit says it too.
    const bool games = r.unitsKind == tuning::WorkUnit::Games || r.pickElo || r.speed ||
                       (r.heldOut && r.heldOut->unit == tuning::WorkUnit::Games);
    form_->setRowVisible(labels_[QStringLiteral("elo")], games);
    form_->setRowVisible(labels_[QStringLiteral("speed")], games && r.speed.has_value());
    if (r.speed)
        labels_[QStringLiteral("speed")]->setText(
            tr("%1 of the start's nodes a second").arg(QString::fromStdString(tuning::speedRatioText(*r.speed))));
    if (r.unitsTotal > 0)
        labels_[QStringLiteral("played")]->setText(
            r.unitsKind != tuning::WorkUnit::Games ? tr("%1 positions scored").arg(groupedCount(r.unitsTotal))
            : r.cost.gamesLostOnTime > 0
                ? tr("%1 games; this generation %2 of %3 lost on time (a busy machine makes engines late)")
                      .arg(groupedCount(r.unitsTotal))
                      .arg(r.cost.gamesLostOnTime)
                      .arg(r.cost.gamesPlayed)
                : tr("%1 games").arg(groupedCount(r.unitsTotal)));
    if (r.heldOut && r.heldOut->elo)
        labels_[QStringLiteral("elo")]->setText(
            tr("%1 against the start values, held-out openings").arg(QString::fromStdString(tuning::eloFigureText(*r.heldOut->elo))));
    else if (r.pickElo)
        labels_[QStringLiteral("elo")]->setText(
            tr("%1 against the baseline, this generation").arg(QString::fromStdString(tuning::eloFigureText(*r.pickElo))));
    if (r.heldOut && r.heldOut->elo)
        labels_[QStringLiteral("heldout")]->setText(tr("%1 points of %2 games").arg(r.heldOut->fitness, 0, 'f', 1).arg(r.heldOut->scored));
    else if (r.heldOut && r.heldOut->error)
        labels_[QStringLiteral("heldout")]->setText(tr("E %1, defaults' E0 %2 (fitness %3, %4 positions)")
                                                        .arg(*r.heldOut->error, 0, 'g', 6)
                                                        .arg(heldOutStartError(*r.heldOut), 0, 'g', 6)
                                                        .arg(r.heldOut->fitness, 0, 'f', 5)
                                                        .arg(r.heldOut->positions));
    else if (r.heldOut)
        labels_[QStringLiteral("heldout")]->setText(tr("%1 (%2 of %3 solved)")
                                                        .arg(r.heldOut->fitness, 0, 'f', 2)
                                                        .arg(r.heldOut->solved)
                                                        .arg(r.heldOut->positions));
}

void StatisticsPanel::showFightRound(const ga::Genome& genome, const tuning::FightRound& round) {
    const tuning::GenerationReport* lead = fightLeader(round);
    if (!lead)
        return;
    tuning::GenerationReport shown = *lead;
    shown.cost = round.cost;
    showReport(genome, shown);
    if (lead->lane) {
        const std::string_view n = ga::selectionName(*lead->lane);
        labels_[QStringLiteral("generation")]->setText(
            tr("%1 (%2 leads)").arg(round.generation).arg(QString::fromUtf8(n.data(), qsizetype(n.size()))));
    }
    labels_[QStringLiteral("cache")]->setText(labels_[QStringLiteral("cache")]->text() + tr(", all lanes"));
}

void StatisticsPanel::clear() {
    for (QLabel* l : labels_)
        l->setText(QStringLiteral("–"));
    bestValues_->setRowCount(0);
}

QString StatisticsPanel::valueText(const QString& key) const {
    QLabel* l = labels_.value(key);
    return l ? l->text() : QString();
}

} // namespace mf::ui
