#pragma once
// "Genome from engine…": the engine's spin options as a checklist, bits per term, made
// into a genome with tuning::genomeFromChosenOptions (floor = min, ceiling = max; the bits give a
// window around the default). Each option starts with the bits of its unit (tuning::unitBits, the
// rule `matefind-cli genome --engine` uses: Psqt 11, Material 9, ...), shown with the window they
// search and changeable per option or for all options shown at once. Options that are not search
// or evaluation options (Hash, Threads, Move Overhead...) are listed only with "Show all options".
// The dialog has its own engine field (the panel's engine to begin with; another program is read
// when its path is entered or chosen): the engine is started off the GUI thread, with the panel's
// arguments and fixed options when it is the panel's program. Using the genome of another program
// makes that program the panel's engine too.
// Options the current genome already tunes start ticked with its bits; Save keeps the genome as
// a JSON file too.
// An engine with many options (hundreds, named `Group.Rest`): a filter box (text or regular
// expression) and a group picker narrow the list, and Tick / Untick act on the options shown,
// so a whole group is chosen for tuning, or left out, at once.
#include "evolution/ga/genome.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "evolution/uci/uci_protocol.h"

#include <QDialog>

#include <vector>

class QCheckBox;
class QComboBox;
class QLabel;
class QSpinBox;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QVBoxLayout;

namespace mf::ui {

class BackgroundTask;

class GenomeFromEngineDialog : public QDialog {
    Q_OBJECT
public:
    enum Column { Use, Option, Default, Min, Max, Bits, Window, ColumnCount };

    GenomeFromEngineDialog(const tuning::EngineSpec& engine, const ga::Genome& current, QWidget* parent = nullptr);
    ~GenomeFromEngineDialog() override;

    // The ticked options as a genome (empty when none is ticked or the engine gave no options).
    ga::Genome genome() const { return genome_; }
    // The engine whose options are listed (the panel's, or the one entered in the dialog).
    const tuning::EngineSpec& engine() const { return engine_; }
    QLineEdit* engineEdit() const { return engineEdit_; }
    // Reads the options of the program at `path` (what entering or choosing it in the field does).
    void readEngine(const QString& path);
    QTableWidget* table() const { return table_; }
    bool optionsRead() const { return read_; }
    QString statusText() const;
    QLineEdit* filterEdit() const { return filter_; }
    QComboBox* groupPicker() const { return groups_; }
    QCheckBox* showAllBox() const { return showAll_; }
    void tickShown(bool on);  // every option the filter shows, ticked or not
    void setBitsOfShown(int bits);  // every option the filter shows gets `bits`
    int shownRows() const;
    int rowOf(const QString& option) const;  // -1 when the engine announces no such spin option
    int bitsAt(int row) const;
    // Writes genome() to `path` (JSON); an error text, or empty.
    QString saveTo(const QString& path) const;

private:
    void addEngineRow(QVBoxLayout* layout);     // the engine's path, typed or chosen
    void addNarrowingRow(QVBoxLayout* layout);  // group picker, filter, Show all options
    void addTickRow(QVBoxLayout* layout);       // Tick / Untick, Set bits, the summary
    void addButtons(QVBoxLayout* layout);
    void readOptions();
    void showOptions(const std::vector<uci::UciOption>& spins);
    void addOptionRow(int row, const uci::UciOption& option);
    void rebuild();  // genome_ from the ticks and bits, the summary and the buttons
    void applyFilter();
    void showWindow(int row);  // the window searched with the row's bits
    void fillGroups();  // the picker: every group with its options and how many are ticked

    tuning::EngineSpec engine_;
    tuning::EngineSpec panelEngine_;  // the panel's: its arguments and fixed options go with its program
    QLineEdit* engineEdit_ = nullptr;
    ga::Genome current_;
    std::vector<uci::UciOption> announced_;
    ga::Genome genome_;
    bool read_ = false;
    QLabel* status_ = nullptr;
    QLabel* summary_ = nullptr;
    QTableWidget* table_ = nullptr;
    QPushButton* ok_ = nullptr;
    QPushButton* save_ = nullptr;
    QPushButton* tickAll_ = nullptr;
    QPushButton* tickNone_ = nullptr;
    QLineEdit* filter_ = nullptr;
    QComboBox* groups_ = nullptr;
    QCheckBox* showAll_ = nullptr;
    QSpinBox* shownBits_ = nullptr;
    QPushButton* setShownBits_ = nullptr;
    std::vector<bool> tunable_;  // per row: an evaluation term (tuning::isTunableOption)
    BackgroundTask* task_ = nullptr;
};

} // namespace mf::ui
