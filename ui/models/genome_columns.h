#pragma once
// The genome table's column widths, set from what the columns hold rather than by the header's
// own modes: the numbers (default, bits, window) exactly as wide as their widest text, the names
// (term, option) sharing the rest, elided in the middle ("Pawn Stru…Endgame)") with the whole
// name in the tooltip; the option column hidden when every term is named after its option. In a
// dock too narrow for the names beside the numbers (a 1280 x 720 laptop's Parameters dock, about
// 260 px of table), the window column and then the option column give their room to the term
// (both are in every cell's tooltip). So the table never scrolls sideways at any dock width, a
// term never reads "k…e", and no width a header remembered can cut a number ("30(" for 300).
class QAbstractItemModel;
class QTableView;
class QTreeView;

namespace mf::ui {

// Lays out `view`'s columns (GenomeModel's) for its viewport's width; call on every model reset,
// data change and resize. The widths it sets are the header's Fixed sizes.
void fitGenomeColumns(QTableView* view);
// The same for the genome tree (genome_tree_model.h): the widths measured on `terms` (the
// GenomeModel, every term, expanded or not), the term column with the tree's indentation.
void fitGenomeColumns(QTreeView* view, const QAbstractItemModel* terms);

}  // namespace mf::ui
