#pragma once
// The panel's "Genome" group: the terms' table (bits editable, m shown live) and loading a
// genome spec. A spec that cannot be loaded leaves the genome as it was and says why in
// loadProblem() until the genome changes. A genome whose terms have groups (ga::termGroup, the
// engines with hundreds of terms) is shown as a tree instead, collapsed to one row per group
// (genome_tree_model.h); a genome of more than 30 terms or with groups gets a filter box above.
// A small genome without groups looks as it always did.
#include <QGroupBox>
#include <QString>

class QLabel;
class QLineEdit;
class QTableView;
class QTreeView;

namespace mf::ui {

class GenomeFilter;
class GenomeModel;
class GenomeTreeModel;

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
    QTreeView* tree() const { return tree_; }
    GenomeTreeModel* treeModel() const { return treeModel_; }
    GenomeFilter* filterModel() const { return filter_; }
    QLineEdit* filterEdit() const { return filterEdit_; }
    bool showsTree() const;   // the genome has groups
    int shownTerms() const;   // terms the filter keeps

signals:
    void edited();  // the genome changed, or a load failed (loadProblem())
    void fromEngineRequested();  // "From engine…": the window opens the dialog for the panel's engine

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;  // the table's width: refit its columns

private:
    QTreeView* makeTree();       // the terms by group (genome_tree_model.h), over the same model
    void showShape();            // table or tree, filter box or not, for the genome now in the model
    void applyFilter(const QString& text);

    GenomeModel* model_ = nullptr;
    QTableView* view_ = nullptr;
    GenomeTreeModel* treeModel_ = nullptr;
    GenomeFilter* filter_ = nullptr;
    QTreeView* tree_ = nullptr;
    QLineEdit* filterEdit_ = nullptr;
    QLabel* length_ = nullptr;
    QString loadProblem_;
};

} // namespace mf::ui
