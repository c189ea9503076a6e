#pragma once
// The Match tab: two sides (match_side_picker.h), the openings, the limit (per move or a clock,
// match_limit_field.h), pairs, workers and the SPRT's hypotheses; Start runs the limit check (and
// asks, when an engine breaks the limit, whether to play anyway), then plays the match off the GUI
// thread (match_bridge.h); the summary, the chart and the latest games follow each pair; Stop ends
// it promptly; Save PGN writes every finished game, and closing the window offers to when they
// were not saved. Start is disabled, with the reason as its tooltip, while a tuning run is active
// or the fields cannot make a match.
//
// Layout for a 1280 x 720 laptop: the settings and the summary keep their own height (nothing to
// scroll to, nothing drawn over), the chart and the games table share the rest as two tabs.
#include "ui/match/match_bridge.h"
#include "ui/match/match_side_picker.h"

#include <QWidget>

#include <array>
#include <functional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QTableWidget;

namespace mf::ui {

class MatchChart;
class MatchLimitField;
class UserPrompts;

struct MatchContext {
    MatchSources sources;
    QString openings;                  // the default openings file (the bundled one)
    UserPrompts* prompts = nullptr;    // asks whether to play when an engine breaks the limit
    std::function<bool()> runActive;   // a tuning run is using the engines
};

class MatchPanel : public QWidget {
    Q_OBJECT
public:
    enum LimitKind { Nodes = 0, Depth = 1, MoveTime = 2, Clock = 3 };

    explicit MatchPanel(MatchContext context, QWidget* parent = nullptr);

    // The window calls it when the run, the panel or the document changed: Start's state follows.
    void refresh();
    // Why Start is disabled ("" when it is not).
    QString startProblem() const;
    // Stops a match in flight (closing the window); the engines quit on the match's thread.
    void stopMatch();
    // Side A the current run's pick, side B the start values, the limit the run searched at (a
    // run that searched: games or a suite; an evalfit run searched none, the tab's limit stays);
    // the status says what was filled and that Start match plays it. Nothing starts.
    void fillPickAgainstStart(const RunSettings& run);
    bool busy() const { return bridge_->busy(); }

    // Writes every finished game; false (and the status says why) when the file cannot be written.
    bool savePgn(const QString& path);
    // Where Save PGN writes ("" = cancelled); default: a file dialog. Tests answer it.
    void setPgnPathChooser(std::function<QString()> chooser) { pgnPathChooser_ = std::move(chooser); }
    // Games played since the last Save PGN (or none): closing would lose them.
    bool hasUnsavedGames() const { return bridge_->gamesPlayed() > 0 && !pgnSaved_; }
    // Before the window closes: offers to save unsaved games. False when the user cancels or
    // the file cannot be written (the window stays open).
    bool keepGamesBeforeClosing();

    MatchSidePicker* side(int index) const { return sides_[std::size_t(index)]; }
    QLineEdit* openingsEdit() const { return openings_; }
    MatchLimitField* limitField() const { return limit_; }
    QComboBox* limitKindCombo() const;
    QSpinBox* limitSpin() const;
    QLineEdit* timeControlEdit() const;  // the clock's "[MOVES/]BASE[+INC]"
    QSpinBox* pairsSpin() const { return pairs_; }
    QSpinBox* workersSpin() const { return workers_; }
    QCheckBox* stopAtBoundCheck() const { return stopAtBound_; }
    QPushButton* startButton() const { return start_; }
    QPushButton* stopButton() const { return stop_; }
    QPushButton* savePgnButton() const { return savePgn_; }
    QLabel* scoreLabel() const { return score_; }
    QLabel* statusLabel() const { return status_; }
    QWidget* settingsArea() const { return settings_; }
    QTableWidget* gamesTable() const { return games_; }
    MatchChart* chart() const { return chart_; }
    MatchBridge* bridge() const { return bridge_; }
    // The last match's W/D/L (side A's) and pairs played, as the score label shows them.
    const MatchProgress& lastProgress() const { return last_; }

signals:
    void busyChanged();  // a match began or ended: the window's Start follows busy()
    void matchStarting();  // Start was pressed: the window clears the last match's engine log

private:
    // Building the tab (match_panel_form.cpp).
    QWidget* makeSettings();
    QWidget* makeControls();  // the buttons and the score and status lines
    QWidget* makeResults();   // the chart and the games table
    void makeGamesTable();
    void connectControls();

    match::SprtConfig sprtConfig() const;  // the hypotheses of the elo0 and elo1 fields
    void startMatch();
    // The match the fields describe, or why not (openings that do not read, a population file...).
    Result<MatchSetup> buildSetup() const;
    void onLimitChecked(const LimitVerdict& verdict);
    void onPair(const MatchProgress& progress);
    void onFinished(const MatchProgress& progress);
    void showScore(const MatchProgress& progress, bool finished);
    QString choosePgnPath();

    MatchContext context_;
    std::array<MatchSidePicker*, 2> sides_{};
    QWidget* settings_ = nullptr;
    QLineEdit* openings_ = nullptr;
    QPushButton* browseOpenings_ = nullptr;
    MatchLimitField* limit_ = nullptr;
    QSpinBox* pairs_ = nullptr;
    QSpinBox* workers_ = nullptr;
    QDoubleSpinBox* elo0_ = nullptr;
    QDoubleSpinBox* elo1_ = nullptr;
    QCheckBox* stopAtBound_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* stop_ = nullptr;
    QPushButton* savePgn_ = nullptr;
    QLabel* score_ = nullptr;
    QLabel* status_ = nullptr;
    QTabWidget* results_ = nullptr;  // the chart and the games table
    MatchChart* chart_ = nullptr;
    QTableWidget* games_ = nullptr;
    MatchBridge* bridge_ = nullptr;
    MatchProgress last_;
    match::SprtConfig sprt_;  // the hypotheses of the match under way
    QString names_;  // "A vs B" of the match under way
    QString loadWarning_;   // said before a clock match on a busy machine (machine_load.h)
    QString finishedText_;  // the last match's closing words, kept when its games are saved
    bool pgnSaved_ = false;  // the last match's games were written since its last game
    std::function<QString()> pgnPathChooser_;
};

}  // namespace mf::ui
