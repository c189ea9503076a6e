#pragma once
// A match seen from the GUI thread. Two steps, each on a worker thread so the window never waits
// on an engine: check() runs the limit check on both sides' engines (uci::checkLimitHonoured, as
// `matefind-cli match` does) and reports a LimitVerdict; play() then runs match::runMatch and
// delivers each finished pair as a queued signal carrying plain values. The PGN of every game is
// kept in pair order for Save PGN. What the engines say (both steps) reaches engineLog in
// batches, a few times a second, for the window's Engine log. stop() ends either step promptly:
// games in progress are abandoned, never scored, and the engines quit. The destructor stops and
// waits.
//
// Deliberately no evolution/match/game.h or match_runner.h here: their tablebase headers use
// `emit` and `slots` as names, which Qt defines as macros (the .cpp includes them first).
#include "evolution/match/elo.h"
#include "evolution/match/game_types.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/results/match_sides.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QString>
#include <QStringList>

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

class QTimer;

namespace mf::ui {

// Everything a match needs, built by the Match tab.
struct MatchSetup {
    tuning::MatchSide a, b;
    std::vector<match::Opening> openings;
    std::int64_t pairs = 1;
    match::GameLimits limits;
    std::size_t workers = 1;
    match::SprtConfig sprt;   // the LLR is always computed and charted with these hypotheses
    bool stopAtBound = false; // the match ends when the LLR crosses a bound
};

// The setup's problems in match::validate's words (pairs against openings, the SPRT's hypotheses:
// these are checked even when the match does not stop at a bound, because they are charted).
std::vector<std::string> validateSetup(const MatchSetup& setup);

// What the limit check found, side A then side B.
struct LimitVerdict {
    QString fatal;           // an engine that does not start, or options it refuses: no match
    QStringList refusals;    // engines that break the limit: the user decides
    QStringList warnings;    // honoured, with a remark (e.g. the engine reports no nodes)
};

// One finished game, as the tab lists it.
struct MatchGameLine {
    QString round;  // "12.2": pair 12, game 2
    QString white, black, result, ending;
    int plies = 0;
};

struct MatchProgress {
    std::int64_t pairsDone = 0, pairsPlanned = 0;
    match::Trinomial games;             // side A's W/D/L
    match::EloEstimate elo;             // pentanomial
    match::EloEstimate trinomialElo;
    match::SprtStatus sprt;
    int forfeitsA = 0, forfeitsB = 0, restarts = 0;
    int timeLossesA = 0, timeLossesB = 0;  // of the forfeits, on time
    QList<MatchGameLine> latest;        // the pair's games (empty in the final report)
    bool finished = false;
    QString stopReason;                 // final: "" when every planned pair was played
};

class MatchBridge : public QObject {
    Q_OBJECT
public:
    enum class Phase { Idle, Checking, Confirming, Playing };

    explicit MatchBridge(QObject* parent = nullptr);
    ~MatchBridge() override;

    // Starts the limit check of both engines; false when a match is under way. limitChecked follows.
    bool check(MatchSetup setup);
    // After limitChecked: plays the checked match (false when there is none to play).
    bool play();
    // Stops the check or the match (finished follows), or drops a checked match not yet played.
    void stop();

    Phase phase() const { return phase_; }
    bool busy() const { return phase_ != Phase::Idle; }
    // Every finished game of the last match so far, in pair order, as PGN.
    QString pgn() const { return pgn_.join(QString()); }
    int gamesPlayed() const { return int(pgn_.size()); }

    // Engine lines waiting for the GUI thread, filled by the engines' threads.
    struct LogQueue {
        static constexpr std::size_t kMaxLines = 50'000;  // an engine flooding output must not eat memory
        std::mutex mutex;
        std::deque<tuning::EngineLogLine> lines;
        std::size_t dropped = 0;
    };

signals:
    void limitChecked(const mf::ui::LimitVerdict& verdict);  // phase Confirming: call play() or stop()
    void pairFinished(const mf::ui::MatchProgress& progress);
    void finished(const mf::ui::MatchProgress& progress);    // phase Idle again
    void phaseChanged();
    void engineLog(const QList<mf::tuning::EngineLogLine>& lines);

private:
    void setPhase(Phase phase);
    void joinWorker();
    void flushLog();

    Phase phase_ = Phase::Idle;
    MatchSetup setup_;
    std::jthread worker_;
    std::stop_source stop_;
    QStringList pgn_;
    std::shared_ptr<LogQueue> log_ = std::make_shared<LogQueue>();
    QTimer* logTimer_ = nullptr;
};

}  // namespace mf::ui

Q_DECLARE_METATYPE(mf::ui::LimitVerdict)
Q_DECLARE_METATYPE(mf::ui::MatchProgress)
