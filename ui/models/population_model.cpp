#include "ui/models/population_model.h"

#include <QFontDatabase>

#include <algorithm>
#include <set>

namespace mf::ui {

int decimalsToTellApart(const std::vector<double>& values, int least, int most) {
    const std::set<double> distinct(values.begin(), values.end());
    for (int d = least; d < most; ++d) {
        std::set<QString> printed;
        for (double v : distinct)
            printed.insert(QString::number(v, 'f', d));
        if (printed.size() == distinct.size())
            return d;
    }
    return most;
}

PopulationModel::PopulationModel(QObject* parent) : QAbstractTableModel(parent) {}

void PopulationModel::setPopulation(const ga::Genome& genome, const ga::Population& population,
                                    std::optional<double> startError) {
    if (startError && !(*startError > 0))
        startError.reset();
    const bool sameShape = genome == genome_ && population.size() == population_.size() &&
                           startError.has_value() == startError_.has_value();
    if (!sameShape)
        beginResetModel();
    genome_ = genome;
    population_ = population;
    startError_ = startError;
    values_.clear();
    ranks_.assign(population_.size(), 0);
    std::vector<double> fitness, error;
    for (const ga::Member& m : population_) {
        values_.push_back(m.chromosome.size() == genome_.length() ? ga::decode(genome_, m.chromosome)
                                                                  : std::vector<int>(genome_.size(), 0));
        if (m.fitness) {
            fitness.push_back(*m.fitness);
            if (startError_ && *m.fitness > 0)
                error.push_back(*startError_ / *m.fitness);
        }
    }
    fitnessDecimals_ = decimalsToTellApart(fitness, 3, 9);
    errorDecimals_ = decimalsToTellApart(error, 6, 10);
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
    startError_.reset();
    endResetModel();
}

int PopulationModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(population_.size());
}

int PopulationModel::columnCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : bitsColumn() + 1;
}

QVariant PopulationModel::displayed(std::size_t row, int col, bool sort) const {
    const ga::Member& m = population_[row];
    if (col == Member)
        return static_cast<int>(row);  // from 0, as the file and the printed report count members
    if (col == Rank)
        return ranks_[row] > 0 ? QVariant(ranks_[row]) : (sort ? QVariant(1 << 30) : QVariant(QStringLiteral("–")));
    if (col == Fitness)
        return m.fitness ? (sort ? QVariant(*m.fitness) : QVariant(QString::number(*m.fitness, 'f', fitnessDecimals_)))
                         : (sort ? QVariant(-1.0) : QVariant(tr("pending")));
    if (col == errorColumn()) {
        if (!m.fitness || !(*m.fitness > 0))
            return sort ? QVariant(1e300) : QVariant(m.fitness ? tr("not scored") : tr("pending"));
        const double e = *startError_ / *m.fitness;
        return sort ? QVariant(e) : QVariant(QString::number(e, 'f', errorDecimals_));
    }
    if (col == bitsColumn())
        return QString::fromStdString(m.chromosome.toString());
    return values_[row][static_cast<std::size_t>(col - firstTermColumn())];
}

QVariant PopulationModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const auto row = static_cast<std::size_t>(index.row());
    const int col = index.column();
    if (role == Qt::DisplayRole || role == SortRole)
        return displayed(row, col, role == SortRole);
    if (role == Qt::FontRole && col == bitsColumn())
        return QFontDatabase::systemFont(QFontDatabase::FixedFont);
    if (role == Qt::TextAlignmentRole && col < bitsColumn())
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    return {};
}

QVariant PopulationModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return QAbstractTableModel::headerData(section, orientation, role);
    const bool term = section >= firstTermColumn() && section < bitsColumn();
    if (role == Qt::ToolTipRole) {
        if (term)
            return QString::fromStdString(genome_[static_cast<std::size_t>(section - firstTermColumn())].name);
        if (section == Member)
            return tr("Member index, from 0 as in the population file and the printed report");
        if (section == Fitness && startError_)
            return tr("fitness = E0 / E, E0 = %1 (the genome's defaults' E): above 1 is better than the defaults")
                .arg(*startError_, 0, 'g', 6);
        if (section == errorColumn())
            return tr("Texel's error E on the data set (lower is better); the defaults have E0 = %1")
                .arg(*startError_, 0, 'g', 6);
        return {};
    }
    if (role != Qt::DisplayRole)
        return {};
    if (section == Member)
        return tr("#");
    if (section == Rank)
        return tr("Rank");
    if (section == Fitness)
        return tr("Fitness");
    if (section == errorColumn())
        return tr("E");
    if (section == bitsColumn())
        return tr("Chromosome (Gray bits)");
    return QString::fromStdString(genome_[static_cast<std::size_t>(section - firstTermColumn())].option);
}

} // namespace mf::ui
