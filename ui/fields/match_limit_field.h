#pragma once
// The Match tab's limit: per move (nodes, depth, movetime) or a game clock in cutechess's form,
// "[MOVES/]BASE[+INC]" in seconds ("10+0.1", or "40/10+0.1": 10 s for every 40 moves, the time
// left carried over). A number field for the per-move kinds, a text field for the clock; the
// clock's text is read by match::parseTimeControl, the same reader as `matefind-cli match --tc`.
#include "evolution/match/game_types.h"

#include <QWidget>

#include <optional>

class QComboBox;
class QLineEdit;
class QSpinBox;

namespace mf::ui {

class MatchLimitField : public QWidget {
    Q_OBJECT
public:
    enum Kind { Nodes = 0, Depth = 1, MoveTime = 2, Clock = 3 };

    explicit MatchLimitField(QWidget* parent = nullptr);

    // The limit the fields describe; std::nullopt when the clock's text does not read (problem()).
    std::optional<match::GameLimits> limits() const;
    // "" or why the fields make no limit ("Time control '40/': expected [MOVES/]BASE[+INC] ...").
    QString problem() const;
    // A per-move limit (Nodes, Depth or MoveTime) in the fields.
    void setPerMove(Kind kind, int value);

    QComboBox* kindCombo() const { return kind_; }
    QSpinBox* valueSpin() const { return value_; }
    QLineEdit* clockEdit() const { return clock_; }

signals:
    void changed();

private:
    void showKind();

    QComboBox* kind_ = nullptr;
    QSpinBox* value_ = nullptr;
    QLineEdit* clock_ = nullptr;
};

}  // namespace mf::ui
