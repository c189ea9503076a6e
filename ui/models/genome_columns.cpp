#include "ui/models/genome_columns.h"

#include "ui/models/genome_model.h"

#include <QAbstractItemModel>
#include <QHeaderView>
#include <QStyle>
#include <QTableView>
#include <QTreeView>

#include <algorithm>

namespace mf::ui {
namespace {

// The widest text of a column of `model`, its header included, plus the cell's margins.
int contentWidth(const QAbstractItemView* view, const QHeaderView* header, const QAbstractItemModel* model, int column) {
    const QFontMetrics cells = view->fontMetrics();
    // A header section draws its text between margins and leaves room for a sort indicator.
    int widest = header->fontMetrics().horizontalAdvance(model->headerData(column, Qt::Horizontal, Qt::DisplayRole).toString()) + 8;
    for (int row = 0; row < model->rowCount(); ++row)
        widest = std::max(widest, cells.horizontalAdvance(model->index(row, column).data(Qt::DisplayRole).toString()));
    // Twice the style's focus frame margin and one pixel of grid, as QItemDelegate pads a cell.
    return widest + 2 * (view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1) + 6;
}

bool sameNamesIn(const QAbstractItemModel* model) {
    bool same = model->rowCount() > 0;
    for (int row = 0; row < model->rowCount() && same; ++row)
        same = model->index(row, GenomeModel::Name).data() == model->index(row, GenomeModel::Option).data();
    return same;
}

// Sets the widths on `header` for `view`'s viewport; `indent` more for the term column (a tree's
// indentation); the option column shared out only when it is shown.
void fitColumns(const QAbstractItemView* view, QHeaderView* header, const QAbstractItemModel* model, int indent) {
    header->setStretchLastSection(false);
    header->setSectionResizeMode(QHeaderView::Fixed);
    header->setMinimumSectionSize(24);
    int numbers = 0;
    for (int column : {int(GenomeModel::Default), int(GenomeModel::Bits), int(GenomeModel::Window)}) {
        if (header->isSectionHidden(column))
            continue;
        const int width = contentWidth(view, header, model, column);
        header->resizeSection(column, width);
        numbers += width;
    }
    // The names share what is left, the term a little more (it is what an author reads first),
    // each at least wide enough for its header; past that the names are elided, never the numbers.
    const bool optionShown = !header->isSectionHidden(GenomeModel::Option);
    const int left = std::max(0, view->viewport()->width() - numbers);
    const int nameWidth = contentWidth(view, header, model, GenomeModel::Name) + indent;
    const int optionWidth = optionShown ? contentWidth(view, header, model, GenomeModel::Option) : 0;
    int name = nameWidth, option = optionWidth;
    if (nameWidth + optionWidth > left) {
        name = std::min(nameWidth, std::max(left * 55 / 100, left - optionWidth));
        option = std::max(left - name, 0);
    } else {
        name = left - optionWidth;  // room to spare: the term takes it, the option keeps its width
    }
    header->resizeSection(GenomeModel::Name, std::max(name, 24));
    if (optionShown)
        header->resizeSection(GenomeModel::Option, std::max(option, 24));
}

// A header keeps the width a column had before it was hidden in the positions of the columns
// after it: each hidden one shrunk and hidden again lays them out anew.
void layOutHiddenAgain(QHeaderView* header) {
    for (int column : {int(GenomeModel::Option), int(GenomeModel::Window)})
        if (header->isSectionHidden(column)) {
            header->showSection(column);
            header->resizeSection(column, header->minimumSectionSize());
            header->hideSection(column);
        }
}

} // namespace

void fitGenomeColumns(QTableView* view) {
    QHeaderView* header = view->horizontalHeader();
    const QAbstractItemModel* model = view->model();
    if (!model || header->count() < GenomeModel::ColumnCount)
        return;
    // Hidden or shown before the widths are shared out, as the columns that remain will be. In a
    // narrow dock (a 1280 x 720 laptop's) the names come first: where the term and its option do
    // not fit beside the numbers, the window column gives its room, then the option column (both
    // are in every cell's tooltip), so a term reads "knight value", not "k…e".
    const bool sameNames = sameNamesIn(model);
    const int viewport = view->viewport()->width();
    auto width = [&](int column) { return contentWidth(view, header, model, column); };
    const int names = width(GenomeModel::Name) + (sameNames ? 0 : width(GenomeModel::Option));
    const int numbers = width(GenomeModel::Default) + width(GenomeModel::Bits);
    // "Fit": four fifths of the names' widths at least (the rest elided in the middle).
    const bool windowShown = viewport - numbers - width(GenomeModel::Window) >= names * 4 / 5;
    const bool optionShown = !sameNames && (windowShown || viewport - numbers >= names * 4 / 5);
    view->setColumnHidden(GenomeModel::Window, !windowShown);
    view->setColumnHidden(GenomeModel::Option, !optionShown);
    fitColumns(view, header, model, 0);
    layOutHiddenAgain(header);
}

void fitGenomeColumns(QTreeView* view, const QAbstractItemModel* terms) {
    QHeaderView* header = view->header();
    if (!view->model() || header->count() < GenomeModel::ColumnCount)
        return;
    const bool sameNames = sameNamesIn(terms);
    // In a narrow dock (a 1280 x 720 laptop's) the window column gives its room to the names:
    // the terms' window is in every cell's tooltip.
    const bool narrow = view->viewport()->width() < 400;
    view->setColumnHidden(GenomeModel::Option, sameNames);
    view->setColumnHidden(GenomeModel::Window, narrow);
    fitColumns(view, header, terms, 2 * view->indentation());
    layOutHiddenAgain(header);
}

}  // namespace mf::ui
