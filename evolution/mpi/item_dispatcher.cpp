#include "evolution/mpi/item_dispatcher.h"

#include <algorithm>

#include "evolution/mpi/start_ranks.h"

namespace mf::mpi {

Result<std::unique_ptr<ItemDispatcher>> ItemDispatcher::create(const StartRequest& start, std::size_t slotsPerEngine) {
    std::unique_ptr<ItemDispatcher> dispatcher(new ItemDispatcher());
    dispatcher->nextItem_ = nextItemBase();
    dispatcher->slotsPerEngine_ = std::max<std::size_t>(1, slotsPerEngine);
    auto reports = startWorkerRanks(dispatcher->channel_, start);
    if (!reports) return reports.error();
    for (const auto& r : *reports) {
        Rank rank;
        rank.load = {r.rank, r.report.host, static_cast<std::size_t>(r.report.engines), 0};
        rank.idle = rank.load.engines * dispatcher->slotsPerEngine_;
        dispatcher->totalEngines_ += rank.load.engines;
        dispatcher->ranks_.push_back(std::move(rank));
    }
    dispatcher->firstReport_ = reports->front().report;
    dispatcher->thread_ = std::jthread([raw = dispatcher.get()](std::stop_token stop) { raw->communicate(stop); });
    return dispatcher;
}

ItemDispatcher::~ItemDispatcher() {
    if (thread_.joinable()) {
        thread_.request_stop();
        wake_.notify_all();
        thread_.join();
    }
}

void ItemDispatcher::submit(std::vector<Work> work) {
    {
        std::lock_guard lock(mutex_);
        for (auto& w : work) queue_.push_back(std::move(w));
    }
    wake_.notify_all();
}

void ItemDispatcher::pause() {
    std::lock_guard lock(mutex_);
    paused_ = true;
}

void ItemDispatcher::resume() {
    {
        std::lock_guard lock(mutex_);
        paused_ = false;
    }
    wake_.notify_all();
}

std::vector<RankLoad> ItemDispatcher::load() const {
    std::lock_guard lock(mutex_);
    std::vector<RankLoad> out;
    for (const auto& r : ranks_) out.push_back(r.load);
    return out;
}

bool ItemDispatcher::receive() {
    bool any = false;
    while (auto message = channel_.poll()) {
        any = true;
        if (message->tag != Tag::ItemDone) continue;  // nothing else is expected while running
        auto done = decodeItemDone(message->bytes);
        if (!done) continue;
        auto it = inFlight_.find(done->id);
        if (it == inFlight_.end()) continue;  // an item of a released dispatcher
        InFlight item = std::move(it->second);
        inFlight_.erase(it);
        {
            std::lock_guard lock(mutex_);
            Rank& r = ranks_[item.rankSlot];
            ++r.idle;
            ++r.load.items;
        }
        item.work.finish(&done->payload, message->source);  // the caller's handler: no lock held
    }
    return any;
}

bool ItemDispatcher::cancelStopped() {
    bool any = false;
    for (auto& [id, item] : inFlight_) {
        if (item.cancelSent || !item.work.stop.stop_requested()) continue;
        item.cancelSent = true;
        channel_.send(ranks_[item.rankSlot].load.rank, Tag::Cancel, encodeId(id));
        any = true;
    }
    std::vector<Work> stopped;
    {
        std::lock_guard lock(mutex_);
        auto keep = std::stable_partition(queue_.begin(), queue_.end(),
                                          [](const Work& w) { return !w.stop.stop_requested(); });
        stopped.assign(std::make_move_iterator(keep), std::make_move_iterator(queue_.end()));
        queue_.erase(keep, queue_.end());
    }
    for (auto& w : stopped) w.finish(nullptr, 0);
    return any || !stopped.empty();
}

bool ItemDispatcher::dispatch() {
    bool any = false;
    for (;;) {
        Work next;
        std::size_t slot = 0;
        {
            std::lock_guard lock(mutex_);
            if (paused_ || queue_.empty()) return any;
            // The rank with the most free slots: fills every rank at the start, and later the
            // rank that just answered.
            auto best = std::max_element(ranks_.begin(), ranks_.end(),
                                         [](const Rank& a, const Rank& b) { return a.idle < b.idle; });
            if (best == ranks_.end() || best->idle == 0) return any;
            --best->idle;
            slot = static_cast<std::size_t>(best - ranks_.begin());
            next = std::move(queue_.front());
            queue_.pop_front();
        }
        const std::uint64_t id = nextItem_++;
        channel_.send(ranks_[slot].load.rank, Tag::Item, encode(Item{id, next.kind, next.payload}));
        inFlight_[id] = InFlight{std::move(next), slot, false};
        any = true;
    }
}

void ItemDispatcher::finishEverything() {
    std::deque<Work> queued;
    {
        std::lock_guard lock(mutex_);
        queued.swap(queue_);
    }
    for (auto& w : queued) w.finish(nullptr, 0);
    for (auto& [id, item] : inFlight_) item.work.finish(nullptr, 0);
    inFlight_.clear();
}

void ItemDispatcher::communicate(std::stop_token stop) {
    while (!stop.stop_requested()) {
        bool busy = receive();
        busy = cancelStopped() || busy;
        busy = dispatch() || busy;
        channel_.progress();
        if (!busy) {
            // Woken by a submit or a resume; otherwise look for answers again after 100 us (a
            // blocking MPI receive would spin a core the engines need).
            std::unique_lock lock(mutex_);
            wake_.wait_for(lock, std::chrono::microseconds(100));
        }
    }
    // Going away: everything unanswered finishes without an answer, and the ranks quit their
    // engines (stopping what runs) and wait for the next service.
    finishEverything();
    for (const auto& r : ranks_) channel_.send(r.load.rank, Tag::Release, {});
    channel_.flush();
}

}  // namespace mf::mpi
