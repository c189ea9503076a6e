#include "evolution/mpi/mpi_match.h"

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>

#include "evolution/mpi/mpi_pair_service.h"

namespace mf::mpi {

match::MatchSummary runMatchOnRanks(const match::MatchConfig& config, const match::PairHandler& onPair,
                                    std::stop_token stop) {
    const auto started = std::chrono::steady_clock::now();
    match::MatchSummary summary;
    summary.pairsPlanned = config.pairs > 0 ? config.pairs : std::int64_t(config.openings.size());
    match::updateStatistics(summary, config.sprt);
    if (config.openings.empty()) {
        summary.stopReason = "no openings";
        return summary;
    }
    auto service = MpiPairService::create(config.engineA, config.engineB, config.workers);
    if (!service) {
        summary.stopReason = service.error().message;
        return summary;
    }

    std::stop_source halt;
    std::stop_callback forward(stop, [&halt] { halt.request_stop(); });
    std::mutex mutex;
    std::condition_variable changed;
    std::map<std::int64_t, match::PairResult> waiting;  // finished, not yet delivered (an earlier pair runs)
    std::int64_t delivered = 0, next = 0, inFlight = 0;

    // As runMatch: in pair order, over the ordered prefix; an unfinished pair after a stop is
    // never scored. Called on the service's thread, one at a time.
    auto arrived = [&](match::PairResult pair) {
        std::lock_guard lock(mutex);
        --inFlight;
        if (!halt.stop_requested()) waiting.emplace(std::int64_t(pair.index), std::move(pair));
        while (!waiting.empty() && waiting.begin()->first == delivered && !halt.stop_requested()) {
            match::PairResult ready = std::move(waiting.begin()->second);
            waiting.erase(waiting.begin());
            ++delivered;
            if (ready.complete()) {
                match::addPair(summary, ready);
            } else {
                summary.skipped.push_back("pair " + std::to_string(ready.index + 1) + ": " + ready.games[0].reason +
                                          (ready.games[1].reason.empty() ? "" : "; " + ready.games[1].reason));
            }
            match::updateStatistics(summary, config.sprt);
            if (onPair && ready.complete()) onPair(ready, summary);
            if (summary.sprt && summary.sprt->decision != match::SprtStatus::Decision::Continue) {
                summary.stopReason = "SPRT: " + std::string(match::decisionName(summary.sprt->decision));
                halt.request_stop();
            }
        }
        changed.notify_all();
    };

    const auto slots = std::int64_t((*service)->slotCount());
    {
        std::unique_lock lock(mutex);
        for (;;) {
            // Pairs go out in order while slots are free: a rank that finishes takes the next one.
            while (!halt.stop_requested() && inFlight < slots && next < summary.pairsPlanned) {
                const std::int64_t i = next++;
                ++inFlight;
                const match::Opening& opening = config.openings[std::size_t(i) % config.openings.size()];
                lock.unlock();
                (*service)->playPair(config.a, config.b, opening, config.game.limits, config.game.adjudication,
                                     std::uint64_t(i), halt.get_token(), arrived);
                lock.lock();
            }
            if (inFlight == 0 && (halt.stop_requested() || next >= summary.pairsPlanned)) break;
            changed.wait_for(lock, std::chrono::milliseconds(50));
        }
    }
    service->reset();  // releases the ranks' engines
    if (summary.stopReason.empty() && stop.stop_requested()) summary.stopReason = "stopped";
    summary.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return summary;
}

}  // namespace mf::mpi
