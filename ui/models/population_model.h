#pragma once
// The current population as a table: member (from 0, as the population file and the printed
// report count), rank, fitness, for measure evalfit Texel's error E, one column per term (decoded
// value) and the chromosome's bits. Values sort numerically (through a QSortFilterProxyModel:
// SortRole). Fitness and E get as many decimals as tell the members apart.
#include "evolution/ga/genome.h"
#include "evolution/ga/population.h"

#include <QAbstractTableModel>
#include <optional>
#include <vector>

namespace mf::ui {

class PopulationModel : public QAbstractTableModel {
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole + 1;
    enum FixedColumn { Member, Rank, Fitness };

    explicit PopulationModel(QObject* parent = nullptr);

    // startError: E0 of measure evalfit (fitness = E0 / E), which adds the E column.
    void setPopulation(const ga::Genome& genome, const ga::Population& population,
                       std::optional<double> startError = std::nullopt);
    void clear();
    const ga::Population& population() const { return population_; }
    const ga::Genome& genome() const { return genome_; }
    int errorColumn() const { return startError_ ? Fitness + 1 : -1; }  // -1: not an evalfit run
    int firstTermColumn() const { return Fitness + (startError_ ? 2 : 1); }
    int bitsColumn() const { return firstTermColumn() + static_cast<int>(genome_.size()); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QVariant displayed(std::size_t row, int col, bool sort) const;

    ga::Genome genome_;
    ga::Population population_;
    std::optional<double> startError_;
    std::vector<std::vector<int>> values_;  // decoded once per population
    std::vector<int> ranks_;                // 1 = best; 0 when not evaluated
    int fitnessDecimals_ = 3;
    int errorDecimals_ = 6;
};

// The fewest decimals, at least `least` and at most `most`, at which the distinct values of
// `values` print distinct: 1.0312 and 1.0309 need 4, where 3 would show both as 1.031.
int decimalsToTellApart(const std::vector<double>& values, int least, int most);

} // namespace mf::ui
