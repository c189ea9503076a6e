#include "ui/match/match_panel.h"

#include "ui/match/match_chart.h"
#include "ui/fields/match_limit_field.h"
#include "ui/match/match_summary.h"
#include "ui/dialogs/user_prompts.h"

#include "evolution/match/machine_load.h"
#include "evolution/match/match_config_rules.h"
#include "evolution/match/openings.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QTabWidget>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace mf::ui {
namespace {

constexpr int kLatestGames = 50;  // rows the games table keeps, newest first
constexpr int kNameInStatus = 40;  // characters of a side's name the status line shows

// `name` cut in the middle to kNameInStatus characters ("matefind-engine tun…-300-generations.txt").
QString shortened(const QString& name) {
    if (name.size() <= kNameInStatus) return name;
    const int half = (kNameInStatus - 1) / 2;
    return name.left(half) + QChar(0x2026) + name.right(kNameInStatus - 1 - half);
}

QString workersText(int workers) {
    return workers == 1 ? MatchPanel::tr("1 worker") : MatchPanel::tr("%1 workers").arg(workers);
}

}  // namespace

MatchPanel::MatchPanel(MatchContext context, QWidget* parent)
    : QWidget(parent), context_(std::move(context)), bridge_(new MatchBridge(this)) {
    setObjectName(QStringLiteral("matchPanel"));
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(makeSettings());
    layout->addWidget(makeControls());
    layout->addWidget(makeResults(), 1);
    // The question a tuning run asks: is its best better than where it started?
    sides_[0]->setKind(MatchSidePicker::CurrentBest);
    sides_[1]->setKind(MatchSidePicker::GenomeDefaults);
    connectControls();
    refresh();
}

QString MatchPanel::choosePgnPath() {
    QString path = pgnPathChooser_ ? pgnPathChooser_()
                                   : QFileDialog::getSaveFileName(this, tr("Save the match's games"), QString(), tr("PGN (*.pgn)"));
    // A name without a suffix gets .pgn, as the dialog's filter says.
    if (!path.isEmpty() && QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".pgn");
    return path;
}

void MatchPanel::connectControls() {
    connect(start_, &QPushButton::clicked, this, &MatchPanel::startMatch);
    connect(stop_, &QPushButton::clicked, this, &MatchPanel::stopMatch);
    connect(savePgn_, &QPushButton::clicked, this, [this] {
        if (const QString path = choosePgnPath(); !path.isEmpty()) savePgn(path);
    });
    connect(bridge_, &MatchBridge::limitChecked, this, &MatchPanel::onLimitChecked);
    connect(bridge_, &MatchBridge::pairFinished, this, &MatchPanel::onPair);
    connect(bridge_, &MatchBridge::finished, this, &MatchPanel::onFinished);
    connect(bridge_, &MatchBridge::phaseChanged, this, &MatchPanel::refresh);
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
    if (const QString why = limit_->problem(); !why.isEmpty()) return why;
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
    settings_->setEnabled(!busy);
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
    const auto limits = limit_->limits();
    if (!limits) return Error{limit_->problem().toStdString()};
    setup.limits = *limits;
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
    const QString a = QString::fromStdString(setup->a.side.name), b = QString::fromStdString(setup->b.side.name);
    // The status line names the sides in a few words however long a given name is (the chart
    // below keeps its height); the score's tooltip has them whole.
    names_ = tr("%1 vs %2").arg(shortened(a), shortened(b));
    score_->setToolTip(tr("%1 vs %2").arg(a, b));
    sprt_ = setup->sprt;
    const match::SprtStatus bounds = match::sprt({}, setup->sprt);
    chart_->start(setup->pairs, bounds.lower, bounds.upper);
    games_->setRowCount(0);
    results_->setTabText(1, tr("Games"));
    last_ = {};
    last_.pairsPlanned = setup->pairs;
    pgnSaved_ = false;
    score_->setText(tr("No games yet"));
    emit matchStarting();
    finishedText_.clear();
    const bool clock = setup->limits.kind == match::GameLimits::Kind::Clock;
    const auto warning = match::clockLoadWarning(match::readMachineLoad(), setup->workers, clock);
    loadWarning_ = warning ? tr("Warning: %1").arg(QString::fromStdString(*warning)) : QString();
    status_->setText(tr("Checking that both engines honour %1…%2")
                         .arg(QString::fromStdString(setup->limits.describe()),
                              loadWarning_.isEmpty() ? QString() : QLatin1Char(' ') + loadWarning_));
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
    if (!loadWarning_.isEmpty()) notes.append(loadWarning_);
    status_->setText(tr("Playing %1: %2 pairs, %3%4")
                         .arg(names_)
                         .arg(last_.pairsPlanned)
                         .arg(workersText(workers_->value()))
                         .arg(notes.isEmpty() ? QString() : QStringLiteral(". ") + notes.join(QStringLiteral("; "))));
    bridge_->play();
}

void MatchPanel::showScore(const MatchProgress& p, bool finished) {
    // Two lines; the names are in the status line and in the tooltip.
    const QString text = tr("Pairs %1 of %2   W-D-L %3-%4-%5   Elo of A %6\n%7")
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
        for (int c = 0; c < int(cells.size()); ++c) {
            auto* item = new QTableWidgetItem(cells[c]);
            item->setToolTip(cells[c]);  // the whole text where the column elides it
            games_->setItem(0, c, item);
        }
    }
    while (games_->rowCount() > kLatestGames) games_->removeRow(games_->rowCount() - 1);
    results_->setTabText(1, tr("Games (%1)").arg(bridge_->gamesPlayed()));
    refresh();
}

void MatchPanel::onFinished(const MatchProgress& progress) {
    const QString reason = progress.stopReason.isEmpty() ? tr("every pair played") : progress.stopReason;
    if (progress.pairsDone > 0) {
        last_ = progress;
        showScore(progress, true);
        status_->setText(tr("Finished %1: %2. %3 games; LOS %4%; Elo counting single games (trinomial) %5; "
                            "forfeits A %6, B %7 (on time A %8, B %9); engine restarts %10.")
                             .arg(names_, reason)
                             .arg(progress.games.games())
                             .arg(100 * progress.elo.los, 0, 'f', 1)
                             .arg(eloText(progress.trinomialElo))
                             .arg(progress.forfeitsA)
                             .arg(progress.forfeitsB)
                             .arg(progress.timeLossesA)
                             .arg(progress.timeLossesB)
                             .arg(progress.restarts));
        const int timeLosses = progress.timeLossesA + progress.timeLossesB;
        if (auto note = match::timeLossNote(timeLosses, progress.games.games(), match::readMachineLoad()))
            status_->setText(status_->text() + QLatin1Char(' ') + QString::fromStdString(*note) + QLatin1Char('.'));
        finishedText_ = status_->text();
    } else if (!status_->text().startsWith(tr("Not started"))) {
        status_->setText(tr("No game played: %1").arg(reason));
    }
    refresh();
    emit busyChanged();
}

void MatchPanel::fillPickAgainstStart(const RunSettings& run) {
    if (bridge_->busy()) return;
    side(0)->setKind(MatchSidePicker::CurrentBest);
    side(1)->setKind(MatchSidePicker::GenomeDefaults);
    QString limit = tr("the tab's limit (the run scored positions without searching)");
    if (run.measure != tuning::FitnessMeasure::Evalfit) {
        const ga::LimitKind kind = run.parameters.limitKind;
        limit_->setPerMove(kind == ga::LimitKind::Nodes   ? MatchLimitField::Nodes
                           : kind == ga::LimitKind::Depth ? MatchLimitField::Depth
                                                          : MatchLimitField::MoveTime,
                           int(std::min<std::int64_t>(run.parameters.limitValue, 2'000'000'000)));
        limit = tr("the run's limit");
    }
    refresh();
    const QString why = startProblem();
    status_->setText(why.isEmpty() ? tr("The run's pick against its start values, at %1: set the pairs and press "
                                        "Start match.").arg(limit)
                                   : tr("The run's pick against its start values: %1").arg(why));
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
    // The match's last words (its forfeits, time losses) stay; the save is said after them.
    const int games = bridge_->gamesPlayed();
    const QString saved = (games == 1 ? tr("1 game saved to %1.") : tr("%1 games saved to %2.").arg(games)).arg(path);
    status_->setText(finishedText_.isEmpty() ? saved : finishedText_ + QLatin1Char(' ') + saved);
    pgnSaved_ = !bridge_->busy();  // a match still playing adds games after these
    return true;
}

bool MatchPanel::keepGamesBeforeClosing() {
    if (!hasUnsavedGames() || !context_.prompts)
        return true;
    const auto answer = context_.prompts->ask(
        tr("Unsaved match games"),
        tr("The last match's %n game(s) are not saved. Save them as PGN before closing?", nullptr, bridge_->gamesPlayed()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel);
    if (answer == QMessageBox::Discard)
        return true;
    if (answer != QMessageBox::Save)
        return false;
    const QString path = choosePgnPath();
    return !path.isEmpty() && savePgn(path);
}

}  // namespace mf::ui
