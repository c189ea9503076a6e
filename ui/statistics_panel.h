#pragma once
// Live statistics of the last evaluated generation: generation, best, evaluations, sum, mean,
// worst, diversity, the run's failed searches and cache use, and the best chromosome's values.
#include "evolution/ga/genome.h"
#include "evolution/tuning/run_observer.h"

#include <QWidget>

class QLabel;
class QTableWidget;

namespace mf::ui {

class StatisticsPanel : public QWidget {
    Q_OBJECT
public:
    explicit StatisticsPanel(QWidget* parent = nullptr);

    void showReport(const ga::Genome& genome, const tuning::GenerationReport& report);
    // A generation known without a report (opened file): statistics computed by mf_ga.
    void showStats(const ga::Genome& genome, const ga::GenerationStats& stats);
    void clear();

    QString valueText(const QString& key) const;  // for tests: the shown text of a statistic

private:
    QLabel* addRow(const QString& key, const QString& label);
    QHash<QString, QLabel*> labels_;
    QTableWidget* bestValues_ = nullptr;
};

} // namespace mf::ui
