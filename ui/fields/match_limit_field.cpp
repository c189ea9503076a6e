#include "ui/fields/match_limit_field.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QSpinBox>

#include <algorithm>
#include <array>

namespace mf::ui {

MatchLimitField::MatchLimitField(QWidget* parent) : QWidget(parent) {
    auto* row = new QHBoxLayout(this);
    row->setContentsMargins(0, 0, 0, 0);
    kind_ = new QComboBox(this);
    kind_->setObjectName(QStringLiteral("matchLimitKind"));
    kind_->addItems({tr("nodes"), tr("depth"), tr("movetime (ms)"), tr("clock")});
    kind_->setToolTip(tr("Per move (nodes, depth, milliseconds) or a game clock, as cutechess plays it"));
    value_ = new QSpinBox(this);
    value_->setRange(1, 2'000'000'000);
    value_->setValue(5000);
    value_->setToolTip(tr("Per move: nodes, plies or milliseconds"));
    clock_ = new QLineEdit(QStringLiteral("10+0.1"), this);
    clock_->setObjectName(QStringLiteral("matchTimeControl"));
    clock_->setPlaceholderText(QStringLiteral("40/10+0.1"));
    clock_->setToolTip(tr("A game clock in cutechess's form [MOVES/]BASE[+INC], seconds:\n"
                          "10+0.1: 10 s for the game, 0.1 s more after each move;\n"
                          "40/10+0.1: 10 s for every 40 moves (time left carries over), 0.1 s a move.\n"
                          "A move over the clock loses on time (a draw if the opponent has only its king)."));
    row->addWidget(kind_);
    row->addWidget(value_, 1);
    row->addWidget(clock_, 1);
    connect(kind_, &QComboBox::currentIndexChanged, this, [this] {
        showKind();
        emit changed();
    });
    connect(value_, &QSpinBox::valueChanged, this, &MatchLimitField::changed);
    connect(clock_, &QLineEdit::textChanged, this, &MatchLimitField::changed);
    showKind();
}

void MatchLimitField::showKind() {
    const bool clock = kind_->currentIndex() == Clock;
    value_->setVisible(!clock);
    clock_->setVisible(clock);
}

std::optional<match::GameLimits> MatchLimitField::limits() const {
    if (kind_->currentIndex() == Clock)
        return match::parseTimeControl(clock_->text().trimmed().toStdString());
    const std::array kinds{match::GameLimits::Kind::Nodes, match::GameLimits::Kind::Depth,
                           match::GameLimits::Kind::MoveTime};
    match::GameLimits limits;
    limits.kind = kinds[std::size_t(std::clamp(kind_->currentIndex(), 0, 2))];
    limits.value = value_->value();
    return limits;
}

void MatchLimitField::setPerMove(Kind kind, int value) {
    kind_->setCurrentIndex(std::clamp(int(kind), int(Nodes), int(MoveTime)));
    value_->setValue(value);
}

QString MatchLimitField::problem() const {
    if (limits())
        return {};
    return tr("Time control '%1': expected [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1 or 40/10+0.1")
        .arg(clock_->text().trimmed());
}

}  // namespace mf::ui
