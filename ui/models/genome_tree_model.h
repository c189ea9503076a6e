#pragma once
// The genome table by group, for genomes of hundreds of terms: a tree over GenomeModel whose top
// rows are the groups (ga::termGroup: "Psqt (368 terms)") with their terms below, and the terms
// without a group as top rows of their own, all in the genome's order. The columns are
// GenomeModel's; a term's cells are its row's there. A group's Bits cell sets the bits of all its
// terms at once (the one edit the genome table has). GenomeFilter keeps the terms whose name or
// option matches a text, or a regular expression, with their groups.
#include "ui/models/genome_model.h"

#include <QAbstractItemModel>
#include <QRegularExpression>
#include <QSortFilterProxyModel>

#include <vector>

namespace mf::ui {

class GenomeTreeModel : public QAbstractItemModel {
    Q_OBJECT
public:
    explicit GenomeTreeModel(GenomeModel* terms, QObject* parent = nullptr);

    bool isGroup(const QModelIndex& index) const;
    const ga::Genome& genome() const { return terms_->genome(); }
    // The genome row of a term's index; -1 for a group's.
    int termRow(const QModelIndex& index) const;
    QModelIndex indexOfTerm(int termRow, int column = 0) const;
    QModelIndex indexOfGroup(const QString& group) const;  // invalid when there is no such group
    std::vector<std::size_t> termsOf(const QModelIndex& group) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;

private:
    struct Node {
        QString group;                   // empty: a term without a group (terms has one entry)
        std::vector<std::size_t> terms;  // genome rows
    };
    void rebuild();
    QVariant groupData(const Node& node, int column, int role) const;

    GenomeModel* terms_;
    std::vector<Node> nodes_;
    std::vector<std::pair<int, int>> place_;  // per genome row: its node, and its row under it (-1: a top row)
};

// Keeps the terms whose name or option holds the text (any case). A text that is a valid regular
// expression is used as one ("^Psqt\.Knight\.Mg", "\.(d4|e4)$"); one that is not, as plain text.
class GenomeFilter : public QSortFilterProxyModel {
    Q_OBJECT
public:
    explicit GenomeFilter(QObject* parent = nullptr);
    void setPattern(const QString& text);
    bool matches(const QString& name, const QString& option) const;
    bool keeps(const ga::Term& term) const;  // the term, or its group, matches
    bool usesRegularExpression() const { return regex_.isValid() && !text_.isEmpty(); }

protected:
    bool filterAcceptsRow(int sourceRow, const QModelIndex& sourceParent) const override;

private:
    QString text_;
    QRegularExpression regex_;
};

}  // namespace mf::ui
