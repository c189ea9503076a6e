#pragma once
// Live statistics of the last evaluated generation: generation, best, evaluations, sum, mean,
// worst, diversity, the run's failed searches and cache use, and the best chromosome's values.
#include "evolution/ga/genome.h"
#include "evolution/tuning/run/run_observer.h"

#include <QWidget>

class QFormLayout;
class QLabel;
class QTableWidget;

namespace mf::ui {

// The lane with the best chromosome (first of equals, kAllSelectionTypes order); nullptr if none.
const tuning::GenerationReport* fightLeader(const tuning::FightRound& round);
// Measure evalfit: the genome's defaults' E on the held-out data, from the best's E and fitness
// there (fitness = E0 / E).
double heldOutStartError(const tuning::HeldOutResult& heldOut);
// "0%", "<0.1%", "0.4%", "22%": a small share must not read as none.
QString percentText(double fraction);

class StatisticsPanel : public QWidget {
    Q_OBJECT
public:
    explicit StatisticsPanel(QWidget* parent = nullptr);

    void showReport(const ga::Genome& genome, const tuning::GenerationReport& report);
    // A generation an opened file remembers (run_history.h); without its cost the cost rows say
    // the file does not record it.
    void showRecorded(const ga::Genome& genome, const tuning::GenerationReport& report, bool hasCost);
    // A fight round: the leading lane's statistics and population, with the cost of the round's
    // shared evaluation (the controller reports it on the round: its lanes carry none).
    void showFightRound(const ga::Genome& genome, const tuning::FightRound& round);
    // A generation known without a report (opened file): statistics computed by mf_ga.
    void showStats(const ga::Genome& genome, const ga::GenerationStats& stats);
    void clear();

    QString valueText(const QString& key) const;  // for tests: the shown text of a statistic

private:
    void showCost(const tuning::GenerationReport& report);
    void showMeasure(const tuning::GenerationReport& report);  // E for evalfit, the held-out result
    QHash<QString, QLabel*> labels_;
    QFormLayout* form_ = nullptr;
    QTableWidget* bestValues_ = nullptr;
};

} // namespace mf::ui
