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
        const bool forfeit = game.ending == Ending::TimeForfeit || game.ending == Ending::IllegalMove ||
                             game.ending == Ending::EngineFault;
        if (forfeit) (pointsA == 0 ? summary.forfeitsA : summary.forfeitsB)++;
        summary.restarts += game.restarts;
        summary.thinkTime += game.thinkTime;
    }
}

void updateStatistics(MatchSummary& summary, const std::optional<SprtConfig>& sprtConfig) {
    summary.elo = pentanomialElo(summary.pairs);
    summary.trinomialElo = trinomialElo(summary.games);
    if (sprtConfig) summary.sprt = sprt(summary.pairs, *sprtConfig);
}

MatchSummary runMatch(const MatchConfig& config, const PairHandler& onPair, std::stop_token stop) {
    const auto started = std::chrono::steady_clock::now();
    MatchSummary summary;
    summary.pairsPlanned = config.pairs > 0 ? config.pairs : std::int64_t(config.openings.size());
    updateStatistics(summary, config.sprt);
    if (config.openings.empty()) {
        summary.stopReason = "no openings";
        return summary;
    }

    // Two sessions per worker, started before any game so a broken engine fails the match at once.
    const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(config.workers, std::size_t(summary.pairsPlanned)));
    std::vector<std::unique_ptr<uci::EngineSession>> sessionsA, sessionsB;
    for (std::size_t w = 0; w < workers; ++w) {
        sessionsA.push_back(std::make_unique<uci::EngineSession>(config.engineA, 2 * w));
        sessionsB.push_back(std::make_unique<uci::EngineSession>(config.engineB, 2 * w + 1));
    }
    {
        std::vector<std::optional<std::string>> errors(2 * workers);
        std::vector<std::jthread> starters;
        for (std::size_t w = 0; w < workers; ++w) {
            starters.emplace_back([&, w] { errors[2 * w] = sessionsA[w]->start(stop); });
            starters.emplace_back([&, w] { errors[2 * w + 1] = sessionsB[w]->start(stop); });
        }
        starters.clear();
        for (std::size_t i = 0; i < errors.size(); ++i)
            if (errors[i]) {
                summary.stopReason = std::string(i % 2 == 0 ? "engine of side A" : "engine of side B") +
                                     " cannot start: " + *errors[i];
                return summary;
            }
    }

    std::stop_source halt;
    std::stop_callback forward(stop, [&halt] { halt.request_stop(); });
    std::atomic<std::int64_t> next{0};
    std::mutex mutex;
    std::map<std::int64_t, PairResult> waiting;  // finished, not yet delivered (an earlier pair runs)
    std::int64_t delivered = 0;

    auto deliver = [&](PairResult pair) {
        std::lock_guard lock(mutex);
        waiting.emplace(std::int64_t(pair.index), std::move(pair));
        while (!waiting.empty() && waiting.begin()->first == delivered && !halt.stop_requested()) {
            PairResult ready = std::move(waiting.begin()->second);
            waiting.erase(waiting.begin());
            ++delivered;
            if (ready.complete()) {
                addPair(summary, ready);
            } else {
                summary.skipped.push_back("pair " + std::to_string(ready.index + 1) + ": " + ready.games[0].reason +
                                          (ready.games[1].reason.empty() ? "" : "; " + ready.games[1].reason));
            }
            updateStatistics(summary, config.sprt);
            if (onPair && ready.complete()) onPair(ready, summary);
            if (summary.sprt && summary.sprt->decision != SprtStatus::Decision::Continue) {
                summary.stopReason = "SPRT: " + std::string(decisionName(summary.sprt->decision));
                halt.request_stop();
            }
        }
    };

    {
        std::vector<std::jthread> threads;
        for (std::size_t w = 0; w < workers; ++w)
            threads.emplace_back([&, w] {
                for (;;) {
                    const std::stop_token token = halt.get_token();
                    if (token.stop_requested()) return;
                    const std::int64_t i = next.fetch_add(1);
                    if (i >= summary.pairsPlanned) return;
                    const Opening& opening = config.openings[std::size_t(i) % config.openings.size()];
                    PairResult pair = playPair(config.a, config.b, opening, config.game, *sessionsA[w], *sessionsB[w],
                                               token, std::uint64_t(i));
                    if (token.stop_requested()) return;  // an unfinished pair is never scored
                    deliver(std::move(pair));
                }
            });
    }
    if (summary.stopReason.empty() && stop.stop_requested()) summary.stopReason = "stopped";
    summary.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return summary;
}

}  // namespace mf::match
