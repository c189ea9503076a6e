#pragma once
// The panel's "Genome" group: the terms' table (bits editable, m shown live) and loading a
// genome spec. A spec that cannot be loaded leaves the genome as it was and says why in
// loadProblem() until the genome changes.
#include <QGroupBox>
#include <QString>

class QLabel;
class QTableView;

namespace mf::ui {

class GenomeModel;

class GenomeSection : public QGroupBox {
    Q_OBJECT
public:
    explicit GenomeSection(QWidget* parent = nullptr);

    GenomeModel* model() const { return model_; }
    QLabel* lengthLabel() const { return length_; }
    void loadPreset(const QString& path);
    QString loadProblem() const { return loadProblem_; }
    void showLength();
    void setLocked(bool locked);
    QTableView* table() const { return view_; }

signals:
    void edited();  // the genome changed, or a load failed (loadProblem())
    void fromEngineRequested();  // "From engine…": the window opens the dialog for the panel's engine

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the table's width: refit its columns

private:
    GenomeModel* model_ = nullptr;
    QTableView* view_ = nullptr;
    QLabel* length_ = nullptr;
    QString loadProblem_;
};

} // namespace mf::ui
