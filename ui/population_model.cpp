#include "ui/population_model.h"

#include <QFontDatabase>

namespace mf::ui {

PopulationModel::PopulationModel(QObject* parent) : QAbstractTableModel(parent) {}

void PopulationModel::setPopulation(const ga::Genome& genome, const ga::Population& population) {
    const bool sameShape = genome == genome_ && population.size() == population_.size();
    if (!sameShape)
        beginResetModel();
    genome_ = genome;
    population_ = population;
    values_.clear();
    ranks_.assign(population_.size(), 0);
    for (const ga::Member& m : population_)
        values_.push_back(m.chromosome.size() == genome_.length() ? ga::decode(genome_, m.chromosome)
                                                                  : std::vector<int>(genome_.size(), 0));
    if (ga::fullyEvaluated(population_) && !population_.empty()) {
        const std::vector<std::size_t> order = ga::rankOrder(population_);
        for (std::size_t r = 0; r < order.size(); ++r)
            ranks_[order[r]] = static_cast<int>(r + 1);
    }
    if (sameShape) {
        if (rowCount() > 0)
            emit dataChanged(index(0, 0), index(rowCount() - 1, columnCount() - 1));
    } else {
        endResetModel();
    }
}

void PopulationModel::clear() {
    beginResetModel();
    population_.clear();
    values_.clear();
    ranks_.clear();
    endResetModel();
}

int PopulationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(population_.size());
}

int PopulationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : bitsColumn() + 1;
}

QVariant PopulationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const int col = index.column();
    const ga::Member& m = population_[row];
    if (role == Qt::DisplayRole || role == SortRole) {
        const bool sort = role == SortRole;
        if (col == Member)
            return index.row() + 1;
        if (col == Rank)
            return ranks_[row] > 0 ? QVariant(ranks_[row]) : (sort ? QVariant(1 << 30) : QVariant(QStringLiteral("–")));
        if (col == Fitness)
            return m.fitness ? (sort ? QVariant(*m.fitness) : QVariant(QString::number(*m.fitness, 'f', 3)))
                             : (sort ? QVariant(-1.0) : QVariant(tr("pending")));
        if (col == bitsColumn())
            return QString::fromStdString(m.chromosome.toString());
        return values_[row][static_cast<std::size_t>(col - FirstTerm)];
    }
    if (role == Qt::FontRole && col == bitsColumn())
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role == Qt::TextAlignmentRole && col < bitsColumn())
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant PopulationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    if (role == Qt::ToolTipRole && section >= FirstTerm && section < bitsColumn())
        return QString::fromStdString(genome_[static_cast<std::size_t>(section - FirstTerm)].name);
    if (role != Qt::DisplayRole)
        return {};
    if (section == Member)
        return tr("#");
    if (section == Rank)
        return tr("Rank");
    if (section == Fitness)
        return tr("Fitness");
    if (section == bitsColumn())
        return tr("Chromosome (Gray bits)");
    return QString::fromStdString(genome_[static_cast<std::size_t>(section - FirstTerm)].option);
}

} // namespace mf::ui
