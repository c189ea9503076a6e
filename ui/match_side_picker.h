#pragma once
// One side of the Match tab: who plays (the defaults of the panel's genome, the best chromosome
// of the window's current run, the best of a population file, or another engine with its own
// defaults) plus option values typed as "Name=Value, Name=Value" on top. The side is built by
// tuning/match_sides.h, the same code `matefind-cli match` uses, on the parameter panel's engine
// (program, arguments, fixed options). One row: what plays, the file (only for a population file
// or another engine), the option values; the tab puts the side's name beside it.
#include "ui/run_types.h"

#include "evolution/tuning/match_sides.h"

#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLineEdit;
class QPushButton;

namespace mf::ui {

// What the window offers the Match tab, asked for when needed (the panel and the run change).
struct MatchSources {
    std::function<RunSettings()> settings;                         // the parameter panel's
    std::function<const std::optional<ga::RunState>*()> currentRun;  // the shown population
};

class MatchSidePicker : public QWidget {
    Q_OBJECT
public:
    enum Kind { GenomeDefaults = 0, CurrentBest = 1, PopulationFile = 2, OtherEngine = 3 };

    MatchSidePicker(const QString& title, MatchSources sources, QWidget* parent = nullptr);

    // Why this side cannot play, "" when it can. Cheap (no file is read): the tab asks on every edit.
    QString problem() const;
    // The side, or why not (a population file that does not load, has no evaluated member...).
    Result<tuning::MatchSide> build() const;

    void setKind(Kind kind);
    QString title() const { return title_; }  // "Side A": the name messages use
    QComboBox* kindCombo() const { return kind_; }
    QLineEdit* pathEdit() const { return path_; }
    QLineEdit* optionsEdit() const { return options_; }
    QPushButton* browseButton() const { return browse_; }

signals:
    void changed();

private:
    void showKind();
    void browse();

    QString title_;
    MatchSources sources_;
    QComboBox* kind_ = nullptr;
    QLineEdit* path_ = nullptr;     // population file or engine
    QPushButton* browse_ = nullptr;
    QLineEdit* options_ = nullptr;  // "Name=Value, Name=Value"
};

// "Name=Value, Name=Value" as option values; the error names the part that is not Name=Value.
Result<uci::OptionValues> parseOptionList(const QString& text);

}  // namespace mf::ui
