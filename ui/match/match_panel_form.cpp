// The Match tab's widgets and their places (the behaviour is in match_panel.cpp). Built for a
// 1280 x 720 laptop, where the tab is about 620 x 430: one row per side, the games settings in
// three rows of a grid, the buttons and the summary below them, all at their own height; the
// chart and the games table, as two tabs, take what is left.
#include "ui/match/match_panel.h"

#include "ui/match/match_chart.h"
#include "ui/fields/match_limit_field.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>

namespace mf::ui {

QComboBox* MatchPanel::limitKindCombo() const { return limit_->kindCombo(); }
QSpinBox* MatchPanel::limitSpin() const { return limit_->valueSpin(); }
QLineEdit* MatchPanel::timeControlEdit() const { return limit_->clockEdit(); }

QWidget* MatchPanel::makeSettings() {
    settings_ = new QWidget(this);
    settings_->setObjectName(QStringLiteral("matchSettings"));
    auto* grid = new QGridLayout(settings_);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(4);
    for (int i = 0; i < 2; ++i) {
        sides_[std::size_t(i)] = new MatchSidePicker(i == 0 ? tr("Side A") : tr("Side B"), context_.sources, settings_);
        grid->addWidget(new QLabel(sides_[std::size_t(i)]->title(), settings_), i, 0);
        grid->addWidget(sides_[std::size_t(i)], i, 1, 1, 5);
        connect(sides_[std::size_t(i)], &MatchSidePicker::changed, this, &MatchPanel::refresh);
    }
    openings_ = new QLineEdit(context_.openings, settings_);
    openings_->setPlaceholderText(tr("EPD/FEN file, one position a line, or a PGN (main lines to 8 plies)"));
    openings_->setToolTip(tr("Each opening is played twice, colours reversed (a game pair), in file order"));
    browseOpenings_ = new QPushButton(tr("Browse…"), settings_);
    grid->addWidget(new QLabel(tr("Openings"), settings_), 2, 0);
    grid->addWidget(openings_, 2, 1, 1, 4);
    grid->addWidget(browseOpenings_, 2, 5);

    limit_ = new MatchLimitField(settings_);
    pairs_ = new QSpinBox(settings_);
    pairs_->setRange(1, 100'000);
    pairs_->setValue(100);
    pairs_->setToolTip(tr("Game pairs to play: each opening twice, colours reversed"));
    workers_ = new QSpinBox(settings_);
    workers_->setRange(1, 256);
    workers_->setValue(std::max(1, QThread::idealThreadCount()));
    workers_->setToolTip(tr("Game pairs played at once; two engine processes each"));
    grid->addWidget(new QLabel(tr("Limit"), settings_), 3, 0);
    grid->addWidget(limit_, 3, 1);
    grid->addWidget(new QLabel(tr("Pairs"), settings_), 3, 2);
    grid->addWidget(pairs_, 3, 3);
    grid->addWidget(new QLabel(tr("Workers"), settings_), 3, 4);
    grid->addWidget(workers_, 3, 5);

    elo0_ = new QDoubleSpinBox(settings_);
    elo1_ = new QDoubleSpinBox(settings_);
    for (QDoubleSpinBox* e : {elo0_, elo1_}) {
        e->setRange(-1000, 1000);
        e->setDecimals(1);
    }
    elo0_->setValue(0);
    elo1_->setValue(5);
    elo0_->setToolTip(tr("SPRT H0: side A is this many Elo better (alpha = beta = 0.05)"));
    elo1_->setToolTip(tr("SPRT H1: side A is this many Elo better"));
    stopAtBound_ = new QCheckBox(tr("stop at a bound"), settings_);
    stopAtBound_->setToolTip(tr("End the match when the log-likelihood ratio crosses a bound"));
    auto* sprtRow = new QHBoxLayout;
    sprtRow->addWidget(new QLabel(tr("elo0"), settings_));
    sprtRow->addWidget(elo0_);
    sprtRow->addWidget(new QLabel(tr("elo1"), settings_));
    sprtRow->addWidget(elo1_);
    sprtRow->addWidget(stopAtBound_);
    sprtRow->addStretch();
    grid->addWidget(new QLabel(tr("SPRT"), settings_), 4, 0);
    grid->addLayout(sprtRow, 4, 1, 1, 5);
    grid->setColumnStretch(1, 1);

    connect(browseOpenings_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Openings"), QFileInfo(openings_->text()).absolutePath(),
                                                          tr("Openings (*.epd *.fen *.pgn);;All files (*)"));
        if (!path.isEmpty()) openings_->setText(path);
    });
    connect(openings_, &QLineEdit::textChanged, this, &MatchPanel::refresh);
    connect(limit_, &MatchLimitField::changed, this, &MatchPanel::refresh);
    connect(elo0_, &QDoubleSpinBox::valueChanged, this, &MatchPanel::refresh);
    connect(elo1_, &QDoubleSpinBox::valueChanged, this, &MatchPanel::refresh);
    return settings_;
}

QWidget* MatchPanel::makeControls() {
    auto* controls = new QWidget(this);
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
    controlsLayout->setSpacing(2);
    auto* buttons = new QHBoxLayout;
    start_ = new QPushButton(tr("Start match"), controls);
    stop_ = new QPushButton(tr("Stop"), controls);
    savePgn_ = new QPushButton(tr("Save PGN…"), controls);
    stop_->setToolTip(tr("Stop the match: games in progress are abandoned, never scored"));
    savePgn_->setToolTip(tr("Write every finished game of the last match to a PGN file"));
    buttons->addWidget(start_);
    buttons->addWidget(stop_);
    buttons->addWidget(savePgn_);
    buttons->addStretch();
    controlsLayout->addLayout(buttons);
    score_ = new QLabel(tr("No games yet"), controls);
    score_->setObjectName(QStringLiteral("matchScore"));
    score_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    score_->setWordWrap(true);
    status_ = new QLabel(controls);
    status_->setObjectName(QStringLiteral("matchStatus"));
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    controlsLayout->addWidget(score_);
    controlsLayout->addWidget(status_);
    return controls;
}

void MatchPanel::makeGamesTable() {
    games_ = new QTableWidget(0, 6, this);
    // The names last: the widest cells (elided in the middle, whole in the tooltip).
    games_->setHorizontalHeaderLabels({tr("Round"), tr("Result"), tr("Plies"), tr("Ending"), tr("White"), tr("Black")});
    games_->verticalHeader()->hide();
    games_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    games_->setSelectionBehavior(QAbstractItemView::SelectRows);
    games_->setWordWrap(false);
    games_->setTextElideMode(Qt::ElideMiddle);
    for (int c = 0; c < 4; ++c) games_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    games_->horizontalHeader()->setSectionResizeMode(4, QHeaderView::Stretch);  // the names share the rest
    games_->horizontalHeader()->setSectionResizeMode(5, QHeaderView::Stretch);
    games_->setAlternatingRowColors(true);
}

QWidget* MatchPanel::makeResults() {
    results_ = new QTabWidget(this);
    results_->setObjectName(QStringLiteral("matchResults"));
    results_->setDocumentMode(true);
    chart_ = new MatchChart(results_);
    makeGamesTable();
    results_->addTab(chart_, tr("Elo and LLR"));
    results_->addTab(games_, tr("Games"));
    return results_;
}

}  // namespace mf::ui
