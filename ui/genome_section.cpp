#include "ui/genome_section.h"

#include "ui/genome_columns.h"
#include "ui/genome_model.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableView>
#include <QVBoxLayout>

namespace mf::ui {

GenomeSection::GenomeSection(QWidget* parent) : QGroupBox(tr("Genome"), parent) {
    auto* layout = new QVBoxLayout(this);
    model_ = new GenomeModel(this);
    view_ = new QTableView(this);
    view_->setObjectName(QStringLiteral("genomeTable"));
    view_->setModel(model_);
    view_->setItemDelegateForColumn(GenomeModel::Bits, new BitsDelegate(view_));
    view_->verticalHeader()->hide();
    // The numbers take what they need, the names share the rest, elided with the whole name in
    // the tooltip: the table never scrolls sideways (genome_columns.h). Refitted whenever the
    // genome or the table's width changes.
    view_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view_->setTextElideMode(Qt::ElideMiddle);  // "Pawn Stru…(Endgame)": both ends tell terms apart
    view_->setWordWrap(false);
    view_->viewport()->installEventFilter(this);
    connect(model_, &QAbstractItemModel::modelReset, this, [this] { fitGenomeColumns(view_); });
    connect(model_, &QAbstractItemModel::dataChanged, this, [this] { fitGenomeColumns(view_); });
    view_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::AnyKeyPressed);
    view_->setMinimumHeight(160);
    layout->addWidget(view_);
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
    connect(model_, &GenomeModel::genomeChanged, this, [this] {
        loadProblem_.clear();
        showLength();
        emit edited();
    });
    showLength();
}

bool GenomeSection::eventFilter(QObject* watched, QEvent* event) {
    if (watched == view_->viewport() && event->type() == QEvent::Resize)
        fitGenomeColumns(view_);
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

void GenomeSection::showLength() {
    const ga::Genome& genome = model_->genome();
    length_->setText(tr("%1 terms, chromosome length m = %2 bits").arg(genome.size()).arg(genome.length()));
}

void GenomeSection::setLocked(bool locked) {
    model_->setEditable(!locked);
    for (QPushButton* b : findChildren<QPushButton*>())
        b->setEnabled(!locked);
}

} // namespace mf::ui
