#pragma once
// The current population as a table: rank, fitness, one column per term (decoded value) and the
// chromosome's bits. Values sort numerically (through a QSortFilterProxyModel: SortRole).
#include "evolution/ga/genome.h"
#include "evolution/ga/population.h"

#include <QAbstractTableModel>
#include <vector>

namespace mf::ui {

class PopulationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;
    enum FixedColumn { Member, Rank, Fitness, FirstTerm };

    explicit PopulationModel(QObject* parent = nullptr);

    void setPopulation(const ga::Genome& genome, const ga::Population& population);
    void clear();
    const ga::Population& population() const { return population_; }
    const ga::Genome& genome() const { return genome_; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    int bitsColumn() const { return FirstTerm + static_cast<int>(genome_.size()); }

    ga::Genome genome_;
    ga::Population population_;
    std::vector<std::vector<int>> values_;  // decoded once per population
    std::vector<int> ranks_;                // 1 = best; 0 when not evaluated
};

} // namespace mf::ui
