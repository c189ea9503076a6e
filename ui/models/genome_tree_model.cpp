#include "ui/models/genome_tree_model.h"

#include "evolution/ga/term_group.h"

#include <algorithm>
#include <map>

namespace mf::ui {

GenomeTreeModel::GenomeTreeModel(GenomeModel* terms, QObject* parent) : QAbstractItemModel(parent), terms_(terms) {
    connect(terms_, &QAbstractItemModel::modelReset, this, [this] {
        beginResetModel();
        rebuild();
        endResetModel();
    });
    // A bits edit: the term's cells and its group's bits summary.
    connect(terms_, &QAbstractItemModel::dataChanged, this, [this](const QModelIndex& from, const QModelIndex& to) {
        for (int row = from.row(); row <= to.row(); ++row) {
            emit dataChanged(indexOfTerm(row, 0), indexOfTerm(row, GenomeModel::ColumnCount - 1));
            const auto [node, child] = place_.at(std::size_t(row));
            if (child >= 0)
                emit dataChanged(index(node, 0), index(node, GenomeModel::ColumnCount - 1));
        }
    });
    rebuild();
}

void GenomeTreeModel::rebuild() {
    nodes_.clear();
    const ga::Genome& genome = terms_->genome();
    place_.assign(genome.size(), {0, -1});
    std::map<QString, std::size_t> groups;
    for (std::size_t i = 0; i < genome.size(); ++i) {
        const QString group = QString::fromStdString(ga::termGroup(genome[i]));
        if (group.isEmpty()) {
            place_[i] = {int(nodes_.size()), -1};
            nodes_.push_back({{}, {i}});
            continue;
        }
        auto [at, fresh] = groups.try_emplace(group, nodes_.size());
        if (fresh)
            nodes_.push_back({group, {}});
        Node& node = nodes_[at->second];
        place_[i] = {int(at->second), int(node.terms.size())};
        node.terms.push_back(i);
    }
}

bool GenomeTreeModel::isGroup(const QModelIndex& index) const {
    return index.isValid() && index.internalId() == 0 && !nodes_[std::size_t(index.row())].group.isEmpty();
}

int GenomeTreeModel::termRow(const QModelIndex& index) const {
    if (!index.isValid())
        return -1;
    if (index.internalId() == 0) {
        const Node& node = nodes_[std::size_t(index.row())];
        return node.group.isEmpty() ? int(node.terms.front()) : -1;
    }
    return int(nodes_[std::size_t(index.internalId() - 1)].terms[std::size_t(index.row())]);
}

QModelIndex GenomeTreeModel::indexOfTerm(int termRow, int column) const {
    if (termRow < 0 || std::size_t(termRow) >= place_.size())
        return {};
    const auto [node, child] = place_[std::size_t(termRow)];
    return child < 0 ? index(node, column) : index(child, column, index(node, 0));
}

QModelIndex GenomeTreeModel::indexOfGroup(const QString& group) const {
    for (std::size_t n = 0; n < nodes_.size(); ++n)
        if (!group.isEmpty() && nodes_[n].group == group)
            return index(int(n), 0);
    return {};
}

std::vector<std::size_t> GenomeTreeModel::termsOf(const QModelIndex& group) const {
    if (!group.isValid() || group.internalId() != 0)
        return {};
    return nodes_[std::size_t(group.row())].terms;
}

QModelIndex GenomeTreeModel::index(int row, int column, const QModelIndex& parent) const {
    if (row < 0 || column < 0 || column >= GenomeModel::ColumnCount || row >= rowCount(parent))
        return {};
    return createIndex(row, column, parent.isValid() ? quintptr(parent.row() + 1) : quintptr(0));
}

QModelIndex GenomeTreeModel::parent(const QModelIndex& child) const {
    if (!child.isValid() || child.internalId() == 0)
        return {};
    return createIndex(int(child.internalId() - 1), 0, quintptr(0));
}

int GenomeTreeModel::rowCount(const QModelIndex& parent) const {
    if (!parent.isValid())
        return int(nodes_.size());
    if (parent.internalId() != 0 || parent.column() != 0)
        return 0;
    const Node& node = nodes_[std::size_t(parent.row())];
    return node.group.isEmpty() ? 0 : int(node.terms.size());
}

int GenomeTreeModel::columnCount(const QModelIndex&) const { return GenomeModel::ColumnCount; }

QVariant GenomeTreeModel::groupData(const Node& node, int column, int role) const {
    const ga::Genome& genome = terms_->genome();
    int fewest = ga::kMaxBits, most = ga::kMinBits;
    std::size_t bits = 0;
    for (std::size_t t : node.terms) {
        fewest = std::min(fewest, genome[t].bits);
        most = std::max(most, genome[t].bits);
        bits += std::size_t(genome[t].bits);
    }
    if (role == Qt::ToolTipRole)
        return tr("Group %1: %2 terms, %3 bits of the chromosome.\nDouble-click its Bits to give all its terms the same bits.")
            .arg(node.group)
            .arg(node.terms.size())
            .arg(bits);
    if (role == Qt::EditRole && column == GenomeModel::Bits)
        return most;
    if (role == Qt::TextAlignmentRole && column >= GenomeModel::Default)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::FontRole && column == GenomeModel::Name) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (column) {
    case GenomeModel::Name: return tr("%1 (%2)").arg(node.group).arg(node.terms.size());
    case GenomeModel::Bits: return fewest == most ? QString::number(most) : tr("%1–%2").arg(fewest).arg(most);
    default: return {};
    }
}

QVariant GenomeTreeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid())
        return {};
    if (isGroup(index))
        return groupData(nodes_[std::size_t(index.row())], index.column(), role);
    const QVariant value = terms_->data(terms_->index(termRow(index), index.column()), role);
    // Under its group a term is named without it ("Knight.Mg.d4" under Psqt): the narrow dock's
    // column has room for what tells the terms apart. The tooltip has the whole name.
    if (role == Qt::DisplayRole && index.column() == GenomeModel::Name && index.internalId() != 0) {
        const QString group = nodes_[std::size_t(index.internalId() - 1)].group + QLatin1Char('.');
        const QString name = value.toString();
        if (name.startsWith(group) && name.size() > group.size())
            return name.mid(group.size());
    }
    return value;
}

QVariant GenomeTreeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    return terms_->headerData(section, orientation, role);
}

Qt::ItemFlags GenomeTreeModel::flags(const QModelIndex& index) const {
    if (!index.isValid())
        return Qt::NoItemFlags;
    if (!isGroup(index))
        return terms_->flags(terms_->index(termRow(index), index.column()));
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    const std::vector<std::size_t>& members = nodes_[std::size_t(index.row())].terms;
    if (index.column() == GenomeModel::Bits && (terms_->flags(terms_->index(int(members.front()), GenomeModel::Bits)) & Qt::ItemIsEditable))
        f |= Qt::ItemIsEditable;
    return f;
}

bool GenomeTreeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (!isGroup(index))
        return terms_->setData(terms_->index(termRow(index), index.column()), value, role);
    if (role != Qt::EditRole || index.column() != GenomeModel::Bits)
        return false;
    bool ok = false;
    const int bits = value.toInt(&ok);
    return ok && terms_->setBits(nodes_[std::size_t(index.row())].terms, bits);
}

GenomeFilter::GenomeFilter(QObject* parent) : QSortFilterProxyModel(parent) {
    setRecursiveFilteringEnabled(true);  // a group stays while one of its terms matches
    setAutoAcceptChildRows(true);        // a group's name that matches keeps all its terms
}

void GenomeFilter::setPattern(const QString& text) {
    text_ = text.trimmed();
    regex_ = QRegularExpression(text_, QRegularExpression::CaseInsensitiveOption);
    invalidateRowsFilter();
}

bool GenomeFilter::matches(const QString& name, const QString& option) const {
    if (text_.isEmpty())
        return true;
    if (regex_.isValid())
        return regex_.match(name).hasMatch() || regex_.match(option).hasMatch();
    return name.contains(text_, Qt::CaseInsensitive) || option.contains(text_, Qt::CaseInsensitive);
}

bool GenomeFilter::keeps(const ga::Term& term) const {
    const QString group = QString::fromStdString(ga::termGroup(term));
    return matches(QString::fromStdString(term.name), QString::fromStdString(term.option)) ||
           (!group.isEmpty() && matches(group, group));
}

bool GenomeFilter::filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const {
    const QModelIndex name = sourceModel()->index(sourceRow, GenomeModel::Name, sourceParent);
    auto* tree = qobject_cast<const GenomeTreeModel*>(sourceModel());
    if (tree && tree->isGroup(name)) {
        // A group by its own name ("Psqt" or "^Psqt$"), without the count shown after it.
        const QString group = name.data().toString().section(QLatin1Char(' '), 0, 0);
        return matches(group, group);
    }
    if (tree)  // the term's whole name and option, not the shortened name shown under its group
        return keeps(tree->genome()[std::size_t(tree->termRow(name))]);
    return matches(name.data().toString(),
                   sourceModel()->index(sourceRow, GenomeModel::Option, sourceParent).data().toString());
}

}  // namespace mf::ui
