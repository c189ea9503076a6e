#pragma once
// One side of the Match tab. What plays: the defaults of the panel's genome, the best chromosome
// of the window's current run, the best of a population file, or an engine with its own
// defaults. On top of it, option values typed as "Name=Value, Name=Value" in the row, and the
// side's own engine, arguments, options file and name in its Engine… dialog
// (match_side_dialog.h). The side is built by tuning/match_sides.h, the same code `matefind-cli
// match` uses (tuning::withChoices, tuning::sideName), on the parameter panel's engine (program,
// arguments, fixed options) unless the side names its own. One row: what plays, the population
// file (only for that kind), the option values and the Engine… button.
#include "ui/models/run_types.h"

#include "evolution/tuning/results/match_sides.h"

#include <QWidget>

#include <functional>
#include <optional>

class QComboBox;
class QLineEdit;
class QPushButton;

namespace mf::ui {

class MatchSideDialog;

// What the window offers the Match tab, asked for when needed (the panel and the run change).
struct MatchSources {
    std::function<RunSettings()> settings;                         // the parameter panel's
    std::function<const std::optional<ga::RunState>*()> currentRun;  // the shown population
};

class MatchSidePicker : public QWidget {
    Q_OBJECT
public:
    enum Kind { GenomeDefaults = 0, CurrentBest = 1, PopulationFile = 2, EngineDefaults = 3 };

    MatchSidePicker(const QString& title, MatchSources sources, QWidget* parent = nullptr);

    // Why this side cannot play, "" when it can. Cheap (no file is read): the tab asks on every edit.
    QString problem() const;
    // The side, or why not (a population file that does not load, an options file with a bad line...).
    Result<tuning::MatchSide> build() const;

    void setKind(Kind kind);
    QString title() const { return title_; }  // "Side A": the name messages use
    QComboBox* kindCombo() const { return kind_; }
    QLineEdit* pathEdit() const { return path_; }  // the population file
    QLineEdit* optionsEdit() const { return options_; }
    QPushButton* browseButton() const { return browse_; }
    QPushButton* engineButton() const { return engine_; }
    MatchSideDialog* engineDialog() const { return dialog_; }
    // The dialog's fields, for the tab's tests and the user's shortcuts.
    QLineEdit* nameEdit() const;
    QLineEdit* programEdit() const;
    QLineEdit* argumentsEdit() const;
    QLineEdit* optionsFileEdit() const;

signals:
    void changed();

private:
    void showKind();
    void browse();
    void openEngineDialog();
    void showDefaultName();  // the name field's placeholder: the short name the side plays under
    void describeChoices();  // the Engine… button's tooltip
    QString engineProblem(const RunSettings& settings) const;
    QString kindProblem() const;
    tuning::SideChoices choices() const;
    Result<tuning::MatchSide> whatPlays(const RunSettings& settings) const;

    QString title_;
    MatchSources sources_;
    QComboBox* kind_ = nullptr;
    QLineEdit* path_ = nullptr;     // population file
    QPushButton* browse_ = nullptr;
    QLineEdit* options_ = nullptr;  // "Name=Value, Name=Value"
    QPushButton* engine_ = nullptr;
    MatchSideDialog* dialog_ = nullptr;
    std::optional<tuning::MatchSide> preview_;  // what plays, as the dialog last opened on it
};

// "Name=Value, Name=Value" as option values; the error names the part that is not Name=Value.
Result<uci::OptionValues> parseOptionList(const QString& text);

}  // namespace mf::ui
