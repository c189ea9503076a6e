#pragma once
// The genome table of the parameter panel: term, option, default, bits, window. Only the bits
// are editable; every edit re-derives the window and the chromosome length m (shown live).
#include "evolution/ga/genome.h"

#include <QAbstractTableModel>
#include <QStyledItemDelegate>

namespace mf::ui {

class GenomeModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Option, Default, Bits, Window, ColumnCount };

    explicit GenomeModel(QObject* parent = nullptr);

    void setGenome(const ga::Genome& genome);
    const ga::Genome& genome() const { return genome_; }
    void setEditable(bool editable);
    bool isEditable() const { return editable_; }
    // The same bits for several terms at once (a group's, from the genome tree): false, and the
    // genome unchanged, when not editable or a term would not be valid with them.
    bool setBits(const std::vector<std::size_t>& rows, int bits);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

signals:
    void genomeChanged();  // bits edited or a new genome set; m may have changed

private:
    ga::Genome genome_;
    bool editable_ = true;
};

// Edits the bits column through a line edit with the bits validator (1..16).
class BitsDelegate : public QStyledItemDelegate {
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    void setEditorData(QWidget* editor, const QModelIndex& index) const override;
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override;
};

} // namespace mf::ui
