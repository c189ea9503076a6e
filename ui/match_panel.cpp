#include "ui/match_panel.h"

#include "ui/match_chart.h"
#include "ui/match_summary.h"
#include "ui/user_prompts.h"

#include "evolution/match/match_config_rules.h"
#include "evolution/match/openings.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QShowEvent>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QThread>
#include <QVBoxLayout>

#include <cmath>

namespace mf::ui {
namespace {

constexpr int kLatestGames = 50;  // rows the games table keeps, newest first


}  // namespace

MatchPanel::MatchPanel(MatchContext context, QWidget* parent)
    : QWidget(parent), context_(std::move(context)), bridge_(new MatchBridge(this)) {
    setObjectName(QStringLiteral("matchPanel"));
    auto* top = new QWidget(this);
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    sidesRow_ = new QBoxLayout(QBoxLayout::LeftToRight);
    sides_[0] = new MatchSidePicker(tr("Side A"), context_.sources, top);
    sides_[1] = new MatchSidePicker(tr("Side B"), context_.sources, top);
    // The question a tuning run asks: is its best better than where it started?
    sides_[0]->setKind(MatchSidePicker::CurrentBest);
    sides_[1]->setKind(MatchSidePicker::GenomeDefaults);
    for (MatchSidePicker* s : sides_) {
        sidesRow_->addWidget(s);
        connect(s, &MatchSidePicker::changed, this, &MatchPanel::refresh);
    }
    topLayout->addLayout(sidesRow_);
    topLayout->addWidget(makeGamesBox());
    QWidget* controls = makeControls();
    chart_ = new MatchChart(this);
    makeGamesTable();
    layOut(top, controls);
    connectControls();
    refresh();
}

QWidget* MatchPanel::makeControls() {
    auto* controls = new QWidget(this);
    auto* controlsLayout = new QVBoxLayout(controls);
    controlsLayout->setContentsMargins(0, 0, 0, 0);
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
    score_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    score_->setWordWrap(true);
    status_ = new QLabel(controls);
    status_->setWordWrap(true);
    status_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    controlsLayout->addWidget(score_);
    controlsLayout->addWidget(status_);
    return controls;
}

void MatchPanel::makeGamesTable() {
    games_ = new QTableWidget(0, 6, this);
    // The names last: they are long ("genome defaults (matefind-engine) KnightValue=100").
    games_->setHorizontalHeaderLabels({tr("Round"), tr("Result"), tr("Plies"), tr("Ending"), tr("White"), tr("Black")});
    games_->setMinimumHeight(80);
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

// The sides and the games settings scroll on a short screen, the buttons and the summary stay in
// sight below them; the chart and the table share the rest, each with a height where it still reads.
void MatchPanel::layOut(QWidget* settings, QWidget* controls) {
    auto* topScroll = new QScrollArea(this);
    topScroll->setWidget(settings);
    topScroll->setWidgetResizable(true);
    topScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    topScroll->setFrameShape(QFrame::NoFrame);
    topScroll->setMinimumHeight(60);
    auto* settingsPane = new QWidget(this);
    auto* paneLayout = new QVBoxLayout(settingsPane);
    paneLayout->setContentsMargins(0, 0, 0, 0);
    paneLayout->addWidget(topScroll, 1);
    paneLayout->addWidget(controls);
    split_ = new QSplitter(Qt::Vertical, this);
    split_->addWidget(settingsPane);
    split_->addWidget(chart_);
    split_->addWidget(games_);
    split_->setStretchFactor(0, 1);
    split_->setStretchFactor(1, 2);
    split_->setStretchFactor(2, 1);
    split_->setChildrenCollapsible(false);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(split_);
}

void MatchPanel::connectControls() {
    connect(start_, &QPushButton::clicked, this, &MatchPanel::startMatch);
    connect(stop_, &QPushButton::clicked, this, &MatchPanel::stopMatch);
    connect(savePgn_, &QPushButton::clicked, this, [this] {
        const QString path = pgnPathChooser_ ? pgnPathChooser_()
                                             : QFileDialog::getSaveFileName(this, tr("Save the match's games"), QString(),
                                                                            tr("PGN (*.pgn)"));
        if (!path.isEmpty()) savePgn(path);
    });
    connect(bridge_, &MatchBridge::limitChecked, this, &MatchPanel::onLimitChecked);
    connect(bridge_, &MatchBridge::pairFinished, this, &MatchPanel::onPair);
    connect(bridge_, &MatchBridge::finished, this, &MatchPanel::onFinished);
    connect(bridge_, &MatchBridge::phaseChanged, this, &MatchPanel::refresh);
}

void MatchPanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    if (shownOnce_)
        return;
    shownOnce_ = true;
    // First show: the settings get at most their own height or 45% of the tab, the table a
    // fifth, the chart the rest (on 1280 x 720 it would otherwise be too short for its labels).
    const int h = split_->height();
    const int settings = std::min(split_->widget(0)->sizeHint().height(), h * 45 / 100);
    const int games = std::max(games_->minimumHeight(), h / 5);
    split_->setSizes({settings, std::max(chart_->minimumHeight(), h - settings - games), games});
}

void MatchPanel::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // The two sides side by side where they fit, one above the other on a narrow screen.
    const int needed = sides_[0]->minimumSizeHint().width() + sides_[1]->minimumSizeHint().width() + 40;
    sidesRow_->setDirection(width() >= needed ? QBoxLayout::LeftToRight : QBoxLayout::TopToBottom);
}

QWidget* MatchPanel::makeGamesBox() {
    auto* box = new QGroupBox(tr("Games"), this);
    auto* grid = new QGridLayout(box);
    openings_ = new QLineEdit(context_.openings, box);
    openings_->setPlaceholderText(tr("EPD/FEN file, one position a line, or a PGN (main lines to 8 plies)"));
    openings_->setToolTip(tr("Each opening is played twice, colours reversed (a game pair), in file order"));
    browseOpenings_ = new QPushButton(tr("Browse…"), box);
    auto* openingsRow = new QHBoxLayout;
    openingsRow->addWidget(openings_, 1);
    openingsRow->addWidget(browseOpenings_);
    grid->addWidget(new QLabel(tr("Openings"), box), 0, 0);
    grid->addLayout(openingsRow, 0, 1, 1, 3);

    limitKind_ = new QComboBox(box);
    limitKind_->addItems({tr("nodes"), tr("depth"), tr("movetime (ms)")});
    limitValue_ = new QSpinBox(box);
    limitValue_->setRange(1, 2'000'000'000);
    limitValue_->setValue(5000);
    limitValue_->setToolTip(tr("Per move: nodes, plies or milliseconds"));
    auto* limitRow = new QHBoxLayout;
    limitRow->addWidget(limitKind_);
    limitRow->addWidget(limitValue_, 1);
    grid->addWidget(new QLabel(tr("Limit per move"), box), 1, 0);
    grid->addLayout(limitRow, 1, 1);
    pairs_ = new QSpinBox(box);
    pairs_->setRange(1, 100'000);
    pairs_->setValue(100);
    workers_ = new QSpinBox(box);
    workers_->setRange(1, 256);
    workers_->setValue(std::max(1, QThread::idealThreadCount()));
    workers_->setToolTip(tr("Game pairs played at once; two engine processes each"));
    grid->addWidget(new QLabel(tr("Game pairs"), box), 1, 2);
    grid->addWidget(pairs_, 1, 3);

    elo0_ = new QDoubleSpinBox(box);
    elo1_ = new QDoubleSpinBox(box);
    for (QDoubleSpinBox* e : {elo0_, elo1_}) {
        e->setRange(-1000, 1000);
        e->setDecimals(1);
    }
    elo0_->setValue(0);
    elo1_->setValue(5);
    elo0_->setToolTip(tr("SPRT H0: side A is this many Elo better (alpha = beta = 0.05)"));
    elo1_->setToolTip(tr("SPRT H1: side A is this many Elo better"));
    stopAtBound_ = new QCheckBox(tr("stop at a bound"), box);
    stopAtBound_->setToolTip(tr("End the match when the log-likelihood ratio crosses a bound"));
    auto* sprtRow = new QHBoxLayout;
    sprtRow->addWidget(new QLabel(tr("elo0"), box));
    sprtRow->addWidget(elo0_);
    sprtRow->addWidget(new QLabel(tr("elo1"), box));
    sprtRow->addWidget(elo1_);
    sprtRow->addWidget(stopAtBound_);
    sprtRow->addStretch();
    grid->addWidget(new QLabel(tr("SPRT"), box), 2, 0);
    grid->addLayout(sprtRow, 2, 1);
    grid->addWidget(new QLabel(tr("Workers"), box), 2, 2);
    grid->addWidget(workers_, 2, 3);
    grid->setColumnStretch(1, 1);

    connect(browseOpenings_, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Openings"), QFileInfo(openings_->text()).absolutePath(),
                                                          tr("Openings (*.epd *.fen *.pgn);;All files (*)"));
        if (!path.isEmpty()) openings_->setText(path);
    });
    connect(openings_, &QLineEdit::textChanged, this, &MatchPanel::refresh);
    connect(elo0_, &QDoubleSpinBox::valueChanged, this, &MatchPanel::refresh);
    connect(elo1_, &QDoubleSpinBox::valueChanged, this, &MatchPanel::refresh);
    return box;
}

QString MatchPanel::startProblem() const {
    if (bridge_->busy()) return tr("A match is under way");
    if (context_.runActive && context_.runActive()) return tr("A tuning run is using the engines: stop it first");
    for (int i = 0; i < 2; ++i)
        if (const QString why = sides_[std::size_t(i)]->problem(); !why.isEmpty())
            return tr("%1: %2").arg(sides_[std::size_t(i)]->title(), why);
    const QString openings = openings_->text().trimmed();
    if (openings.isEmpty()) return tr("Openings: choose a file");
    if (!QFileInfo(openings).isFile()) return tr("Openings: %1 is not a file").arg(openings);
    if (auto problem = match::sprtProblem(sprtConfig())) return QString::fromStdString(*problem);
    return {};
}

void MatchPanel::refresh() {
    const QString why = startProblem();
    start_->setEnabled(why.isEmpty());
    start_->setToolTip(why.isEmpty() ? tr("Check the limit with both engines, then play the match") : why);
    const bool busy = bridge_->busy();
    stop_->setEnabled(busy);
    savePgn_->setEnabled(bridge_->gamesPlayed() > 0);
    for (QWidget* w : std::initializer_list<QWidget*>{sides_[0], sides_[1], openings_, browseOpenings_, limitKind_, limitValue_,
                                                      pairs_, workers_, elo0_, elo1_, stopAtBound_})
        w->setEnabled(!busy);
}

match::SprtConfig MatchPanel::sprtConfig() const { return match::SprtConfig{elo0_->value(), elo1_->value(), 0.05, 0.05}; }

Result<MatchSetup> MatchPanel::buildSetup() const {
    MatchSetup setup;
    for (int i = 0; i < 2; ++i) {
        auto side = sides_[std::size_t(i)]->build();
        if (!side) return Error{(sides_[std::size_t(i)]->title() + ": ").toStdString() + side.error().message};
        (i == 0 ? setup.a : setup.b) = std::move(*side);
    }
    tuning::distinguishNames(setup.a.side, setup.b.side);
    const std::array kinds{match::GameLimits::Kind::Nodes, match::GameLimits::Kind::Depth, match::GameLimits::Kind::MoveTime};
    setup.limits.kind = kinds[std::size_t(limitKind_->currentIndex())];
    setup.limits.value = limitValue_->value();
    const std::string openingsPath = openings_->text().trimmed().toStdString();
    match::OpeningsFile file = match::readOpenings(openingsPath);
    if (!file.errors.empty()) return Error{"Openings: " + file.errors.front()};
    if (file.openings.empty()) return Error{"Openings: " + openingsPath + " holds no position"};
    setup.openings = std::move(file.openings);
    setup.pairs = pairs_->value();
    setup.workers = std::size_t(workers_->value());
    setup.sprt = sprtConfig();
    setup.stopAtBound = stopAtBound_->isChecked();
    if (auto problems = validateSetup(setup); !problems.empty()) return Error{problems.front()};
    return setup;
}

void MatchPanel::startMatch() {
    if (!startProblem().isEmpty()) return;
    auto setup = buildSetup();
    if (!setup) {
        status_->setText(QString::fromStdString(setup.error().message));
        return;
    }
    names_ = tr("%1 vs %2").arg(QString::fromStdString(setup->a.side.name), QString::fromStdString(setup->b.side.name));
    sprt_ = setup->sprt;
    const match::SprtStatus bounds = match::sprt({}, setup->sprt);
    chart_->start(setup->pairs, bounds.lower, bounds.upper);
    games_->setRowCount(0);
    last_ = {};
    last_.pairsPlanned = setup->pairs;
    score_->setText(names_);
    status_->setText(tr("Checking that both engines honour %1…").arg(QString::fromStdString(setup->limits.describe())));
    bridge_->check(std::move(*setup));
    refresh();
    emit busyChanged();
}

void MatchPanel::onLimitChecked(const LimitVerdict& verdict) {
    if (!verdict.refusals.isEmpty()) {
        const QString text = tr("%1\n\nGames at this limit would not be what you asked for. Play anyway?")
                                 .arg(verdict.refusals.join(QStringLiteral("\n")));
        const auto answer = context_.prompts ? context_.prompts->ask(tr("Limit not honoured"), text, QMessageBox::Yes | QMessageBox::No)
                                             : QMessageBox::No;
        if (answer != QMessageBox::Yes) {
            status_->setText(tr("Not started: %1").arg(verdict.refusals.join(QStringLiteral("; "))));
            bridge_->stop();
            return;
        }
    }
    QStringList notes = verdict.refusals + verdict.warnings;
    status_->setText(tr("Playing %1 pairs, %2 workers%3")
                         .arg(last_.pairsPlanned)
                         .arg(workers_->value())
                         .arg(notes.isEmpty() ? QString() : QStringLiteral(". ") + notes.join(QStringLiteral("; "))));
    bridge_->play();
}

void MatchPanel::showScore(const MatchProgress& p, bool finished) {
    const QString text = tr("%1\nPairs %2 of %3   W-D-L %4-%5-%6   Elo of A %7\n%8")
                             .arg(names_)
                             .arg(p.pairsDone)
                             .arg(p.pairsPlanned)
                             .arg(p.games.wins)
                             .arg(p.games.draws)
                             .arg(p.games.losses)
                             .arg(eloText(p.elo))
                             .arg(sprtText(p.sprt, sprt_, finished));
    score_->setText(text);
}

void MatchPanel::onPair(const MatchProgress& progress) {
    last_ = progress;
    showScore(progress, false);
    chart_->addPoint(progress.pairsDone, progress.elo, progress.sprt.llr);
    for (const MatchGameLine& g : progress.latest) {
        games_->insertRow(0);
        const QStringList cells{g.round, g.result, QString::number(g.plies), g.ending, g.white, g.black};
        for (int c = 0; c < int(cells.size()); ++c) games_->setItem(0, c, new QTableWidgetItem(cells[c]));
    }
    while (games_->rowCount() > kLatestGames) games_->removeRow(games_->rowCount() - 1);
    refresh();
}

void MatchPanel::onFinished(const MatchProgress& progress) {
    const QString reason = progress.stopReason.isEmpty() ? tr("every pair played") : progress.stopReason;
    if (progress.pairsDone > 0) {
        last_ = progress;
        showScore(progress, true);
        status_->setText(tr("Finished: %1. %2 games; LOS %3%; Elo counting single games (trinomial) %4; forfeits "
                            "A %5, B %6; engine restarts %7.")
                             .arg(reason)
                             .arg(progress.games.games())
                             .arg(100 * progress.elo.los, 0, 'f', 1)
                             .arg(eloText(progress.trinomialElo))
                             .arg(progress.forfeitsA)
                             .arg(progress.forfeitsB)
                             .arg(progress.restarts));
    } else if (!status_->text().startsWith(tr("Not started"))) {
        status_->setText(tr("No game played: %1").arg(reason));
    }
    refresh();
    emit busyChanged();
}

void MatchPanel::stopMatch() {
    if (!bridge_->busy()) return;
    status_->setText(tr("Stopping: games in progress are abandoned, never scored…"));
    bridge_->stop();
}

bool MatchPanel::savePgn(const QString& path) {
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate | QIODevice::Text)) {
        status_->setText(tr("%1: cannot be written (%2)").arg(path, file.errorString()));
        return false;
    }
    const QByteArray bytes = bridge_->pgn().toUtf8();
    if (file.write(bytes) != bytes.size() || !file.flush()) {
        status_->setText(tr("%1: write failed (%2)").arg(path, file.errorString()));
        return false;
    }
    status_->setText(tr("%1 games saved to %2").arg(bridge_->gamesPlayed()).arg(path));
    return true;
}

}  // namespace mf::ui
