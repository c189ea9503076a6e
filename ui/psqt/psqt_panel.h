#pragma once
// The "Piece-square tables" tab: the genome's PST terms as heat-map boards (psqt_board.h), the
// start values beside the run's best, for one piece (both phases) or all of them, picked above.
// A cell's tooltip names the square (and its mirror) with both values. The window shows the tab
// only while the genome has PST terms (hasPsqt).
#include "ui/psqt/psqt_board.h"
#include "ui/psqt/psqt_tables.h"

#include <QWidget>

class QComboBox;
class QLabel;

namespace mf::ui {

// The boards themselves, painted to fill the widget (a test renders it to a QImage).
class PsqtBoardsView : public QWidget {
    Q_OBJECT
public:
    explicit PsqtBoardsView(QWidget* parent = nullptr);
    void setTables(std::vector<PsqtTable> tables, const QString& currentCaption);
    const std::vector<PsqtTable>& tables() const { return tables_; }
    // Where table `index`'s boards are drawn at the widget's present size.
    TablePlace placeOf(int index) const;

protected:
    void paintEvent(QPaintEvent* event) override;
    bool event(QEvent* event) override;  // tooltips: the square under the mouse

private:
    std::vector<TablePlace> places() const;
    std::vector<PsqtTable> tables_;
    QString currentCaption_;
};

class PsqtPanel : public QWidget {
    Q_OBJECT
public:
    explicit PsqtPanel(QWidget* parent = nullptr);

    // A genome (a new run, another genome in the panel): its defaults on both sides.
    void setGenome(const ga::Genome& genome);
    const ga::Genome& genome() const { return genome_; }
    // The values beside the defaults (one per term), with what they are ("best of generation 7").
    void setCurrent(const std::vector<int>& values, const QString& caption);

    QComboBox* piecePicker() const { return picker_; }
    QString currentCaption() const { return caption_; }
    PsqtBoardsView* boards() const { return boards_; }

signals:
    void genomeShown(bool hasTables);  // after setGenome: whether the genome has PST terms

private:
    void showPicked();

    ga::Genome genome_;
    std::vector<int> current_;
    QString caption_;
    QComboBox* picker_ = nullptr;
    QLabel* note_ = nullptr;
    PsqtBoardsView* boards_ = nullptr;
};

}  // namespace mf::ui
