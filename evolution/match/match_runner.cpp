#include "evolution/match/match_runner.h"

#include <atomic>
#include <chrono>
#include <memory>
#include <mutex>
#include <thread>

namespace mf::match {

void addPair(MatchSummary& summary, const PairResult& pair) {
    ++summary.pairsDone;
    summary.pairs.counts[std::size_t(pair.halfPointsA())]++;
    for (int g = 0; g < 2; ++g) {
        const GameRecord& game = pair.games[std::size_t(g)];
        const bool aIsWhite = g == 0;
        const int pointsWhite = halfPointsForWhite(game.result);
        const int pointsA = aIsWhite ? pointsWhite : 2 - pointsWhite;
        if (pointsA == 2) ++summary.games.wins;
        else if (pointsA == 1) ++summary.games.draws;
        else ++summary.games.losses;
        summary.endings[std::string(endingName(game.ending))]++;
        // A flag fall against a lone king is a draw (cutechess's rule): nobody forfeited.
        const bool forfeit = pointsA != 1 && (game.ending == Ending::TimeForfeit || game.ending == Ending::IllegalMove ||
                                              game.ending == Ending::EngineFault);
        if (forfeit) (pointsA == 0 ? summary.forfeitsA : summary.forfeitsB)++;
        if (game.ending == Ending::TimeForfeit && pointsA != 1) (pointsA == 0 ? summary.timeLossesA : summary.timeLossesB)++;
        summary.restarts += game.restarts;
        summary.thinkTime += game.thinkTime;
    }
}

void updateStatistics(MatchSummary& summary, const std::optional<SprtConfig>& sprtConfig) {
    summary.elo = pentanomialElo(summary.pairs);
    summary.trinomialElo = trinomialElo(summary.games);
    if (sprtConfig) summary.sprt = sprt(summary.pairs, *sprtConfig);
}

namespace {

using Sessions = std::vector<std::unique_ptr<uci::EngineSession>>;

// Two sessions per worker, all started at once before any game, so a broken engine fails the
// match at once. Why the first that failed could not start, if one did.
std::optional<std::string> startSessions(const MatchConfig& config, std::size_t workers, Sessions& sessionsA,
                                         Sessions& sessionsB, std::stop_token stop) {
    for (std::size_t w = 0; w < workers; ++w) {
        sessionsA.push_back(std::make_unique<uci::EngineSession>(config.engineA, 2 * w));
        sessionsB.push_back(std::make_unique<uci::EngineSession>(config.engineB, 2 * w + 1));
    }
    std::vector<std::optional<std::string>> errors(2 * workers);
    {
        std::vector<std::jthread> starters;
        for (std::size_t w = 0; w < workers; ++w) {
            starters.emplace_back([&, w] { errors[2 * w] = sessionsA[w]->start(stop); });
            starters.emplace_back([&, w] { errors[2 * w + 1] = sessionsB[w]->start(stop); });
        }
    }
    for (std::size_t i = 0; i < errors.size(); ++i)
        if (errors[i])
            return std::string(i % 2 == 0 ? "engine of side A" : "engine of side B") + " cannot start: " + *errors[i];
    return std::nullopt;
}

// One pair taken into the summary in pair order: scored when complete, else listed as skipped.
void takePair(MatchSummary& summary, const PairResult& pair, const std::optional<SprtConfig>& sprt) {
    if (pair.complete())
        addPair(summary, pair);
    else
        summary.skipped.push_back("pair " + std::to_string(pair.index + 1) + ": " + pair.games[0].reason +
                                  (pair.games[1].reason.empty() ? "" : "; " + pair.games[1].reason));
    updateStatistics(summary, sprt);
}

// Takes finished pairs from any worker and hands them on in pair order, so the statistics and
// the SPRT's stop are those of an ordered prefix whatever order the workers finish in.
class InOrder {
public:
    InOrder(const MatchConfig& config, const PairHandler& onPair, MatchSummary& summary, std::stop_source& halt)
        : config_(config), onPair_(onPair), summary_(summary), halt_(halt) {}

    void deliver(PairResult pair) {
        std::lock_guard lock(mutex_);
        waiting_.emplace(std::int64_t(pair.index), std::move(pair));
        while (!waiting_.empty() && waiting_.begin()->first == delivered_ && !halt_.stop_requested()) {
            PairResult ready = std::move(waiting_.begin()->second);
            waiting_.erase(waiting_.begin());
            ++delivered_;
            takePair(summary_, ready, config_.sprt);
            if (onPair_ && ready.complete()) onPair_(ready, summary_);
            if (summary_.sprt && summary_.sprt->decision != SprtStatus::Decision::Continue) {
                summary_.stopReason = "SPRT: " + std::string(decisionName(summary_.sprt->decision));
                halt_.request_stop();
            }
        }
    }

private:
    const MatchConfig& config_;
    const PairHandler& onPair_;
    MatchSummary& summary_;
    std::stop_source& halt_;
    std::mutex mutex_;
    std::map<std::int64_t, PairResult> waiting_;  // finished, not yet delivered (an earlier pair runs)
    std::int64_t delivered_ = 0;
};

// One worker: plays the next pair not yet taken on its own two sessions until the plan is done
// or the match halts.
void playPairs(const MatchConfig& config, std::int64_t planned, std::atomic<std::int64_t>& next,
               uci::EngineSession& engineA, uci::EngineSession& engineB, const std::stop_source& halt, InOrder& out) {
    for (;;) {
        const std::stop_token token = halt.get_token();
        if (token.stop_requested()) return;
        const std::int64_t i = next.fetch_add(1);
        if (i >= planned) return;
        const Opening& opening = config.openings[std::size_t(i) % config.openings.size()];
        PairResult pair = playPair(config.a, config.b, opening, config.game, engineA, engineB, token, std::uint64_t(i));
        if (token.stop_requested()) return;  // an unfinished pair is never scored
        out.deliver(std::move(pair));
    }
}

}  // namespace

MatchSummary runMatch(const MatchConfig& config, const PairHandler& onPair, std::stop_token stop) {
    const auto started = std::chrono::steady_clock::now();
    MatchSummary summary;
    summary.pairsPlanned = config.pairs > 0 ? config.pairs : std::int64_t(config.openings.size());
    updateStatistics(summary, config.sprt);
    if (config.openings.empty()) {
        summary.stopReason = "no openings";
        return summary;
    }
    const std::size_t workers =
        std::max<std::size_t>(1, std::min<std::size_t>(config.workers, std::size_t(summary.pairsPlanned)));
    Sessions sessionsA, sessionsB;
    if (auto error = startSessions(config, workers, sessionsA, sessionsB, stop)) {
        summary.stopReason = *error;
        return summary;
    }

    std::stop_source halt;
    std::stop_callback forward(stop, [&halt] { halt.request_stop(); });
    std::atomic<std::int64_t> next{0};
    InOrder inOrder(config, onPair, summary, halt);
    {
        std::vector<std::jthread> threads;
        for (std::size_t w = 0; w < workers; ++w)
            threads.emplace_back([&, w] {
                playPairs(config, summary.pairsPlanned, next, *sessionsA[w], *sessionsB[w], halt, inOrder);
            });
    }
    if (summary.stopReason.empty() && stop.stop_requested()) summary.stopReason = "stopped";
    summary.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return summary;
}

}  // namespace mf::match
