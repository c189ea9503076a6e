#pragma once
// The Match tab: two sides (match_side_picker.h), the openings, the limit per move, pairs,
// workers and the SPRT's hypotheses; Start runs the limit check (and asks, when an engine breaks
// the limit, whether to play anyway), then plays the match off the GUI thread (match_bridge.h);
// the chart, W/D/L and the latest games follow each pair; Stop ends it promptly; Save PGN writes
// every finished game. Start is disabled, with the reason as its tooltip, while a tuning run is
// active or the fields cannot make a match.
#include "ui/match_bridge.h"
#include "ui/match_side_picker.h"

#include <QWidget>

#include <array>
#include <functional>

class QBoxLayout;
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QSplitter;
class QTableWidget;

namespace mf::ui {

class MatchChart;
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
    enum LimitKind { Nodes = 0, Depth = 1, MoveTime = 2 };

    explicit MatchPanel(MatchContext context, QWidget* parent = nullptr);

    // The window calls it when the run, the panel or the document changed: Start's state follows.
    void refresh();
    // Why Start is disabled ("" when it is not).
    QString startProblem() const;
    // Stops a match in flight (closing the window); the engines quit on the match's thread.
    void stopMatch();
    bool busy() const { return bridge_->busy(); }

    // Writes every finished game; false (and the status says why) when the file cannot be written.
    bool savePgn(const QString& path);
    // Where Save PGN writes ("" = cancelled); default: a file dialog. Tests answer it.
    void setPgnPathChooser(std::function<QString()> chooser) { pgnPathChooser_ = std::move(chooser); }

    MatchSidePicker* side(int index) const { return sides_[std::size_t(index)]; }
    QLineEdit* openingsEdit() const { return openings_; }
    QComboBox* limitKindCombo() const { return limitKind_; }
    QSpinBox* limitSpin() const { return limitValue_; }
    QSpinBox* pairsSpin() const { return pairs_; }
    QSpinBox* workersSpin() const { return workers_; }
    QCheckBox* stopAtBoundCheck() const { return stopAtBound_; }
    QPushButton* startButton() const { return start_; }
    QPushButton* stopButton() const { return stop_; }
    QPushButton* savePgnButton() const { return savePgn_; }
    QLabel* scoreLabel() const { return score_; }
    QLabel* statusLabel() const { return status_; }
    QTableWidget* gamesTable() const { return games_; }
    MatchChart* chart() const { return chart_; }
    MatchBridge* bridge() const { return bridge_; }
    // The last match's W/D/L (side A's) and pairs played, as the score label shows them.
    const MatchProgress& lastProgress() const { return last_; }

signals:
    void busyChanged();  // a match began or ended: the window's Start follows busy()

protected:
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    QWidget* makeGamesBox();
    QWidget* makeControls();  // the buttons and the score and status lines
    void makeGamesTable();
    void layOut(QWidget* settings, QWidget* controls);
    void connectControls();
    match::SprtConfig sprtConfig() const;  // the hypotheses of the elo0 and elo1 fields
    void startMatch();
    // The match the fields describe, or why not (openings that do not read, a population file...).
    Result<MatchSetup> buildSetup() const;
    void onLimitChecked(const LimitVerdict& verdict);
    void onPair(const MatchProgress& progress);
    void onFinished(const MatchProgress& progress);
    void showScore(const MatchProgress& progress, bool finished);

    MatchContext context_;
    std::array<MatchSidePicker*, 2> sides_{};
    QBoxLayout* sidesRow_ = nullptr;
    QSplitter* split_ = nullptr;  // settings and controls / chart / games
    bool shownOnce_ = false;
    QLineEdit* openings_ = nullptr;
    QPushButton* browseOpenings_ = nullptr;
    QComboBox* limitKind_ = nullptr;
    QSpinBox* limitValue_ = nullptr;
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
    MatchChart* chart_ = nullptr;
    QTableWidget* games_ = nullptr;
    MatchBridge* bridge_ = nullptr;
    MatchProgress last_;
    match::SprtConfig sprt_;  // the hypotheses of the match under way
    QString names_;  // "A vs B" of the match under way
    std::function<QString()> pgnPathChooser_;
};

}  // namespace mf::ui
