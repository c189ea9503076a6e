#include "ui/parameters/genome_section.h"

#include "ui/models/genome_columns.h"
#include "ui/models/genome_model.h"
#include "ui/models/genome_tree_model.h"

#include "evolution/ga/term_group.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableView>
#include <QTreeView>
#include <QVBoxLayout>

namespace mf::ui {

GenomeSection::GenomeSection(QWidget* parent) : QGroupBox(tr("Genome"), parent) {
    auto* layout = new QVBoxLayout(this);
    model_ = new GenomeModel(this);
    filterEdit_ = new QLineEdit(this);
    filterEdit_->setObjectName(QStringLiteral("genomeFilter"));
    filterEdit_->setPlaceholderText(tr("Filter terms (text or regular expression)"));
    filterEdit_->setClearButtonEnabled(true);
    filterEdit_->setToolTip(tr("Shows the terms whose name or option holds this text, any case; a valid regular "
                               "expression is used as one (^Psqt\\.Knight, \\.(d4|e4)$). A group's name keeps "
                               "all its terms."));
    layout->addWidget(filterEdit_);
    connect(filterEdit_, &QLineEdit::textChanged, this, &GenomeSection::applyFilter);
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("genomeTable"));
    view_->setModel(model_);
    view_->setItemDelegateForColumn(GenomeModel::Bits, new BitsDelegate(view_));
    view_->verticalHeader()->hide();
    // The numbers take what they need, the names share the rest, elided with the whole name in
    // the tooltip: the table never scrolls sideways (genome_columns.h). Refitted whenever the
    // genome or the table's width changes.
    view_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The name's start, where a reader looks ("Pawn Structure (Mi…"); the tooltip has it whole. Cut in
    // the middle it read "king and r…nt penalty".
    view_->setTextElideMode(Qt::ElideRight);
    view_->setWordWrap(false);
    view_->viewport()->installEventFilter(this);
    connect(model_, &QAbstractItemModel::modelReset, this, [this] { fitGenomeColumns(view_); });
    connect(model_, &QAbstractItemModel::dataChanged, this, [this] { fitGenomeColumns(view_); });
    view_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    view_->setMinimumHeight(160);
    layout->addWidget(view_);
    layout->addWidget(makeTree(), 1);
    // The length on its own line (it wraps) and the buttons below it: side by side they made the
    // panel wider than its dock.
    length_ = new QLabel(this);
    length_->setObjectName(QStringLiteral("chromosomeLength"));
    length_->setWordWrap(true);
    layout->addWidget(length_);
    auto* row = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load genome…"), this);
    load->setToolTip(tr("Load a genome spec: JSON (format matefind-genome), or OpenBench or fishtest SPSA tune lines"));
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load genome"), QString(), tr("Genome (*.json *.txt *.tune);;All files (*)"));
        if (!path.isEmpty())
            loadPreset(path);
    });
    row->addWidget(load);
    auto* fromEngine = new QPushButton(tr("From engine…"), this);
    fromEngine->setObjectName(QStringLiteral("genomeFromEngine"));
    fromEngine->setToolTip(tr("Make the genome from the engine's spin options: a checklist, bits per term"));
    connect(fromEngine, &QPushButton::clicked, this, &GenomeSection::fromEngineRequested);
    row->addWidget(fromEngine);
    row->addStretch();
    layout->addLayout(row);
    connect(model_, &QAbstractItemModel::modelReset, this, &GenomeSection::showShape);
    showShape();
    connect(model_, &GenomeModel::genomeChanged, this, [this] {
        loadProblem_.clear();
        showLength();
        emit edited();
    });
    showLength();
}

QTreeView* GenomeSection::makeTree() {
    // The same terms by group: the tree over the table's model, filtered.
    treeModel_ = new GenomeTreeModel(model_, this);
    filter_ = new GenomeFilter(this);
    filter_->setSourceModel(treeModel_);
    tree_ = new QTreeView(this);
    tree_->setObjectName(QStringLiteral("genomeTree"));
    tree_->setModel(filter_);
    tree_->setItemDelegateForColumn(GenomeModel::Bits, new BitsDelegate(tree_));
    tree_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    tree_->setTextElideMode(Qt::ElideRight);
    tree_->setWordWrap(false);
    tree_->setUniformRowHeights(true);  // hundreds of rows: no row measured alone
    tree_->setIndentation(14);          // two levels only: the names keep the width
    tree_->setEditTriggers(view_->editTriggers());
    tree_->setMinimumHeight(240);
    tree_->viewport()->installEventFilter(this);
    auto refitTree = [this] {
        if (tree_->isVisible() || showsTree())
            fitGenomeColumns(tree_, model_);
    };
    connect(model_, &QAbstractItemModel::modelReset, this, refitTree);
    connect(model_, &QAbstractItemModel::dataChanged, this, refitTree);
    return tree_;
}

bool GenomeSection::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_->viewport() && event->type() == QEvent::Resize)
        fitGenomeColumns(view_);
    if (watched == tree_->viewport() && event->type() == QEvent::Resize)
        fitGenomeColumns(tree_, model_);
    return QGroupBox::eventFilter(watched, event);
}

void GenomeSection::loadPreset(const QString& path) {
    auto genome = ga::loadGenome(path.toStdString());
    if (!genome) {
        loadProblem_ = tr("Genome preset: %1").arg(QString::fromStdString(genome.error().message));
        emit edited();
        return;
    }
    model_->setGenome(*genome);  // clears loadProblem_ through genomeChanged
}

bool GenomeSection::showsTree() const { return ga::hasGroups(model_->genome()); }

void GenomeSection::showShape() {
    const bool grouped = showsTree();
    view_->setVisible(!grouped);
    tree_->setVisible(grouped);
    filterEdit_->setVisible(grouped || model_->genome().size() > 30);
    applyFilter(filterEdit_->text());
}

void GenomeSection::applyFilter(const QString& text) {
    filter_->setPattern(text);
    // The flat table: its rows hidden, so its model stays GenomeModel row for row.
    for (int row = 0; row < model_->rowCount(); ++row)
        view_->setRowHidden(row, !filter_->keeps(model_->genome()[std::size_t(row)]));
    // What matched inside groups is in sight; with no filter the groups stay as the user left them.
    if (!text.trimmed().isEmpty())
        tree_->expandAll();
    showLength();
}

int GenomeSection::shownTerms() const {
    int shown = 0;
    for (const ga::Term& t : model_->genome().terms())
        shown += filter_->keeps(t);
    return shown;
}

void GenomeSection::showLength() {
    const ga::Genome& genome = model_->genome();
    QString text = tr("%1 terms, chromosome length m = %2 bits").arg(genome.size()).arg(genome.length());
    if (filterEdit_ && !filterEdit_->text().trimmed().isEmpty())
        text += tr("; %1 shown").arg(shownTerms());
    length_->setText(text);
}

void GenomeSection::setLocked(bool locked) {
    model_->setEditable(!locked);
    for (QPushButton* b : findChildren<QPushButton*>())
        b->setEnabled(!locked);
}

} // namespace mf::ui
