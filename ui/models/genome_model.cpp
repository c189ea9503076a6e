#include "ui/models/genome_model.h"

#include "ui/fields/input_validators.h"

#include <QLineEdit>

#include <algorithm>

namespace mf::ui {

GenomeModel::GenomeModel(QObject* parent) : QAbstractTableModel(parent) {}

void GenomeModel::setGenome(const ga::Genome& genome) {
    beginResetModel();
    genome_ = genome;
    endResetModel();
    emit genomeChanged();
}

void GenomeModel::setEditable(bool editable) {
    editable_ = editable;
    if (rowCount() > 0)
        emit dataChanged(index(0, Bits), index(rowCount() - 1, Bits));
}

int GenomeModel::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(genome_.size());
}

int GenomeModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : ColumnCount; }

QVariant GenomeModel::data(const QModelIndex& index, int role) const {
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const ga::Term& t = genome_[static_cast<std::size_t>(index.row())];
    if (role == Qt::DisplayRole || role == Qt::EditRole) {
        switch (index.column()) {
        case Name: return QString::fromStdString(t.name);
        case Option: return QString::fromStdString(t.option);
        case Default: return t.defaultValue;
        case Bits: return t.bits;
        case Window: return QStringLiteral("%1..%2").arg(t.low()).arg(t.high());
        default: return {};
        }
    }
    if (role == Qt::TextAlignmentRole && index.column() >= Default)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ToolTipRole) {
        // The names are elided in a narrow table: the whole of both, with the numbers, here.
        const QString whole = tr("%1\noption %2, default %3, %4 bits, window %5..%6")
                                  .arg(QString::fromStdString(t.name), QString::fromStdString(t.option))
                                  .arg(t.defaultValue)
                                  .arg(t.bits)
                                  .arg(t.low())
                                  .arg(t.high());
        if (index.column() == Bits)
            return tr("Gray-coded bits of this term (1..16): the window holds 2^bits values around the default") +
                   QStringLiteral("\n\n") + whole;
        return whole;
    }
    return {};
}

QVariant GenomeModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation == Qt::Horizontal && role == Qt::ToolTipRole) {
        switch (section) {
        case Name: return tr("Term: the evaluation term's name");
        case Option: return tr("Option: the engine's UCI option that sets the term");
        case Default: return tr("Default: the engine's own value, the centre of the window");
        case Bits: return tr("Bits: Gray-coded bits of the term in a chromosome (1..16)");
        case Window: return tr("Window: the values the GA can try, low..high (2^bits of them)");
        default: return {};
        }
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Name: return tr("Term");
    case Option: return tr("Option");
    case Default: return tr("Default");
    case Bits: return tr("Bits");
    case Window: return tr("Window");
    default: return {};
    }
}

Qt::ItemFlags GenomeModel::flags(const QModelIndex& index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.column() == Bits && editable_)
        f |= Qt::ItemIsEditable;
    return f;
}

bool GenomeModel::setData(const QModelIndex& index, const QVariant& value, int role) {
    if (role != Qt::EditRole || index.column() != Bits || !editable_ || index.row() >= rowCount())
        return false;
    bool ok = false;
    const int bits = value.toInt(&ok);
    if (!ok || bits < ga::kMinBits || bits > ga::kMaxBits)
        return false;
    std::vector<ga::Term> terms = genome_.terms();
    ga::Term& t = terms[static_cast<std::size_t>(index.row())];
    if (t.bits == bits)
        return true;
    t.bits = bits;
    if (ga::validateTerm(t, static_cast<std::size_t>(index.row())))
        return false;
    genome_ = ga::Genome(std::move(terms));
    emit dataChanged(this->index(index.row(), Bits), this->index(index.row(), Window));
    emit genomeChanged();
    return true;
}

bool GenomeModel::setBits(const std::vector<std::size_t>& rows, int bits) {
    if (!editable_ || bits < ga::kMinBits || bits > ga::kMaxBits)
        return false;
    std::vector<ga::Term> terms = genome_.terms();
    bool changed = false;
    for (std::size_t row : rows) {
        if (row >= terms.size())
            return false;
        changed = changed || terms[row].bits != bits;
        terms[row].bits = bits;
        if (ga::validateTerm(terms[row], row))
            return false;
    }
    if (!changed)
        return true;
    genome_ = ga::Genome(std::move(terms));
    const auto [first, last] = std::minmax_element(rows.begin(), rows.end());
    emit dataChanged(index(int(*first), Bits), index(int(*last), Window));  // one refit, not one per term
    emit genomeChanged();
    return true;
}

QWidget* BitsDelegate::createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const {
    auto* edit = new QLineEdit(parent);
    edit->setValidator(validators::make(validators::bits(), edit));
    return edit;
}

void BitsDelegate::setEditorData(QWidget* editor, const QModelIndex& index) const {
    static_cast<QLineEdit*>(editor)->setText(index.data(Qt::EditRole).toString());
}

void BitsDelegate::setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const {
    auto* edit = static_cast<QLineEdit*>(editor);
    if (edit->hasAcceptableInput())
        model->setData(index, edit->text().toInt(), Qt::EditRole);
}

} // namespace mf::ui
