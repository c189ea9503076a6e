// First, before any Qt header: game.h's tablebase headers use `emit` and `slots` as names.
#include "evolution/match/game.h"
#include "evolution/match/match_config_rules.h"
#include "evolution/match/match_runner.h"
#include "evolution/match/pgn_writer.h"
#include "evolution/uci/engine_probe.h"

#include "ui/match/match_bridge.h"

#include "ui/models/run_types.h"

#include <QMetaObject>
#include <QTimer>

#include <array>
#include <optional>
#include <utility>

namespace mf::ui {

namespace {

// The match a setup asks for; the SPRT only when the match stops at a bound.
match::MatchConfig matchConfigOf(const MatchSetup& setup) {
    match::MatchConfig config;
    config.a = setup.a.side;
    config.b = setup.b.side;
    config.engineA = setup.a.engine;
    config.engineB = setup.b.engine;
    // The runner sends "ucinewgame" before each game itself.
    config.engineA.newGame = config.engineB.newGame = uci::NewGamePolicy::Never;
    config.openings = setup.openings;
    config.pairs = setup.pairs;
    config.game.limits = setup.limits;
    config.workers = std::max<std::size_t>(1, std::min<std::size_t>(setup.workers, std::size_t(std::max<std::int64_t>(1, setup.pairs))));
    if (setup.stopAtBound) config.sprt = setup.sprt;
    return config;
}

}  // namespace

std::vector<std::string> validateSetup(const MatchSetup& setup) {
    match::MatchConfig config = matchConfigOf(setup);
    config.sprt = setup.sprt;
    return match::validate(config);
}
namespace {

QString fromStd(std::string_view text) { return QString::fromUtf8(text.data(), qsizetype(text.size())); }

MatchProgress progressOf(const match::MatchSummary& s, const match::SprtConfig& sprt) {
    MatchProgress p;
    p.pairsDone = s.pairsDone;
    p.pairsPlanned = s.pairsPlanned;
    p.games = s.games;
    p.elo = s.elo;
    p.trinomialElo = s.trinomialElo;
    // Without "stop at a bound" the runner computes no SPRT; the chart shows the LLR anyway.
    p.sprt = s.sprt ? *s.sprt : match::sprt(s.pairs, sprt);
    p.forfeitsA = s.forfeitsA;
    p.forfeitsB = s.forfeitsB;
    p.timeLossesA = s.timeLossesA;
    p.timeLossesB = s.timeLossesB;
    p.restarts = s.restarts;
    return p;
}

tuning::EngineLogLine::Direction directionOf(uci::LineDirection direction) {
    switch (direction) {
    case uci::LineDirection::Sent: return tuning::EngineLogLine::Direction::Sent;
    case uci::LineDirection::Received: return tuning::EngineLogLine::Direction::Received;
    case uci::LineDirection::Note: return tuning::EngineLogLine::Direction::Note;
    }
    return tuning::EngineLogLine::Direction::Note;
}

// Every line of an engine of the match into the queue, under the match's worker numbers. The
// runner numbers side A's session of worker w 2w and side B's 2w + 1, as the tab names them; the
// limit check's sessions are numbered by `side` (0 A, 1 B) instead.
uci::LineTap tapInto(std::shared_ptr<MatchBridge::LogQueue> queue, std::optional<std::size_t> side = {}) {
    return [queue, side](std::size_t worker, uci::LineDirection direction, std::string_view line) {
        std::lock_guard lock(queue->mutex);
        if (queue->lines.size() < MatchBridge::LogQueue::kMaxLines)
            queue->lines.push_back({kMatchWorkerBase + side.value_or(worker), directionOf(direction), std::string(line)});
        else
            ++queue->dropped;
    };
}

// The per-move limit as the probe searches it: a clock is probed with a short move time, as
// `matefind-cli match` does (timed searches are what every engine honours).
uci::SearchLimit probeLimitOf(const match::GameLimits& limits) {
    return limits.kind == match::GameLimits::Kind::Clock ? uci::SearchLimit::moveTime(100)
                                                         : match::searchLimitFor(limits, true, 0, 0);
}

}  // namespace

MatchBridge::MatchBridge(QObject* parent) : QObject(parent) {
    qRegisterMetaType<mf::ui::LimitVerdict>();
    qRegisterMetaType<mf::ui::MatchProgress>();
    qRegisterMetaType<QList<mf::tuning::EngineLogLine>>();
    logTimer_ = new QTimer(this);
    logTimer_->setInterval(250);
    connect(logTimer_, &QTimer::timeout, this, &MatchBridge::flushLog);
}

void MatchBridge::flushLog() {
    std::deque<tuning::EngineLogLine> lines;
    std::size_t dropped = 0;
    {
        std::lock_guard lock(log_->mutex);
        lines.swap(log_->lines);
        std::swap(dropped, log_->dropped);
    }
    if (lines.empty() && dropped == 0)
        return;
    QList<tuning::EngineLogLine> batch;
    if (dropped > 0)
        batch.append({kNoWorker, tuning::EngineLogLine::Direction::Note,
                      std::to_string(dropped) + " lines of the match's engines skipped: they came faster than the window shows them"});
    for (auto& line : lines)
        batch.append(std::move(line));
    emit engineLog(batch);
}

MatchBridge::~MatchBridge() {
    stop_.request_stop();
    joinWorker();
}

void MatchBridge::setPhase(Phase phase) {
    if (phase_ == phase) return;
    phase_ = phase;
    if (phase_ == Phase::Idle) {
        logTimer_->stop();
        flushLog();  // the last lines before the match's end is reported
    } else {
        logTimer_->start();
    }
    emit phaseChanged();
}

void MatchBridge::joinWorker() {
    if (worker_.joinable()) worker_.join();
}

bool MatchBridge::check(MatchSetup setup) {
    if (busy()) return false;
    joinWorker();  // a finished step's thread: it has posted its last word already
    setup_ = std::move(setup);
    setup_.a.engine.lineTap = setup_.b.engine.lineTap = tapInto(log_);
    pgn_.clear();
    stop_ = std::stop_source();
    setPhase(Phase::Checking);
    const uci::SearchLimit limit = probeLimitOf(setup_.limits);
    std::array<std::pair<uci::EngineConfig, uci::OptionValues>, 2> sides{
        std::pair{setup_.a.engine, setup_.a.side.options}, std::pair{setup_.b.engine, setup_.b.side.options}};
    for (std::size_t i = 0; i < 2; ++i)
        sides[i].first.lineTap = tapInto(log_, i);
    const std::array<QString, 2> names{fromStd(setup_.a.side.name), fromStd(setup_.b.side.name)};
    worker_ = std::jthread([this, limit, sides, names, stop = stop_.get_token()] {
        LimitVerdict verdict;
        std::array<double, 2> speed{0.0, 0.0};
        for (std::size_t i = 0; i < 2 && !stop.stop_requested() && verdict.fatal.isEmpty(); ++i) {
            const uci::LimitCheck check = uci::checkLimitHonoured(sides[i].first, limit, sides[i].second, stop);
            const QString who = (i == 0 ? tr("Side A (%1)") : tr("Side B (%1)")).arg(names[i]);
            speed[i] = check.nodesPerSecond.value_or(0.0);
            if (check.optionError)
                verdict.fatal = who + ": " + fromStd(*check.optionError);
            else if (!check.honoured && check.engine.empty())  // it did not even start
                verdict.fatal = who + ": " + fromStd(check.message);
            else if (!check.honoured)
                verdict.refusals << who + ": " + fromStd(check.message);
            else if (!check.message.empty())
                verdict.warnings << who + ": " + fromStd(check.message);
        }
        const bool stopped = stop.stop_requested();
        QMetaObject::invokeMethod(
            this,
            [this, verdict, speed, stopped] {
                if (stopped || !verdict.fatal.isEmpty()) {
                    MatchProgress end;
                    end.finished = true;
                    end.stopReason = stopped ? tr("stopped before the first game") : verdict.fatal;
                    setPhase(Phase::Idle);
                    emit finished(end);
                    return;
                }
                setup_.a.engine.timeouts.knownNodesPerSecond = speed[0];
                setup_.b.engine.timeouts.knownNodesPerSecond = speed[1];
                setPhase(Phase::Confirming);
                emit limitChecked(verdict);
            },
            Qt::QueuedConnection);
    });
    return true;
}

bool MatchBridge::play() {
    if (phase_ != Phase::Confirming) return false;
    joinWorker();
    match::MatchConfig config = matchConfigOf(setup_);
    const match::SprtConfig sprt = setup_.sprt;
    setPhase(Phase::Playing);
    worker_ = std::jthread([this, config = std::move(config), sprt, stop = stop_.get_token()] {
        match::PgnHeader header;
        header.date = match::pgnDateToday();
        header.timeControl = config.game.limits.pgnTimeControl();
        const match::MatchSummary summary = match::runMatch(
            config,
            [&](const match::PairResult& pair, const match::MatchSummary& s) {
                MatchProgress progress = progressOf(s, sprt);
                QStringList pgn;
                for (std::size_t g = 0; g < 2; ++g) {
                    const match::GameRecord& game = pair.games[g];
                    header.round = std::to_string(pair.index + 1) + "." + std::to_string(g + 1);
                    pgn << QString::fromStdString(match::writePgn(game, header));
                    progress.latest.append(MatchGameLine{QString::fromStdString(header.round),
                                                         QString::fromStdString(game.white),
                                                         QString::fromStdString(game.black), fromStd(match::pgnResult(game.result)),
                                                         QString::fromStdString(game.reason), int(game.moves.size())});
                }
                QMetaObject::invokeMethod(
                    this,
                    [this, progress, pgn] {
                        pgn_.append(pgn);
                        emit pairFinished(progress);
                    },
                    Qt::QueuedConnection);
            },
            stop);
        MatchProgress end = progressOf(summary, sprt);
        end.finished = true;
        end.stopReason = QString::fromStdString(summary.stopReason);
        QMetaObject::invokeMethod(
            this,
            [this, end] {
                setPhase(Phase::Idle);
                emit finished(end);
            },
            Qt::QueuedConnection);
    });
    return true;
}

void MatchBridge::stop() {
    if (phase_ == Phase::Confirming) {  // checked, never played: nothing runs
        MatchProgress end;
        end.finished = true;
        end.stopReason = tr("not started");
        setPhase(Phase::Idle);
        emit finished(end);
        return;
    }
    stop_.request_stop();
}

}  // namespace mf::ui
