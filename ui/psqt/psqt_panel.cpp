#include "ui/psqt/psqt_panel.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QLabel>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

namespace mf::ui {

namespace {

QString squareName(int file, int rank) { return QString(QChar(char16_t('a' + file))) + QString::number(rank + 1); }

// The caption row's height for the widget's font: the title and the boards' captions.
qreal captionHeightFor(const QWidget* w) { return w->fontMetrics().height() * 1.3; }

}  // namespace

PsqtBoardsView::PsqtBoardsView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("psqtBoards"));
    setMinimumSize(240, 160);
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void PsqtBoardsView::setTables(std::vector<PsqtTable> tables, const QString& currentCaption) {
    tables_ = std::move(tables);
    currentCaption_ = currentCaption;
    update();
}

std::vector<TablePlace> PsqtBoardsView::places() const {
    const qreal margin = 8;
    return placeTables(QRectF(rect()).adjusted(margin, margin, -margin, -margin), int(tables_.size()),
                       captionHeightFor(this));
}

TablePlace PsqtBoardsView::placeOf(int index) const { return places().at(std::size_t(index)); }

void PsqtBoardsView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.fillRect(rect(), Qt::white);
    painter.setFont(font());
    const std::vector<TablePlace> where = places();
    for (std::size_t i = 0; i < tables_.size() && i < where.size(); ++i)
        paintTable(painter, where[i], tables_[i], tr("start (defaults)"), currentCaption_);
}

bool PsqtBoardsView::event(QEvent* event) {
    if (event->type() != QEvent::ToolTip)
        return QWidget::event(event);
    const QPointF at = static_cast<QHelpEvent*>(event)->pos();
    const std::vector<TablePlace> where = places();
    for (std::size_t i = 0; i < tables_.size() && i < where.size(); ++i)
        for (const QRectF& board : {where[i].start, where[i].current})
            for (int square = 0; square < 64; ++square) {
                const int file = square % 8, rank = square / 8;
                if (!squareRect(board, file, rank).contains(at))
                    continue;
                const PsqtTable& t = tables_[i];
                if (!t.start[std::size_t(square)])
                    QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(),
                                       tr("%1, %2: no term").arg(t.title(), squareName(file, rank)), this);
                else
                    QToolTip::showText(static_cast<QHelpEvent*>(event)->globalPos(),
                                       tr("%1, %2 (one entry with %3): start %4, %5 %6")
                                           .arg(t.title(), squareName(file, rank), squareName(7 - file, rank))
                                           .arg(*t.start[std::size_t(square)])
                                           .arg(currentCaption_)
                                           .arg(*t.current[std::size_t(square)]),
                                       this);
                return true;
            }
    QToolTip::hideText();
    event->ignore();
    return true;
}

PsqtPanel::PsqtPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("psqtPanel"));
    auto* layout = new QVBoxLayout(this);
    auto* row = new QHBoxLayout;
    picker_ = new QComboBox(this);
    picker_->setObjectName(QStringLiteral("psqtPiece"));
    picker_->setToolTip(tr("The piece whose tables are drawn (middle and end game), or all of them"));
    note_ = new QLabel(this);
    note_->setObjectName(QStringLiteral("psqtNote"));
    note_->setWordWrap(true);
    row->addWidget(picker_);
    row->addWidget(note_, 1);
    layout->addLayout(row);
    boards_ = new PsqtBoardsView(this);
    layout->addWidget(boards_, 1);
    connect(picker_, &QComboBox::currentIndexChanged, this, &PsqtPanel::showPicked);
}

void PsqtPanel::setGenome(const ga::Genome& genome) {
    genome_ = genome;
    current_.clear();
    caption_ = tr("start (defaults)");
    const QSignalBlocker quiet(picker_);
    // The choice made among the previous genome's pieces, if it had any.
    const int piece = picker_->count() > 1 ? picker_->currentData().toInt() : -2;
    picker_->clear();
    picker_->addItem(tr("All pieces"), -1);
    for (const PsqtTable& t : psqtTables(genome_, {}))
        if (picker_->findData(t.piece) < 0)
            picker_->addItem(pieceName(t.piece), t.piece);
    // The piece shown before, else the first piece: one piece's boards are large enough to read
    // their numbers at 1280 x 720; "All pieces" is the overview.
    const int again = picker_->findData(piece);
    picker_->setCurrentIndex(again >= 0 ? again : std::min(1, picker_->count() - 1));
    showPicked();
    emit genomeShown(picker_->count() > 1);
}

void PsqtPanel::setCurrent(const std::vector<int>& values, const QString& caption) {
    current_ = values;
    caption_ = caption;
    showPicked();
}

void PsqtPanel::showPicked() {
    const int piece = picker_->currentData().toInt();
    std::vector<PsqtTable> shown;
    for (PsqtTable& t : psqtTables(genome_, current_))
        if (piece < 0 || t.piece == piece)
            shown.push_back(std::move(t));
    note_->setText(current_.empty()
                       ? tr("The genome's defaults (no run yet). Left: start; right: the run's best, once there is one.")
                       : tr("Left: start (the genome's defaults); right: %1. One colour scale per table.").arg(caption_));
    boards_->setTables(std::move(shown), caption_);
}

}  // namespace mf::ui
