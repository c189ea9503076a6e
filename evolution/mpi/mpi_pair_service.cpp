#include "evolution/mpi/mpi_pair_service.h"

#include <algorithm>

#include "evolution/mpi/file_digest.h"
#include "evolution/mpi/start_ranks.h"

namespace mf::mpi {

namespace {

// A pair that was never played (stopped before it was shipped, or its answer was lost): both
// games unfinished, with the reason.
match::PairResult unplayed(std::uint64_t index, const std::string& why) {
    match::PairResult result;
    result.index = index;
    for (auto& game : result.games) game.reason = why;
    return result;
}

}  // namespace

Result<std::unique_ptr<MpiPairService>> MpiPairService::create(const uci::EngineConfig& engineA,
                                                               const uci::EngineConfig& engineB,
                                                               std::size_t slotsPerRank) {
    std::unique_ptr<MpiPairService> service(new MpiPairService());
    service->nextItem_ = nextItemBase();

    StartRequest start;
    start.buildDigest = fileDigest(ownExecutable());
    start.command = engineA.command;
    start.startOptions = engineA.startOptions;
    start.timeouts = engineA.timeouts;
    start.newGame = uci::NewGamePolicy::Never;  // the game runner sends "ucinewgame" before each game
    start.maxNoiseLines = engineA.maxNoiseLines;
    start.engines = slotsPerRank;
    start.gamePairs = true;
    start.opponent = engineB.command;
    start.opponentStartOptions = engineB.startOptions;
    auto reports = startWorkerRanks(service->channel_, start);
    if (!reports) return reports.error();
    for (const auto& r : *reports) {
        Rank slot;
        slot.load = {r.rank, r.report.host, static_cast<std::size_t>(r.report.engines), 0};
        slot.idle = slot.load.engines * kSlotsPerGame;
        service->totalSlots_ += slot.load.engines;
        service->ranks_.push_back(std::move(slot));
    }
    service->identityA_ = reports->front().report.identity;
    service->identityB_ = reports->front().report.opponentIdentity;
    service->thread_ = std::jthread([raw = service.get()](std::stop_token stop) { raw->communicate(stop); });
    return service;
}

MpiPairService::~MpiPairService() {
    if (thread_.joinable()) {
        thread_.request_stop();
        wake_.notify_all();
        thread_.join();
    }
}

void MpiPairService::playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                              match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                              PairDone done) {
    Pending pending{PairJob{std::move(a), std::move(b), std::move(opening), limits, adjudication, index},
                    std::move(stop), std::move(done)};
    {
        std::lock_guard lock(mutex_);
        queue_.push_back(std::move(pending));
    }
    wake_.notify_all();
}

std::vector<RankLoad> MpiPairService::load() const {
    std::lock_guard lock(mutex_);
    std::vector<RankLoad> out;
    for (const auto& r : ranks_) out.push_back(r.load);
    return out;
}

bool MpiPairService::receive() {
    bool any = false;
    while (auto message = channel_.poll()) {
        any = true;
        if (message->tag != Tag::ItemDone) continue;  // nothing else is expected while running
        auto done = decodeItemDone(message->bytes);
        if (!done) continue;
        auto it = inFlight_.find(done->id);
        if (it == inFlight_.end()) continue;  // an item of a released service
        InFlight item = std::move(it->second);
        inFlight_.erase(it);
        auto result = decodePairResult(done->payload);
        // A broken answer is a pair that was not played: unfinished, counted failed, never scored.
        match::PairResult value = result ? std::move(*result)
                                         : unplayed(item.pending.job.index,
                                                    "rank " + std::to_string(message->source) + ": " +
                                                        result.error().message);
        {
            std::lock_guard lock(mutex_);
            Rank& r = ranks_[item.rankSlot];
            ++r.idle;
            ++r.load.items;
        }
        item.pending.done(std::move(value));  // runs the caller's handler: no lock held
    }
    return any;
}

bool MpiPairService::cancelStopped() {
    bool any = false;
    for (auto& [id, item] : inFlight_) {
        if (item.cancelSent || !item.pending.stop.stop_requested()) continue;
        item.cancelSent = true;
        channel_.send(ranks_[item.rankSlot].load.rank, Tag::Cancel, encodeId(id));
        any = true;
    }
    std::vector<Pending> stopped;
    {
        std::lock_guard lock(mutex_);
        auto keep = std::stable_partition(queue_.begin(), queue_.end(),
                                          [](const Pending& p) { return !p.stop.stop_requested(); });
        stopped.assign(std::make_move_iterator(keep), std::make_move_iterator(queue_.end()));
        queue_.erase(keep, queue_.end());
    }
    for (auto& p : stopped) p.done(unplayed(p.job.index, "stopped"));
    return any || !stopped.empty();
}

bool MpiPairService::dispatch() {
    bool any = false;
    for (;;) {
        Pending next;
        std::size_t slot = 0;
        {
            std::lock_guard lock(mutex_);
            if (queue_.empty()) return any;
            // The rank with the most free slots: a faster rank answers more often, so it takes more.
            auto best = std::max_element(ranks_.begin(), ranks_.end(),
                                         [](const Rank& a, const Rank& b) { return a.idle < b.idle; });
            if (best == ranks_.end() || best->idle == 0) return any;
            --best->idle;
            slot = static_cast<std::size_t>(best - ranks_.begin());
            next = std::move(queue_.front());
            queue_.pop_front();
        }
        const std::uint64_t id = nextItem_++;
        Item item{id, ItemKind::GamePair, encode(next.job)};
        channel_.send(ranks_[slot].load.rank, Tag::Item, encode(item));
        inFlight_[id] = InFlight{std::move(next), slot, false};
        any = true;
    }
}

void MpiPairService::cancelEverything() {
    std::deque<Pending> queued;
    {
        std::lock_guard lock(mutex_);
        queued.swap(queue_);
    }
    for (auto& p : queued) p.done(unplayed(p.job.index, "stopped"));
    for (auto& [id, item] : inFlight_) item.pending.done(unplayed(item.pending.job.index, "stopped"));
    inFlight_.clear();
}

void MpiPairService::communicate(std::stop_token stop) {
    while (!stop.stop_requested()) {
        bool busy = receive();
        busy = cancelStopped() || busy;
        busy = dispatch() || busy;
        channel_.progress();
        if (!busy) {
            // Woken by a new pair; otherwise look for answers again after 100 us (a blocking MPI
            // receive would spin a core the engines need).
            std::unique_lock lock(mutex_);
            wake_.wait_for(lock, std::chrono::microseconds(100));
        }
    }
    // The service is going away: everything unanswered comes back unplayed, and the ranks quit
    // their engines (stopping what runs) and wait for the next service.
    cancelEverything();
    for (const auto& r : ranks_) channel_.send(r.load.rank, Tag::Release, {});
    channel_.flush();
}

}  // namespace mf::mpi
