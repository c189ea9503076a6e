#include "evolution/suite/dispatched_self_play.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <vector>

#include "evolution/suite/game_schedule.h"

namespace mf::suite {

void addGameReport(SelfPlayReport& run, const SelfPlayReport& game) {
    run.unbalanced += game.unbalanced;
    run.failedSearches += game.failedSearches;
    run.cutByNoMove += game.cutByNoMove;
    run.cutPastDeadline += game.cutPastDeadline;
    run.atPlyLimit += game.atPlyLimit;
    run.recoveredSearches += game.recoveredSearches;
    run.failures.insert(run.failures.end(), game.failures.begin(), game.failures.end());
    run.recoveries.insert(run.recoveries.end(), game.recoveries.begin(), game.recoveries.end());
}

namespace {

// The games begun so far and what came back; guarded by `mutex`.
struct Ledger {
    std::mutex mutex;
    std::condition_variable changed;
    std::map<int, GameOutcome> outcomes;  // by index: game order
    int begun = 0, live = 0, kept = 0, counted = 0;
    std::vector<int> untold;  // ended, undropped games the progress handler has not had yet
};

// The progress since the handler was last told: copies of the games that ended since (the ledger
// may grow on other threads once it is unlocked), and the counts. Called with the ledger locked.
struct Told {
    SelfPlayProgress progress;
    std::vector<GameRecord> ended;
};
Told takeProgress(Ledger& ledger, int total) {
    Told told;
    told.progress.done = ledger.counted;
    told.progress.total = total;
    for (int index : ledger.untold) told.ended.push_back(ledger.outcomes.at(index).record);
    ledger.untold.clear();
    for (const GameRecord& g : told.ended) told.progress.ended.push_back(&g);
    return told;
}

// Every game's outcome in game order: the run's report and the games it returns.
std::vector<GameRecord> collect(Ledger& ledger, SelfPlayReport& report, bool stopped) {
    report.started = ledger.begun;
    report.stopped = stopped;
    std::vector<GameRecord> out;
    for (auto& [index, outcome] : ledger.outcomes) {
        addGameReport(report, outcome.report);
        if (!outcome.ended) {
            ++report.leftInPlay;  // stopped: its result is unknown
            continue;
        }
        if (outcome.dropped) continue;
        ++report.played;
        out.push_back(std::move(outcome.record));
    }
    return out;
}

}  // namespace

std::vector<GameRecord> playDispatchedGames(const BeginGame& begin, int inPlay, const SelfPlayConfig& config,
                                            SelfPlayReport& report, const SelfPlayProgressHandler& progress,
                                            std::stop_token stop) {
    const GameSchedule schedule(config);
    Ledger ledger;
    const GameDone arrived = [&ledger, &schedule](GameOutcome outcome) {
        std::lock_guard lock(ledger.mutex);
        --ledger.live;
        if (outcome.ended) {
            ledger.kept += schedule.usable(outcome.dropped, outcome.record.result) ? 1 : 0;
            ledger.counted += schedule.counted(outcome.dropped, outcome.record.result) ? 1 : 0;
            if (!outcome.dropped) ledger.untold.push_back(outcome.index);
        }
        ledger.outcomes.emplace(outcome.index, std::move(outcome));
        ledger.changed.notify_all();
    };
    const int limit = std::max(1, inPlay);
    int told = -1;
    std::unique_lock lock(ledger.mutex);
    for (;;) {
        while (!stop.stop_requested() && schedule.mayBegin(ledger.begun, ledger.kept, ledger.live, limit)) {
            const int index = ledger.begun++;
            ++ledger.live;
            lock.unlock();
            begin(index, stop, arrived);
            lock.lock();
        }
        if (progress && (ledger.counted != told || !ledger.untold.empty())) {
            told = ledger.counted;
            const Told now = takeProgress(ledger, schedule.target());
            lock.unlock();
            progress(now.progress);  // may request the stop
            lock.lock();
            continue;
        }
        if (ledger.live == 0) break;
        // Woken by an outcome; the timeout only notices a stop that came without one.
        ledger.changed.wait_for(lock, std::chrono::milliseconds(50));
    }
    lock.unlock();
    return collect(ledger, report, stop.stop_requested());
}

}  // namespace mf::suite
