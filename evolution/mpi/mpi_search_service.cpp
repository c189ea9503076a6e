#include "evolution/mpi/mpi_search_service.h"

#include <algorithm>

#include "evolution/mpi/file_digest.h"
#include "evolution/mpi/start_ranks.h"

namespace mf::mpi {

namespace {

uci::SearchResult cancelled() {
    uci::SearchResult result;
    result.status = uci::SearchStatus::Cancelled;
    return result;
}

}  // namespace

Result<std::unique_ptr<MpiSearchService>> MpiSearchService::create(const uci::EngineConfig& config,
                                                                   std::size_t enginesPerRank) {
    std::unique_ptr<MpiSearchService> service(new MpiSearchService());
    service->nextItem_ = nextItemBase();

    StartRequest start;
    start.buildDigest = fileDigest(ownExecutable());
    start.command = config.command;
    start.startOptions = config.startOptions;
    start.timeouts = config.timeouts;
    start.newGame = config.newGame;
    start.maxNoiseLines = config.maxNoiseLines;
    start.engines = enginesPerRank;
    auto reports = startWorkerRanks(service->channel_, start);
    if (!reports) return reports.error();
    for (const auto& r : *reports) {
        Rank slot;
        slot.load = {r.rank, r.report.host, static_cast<std::size_t>(r.report.engines), 0};
        slot.idle = slot.load.engines * kSlotsPerEngine;
        service->totalEngines_ += slot.load.engines;
        service->ranks_.push_back(std::move(slot));
    }
    service->identity_ = reports->front().report.identity;
    service->thread_ = std::jthread([raw = service.get()](std::stop_token stop) { raw->communicate(stop); });
    return service;
}

MpiSearchService::~MpiSearchService() {
    if (thread_.joinable()) {
        thread_.request_stop();
        wake_.notify_all();
        thread_.join();
    }
}

std::shared_ptr<uci::Batch> MpiSearchService::submit(std::vector<uci::SearchRequest> requests, std::stop_token stop,
                                                     uci::ResultHandler onResult) {
    auto batch = std::make_shared<uci::Batch>(std::move(requests), std::move(stop), std::move(onResult));
    {
        std::lock_guard lock(mutex_);
        for (std::size_t i = 0; i < batch->size(); ++i) queue_.push_back({batch, i});
    }
    wake_.notify_all();
    return batch;
}

void MpiSearchService::pause() {
    std::lock_guard lock(mutex_);
    paused_ = true;
}

void MpiSearchService::resume() {
    {
        std::lock_guard lock(mutex_);
        paused_ = false;
    }
    wake_.notify_all();
}

std::vector<RankLoad> MpiSearchService::load() const {
    std::lock_guard lock(mutex_);
    std::vector<RankLoad> out;
    for (const auto& r : ranks_) out.push_back(r.load);
    return out;
}

bool MpiSearchService::receive() {
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
        auto result = decodeSearchResult(done->payload);
        uci::SearchResult value;
        if (result) {
            value = std::move(*result);
        } else {
            value.status = uci::SearchStatus::Failed;
            value.failure = "rank " + std::to_string(message->source) + ": " + result.error().message;
        }
        {
            std::lock_guard lock(mutex_);
            Rank& r = ranks_[item.rankSlot];
            ++r.idle;
            ++r.load.items;
        }
        item.batch->deliver(item.index, std::move(value));  // runs the caller's handler: no lock held
    }
    return any;
}

bool MpiSearchService::cancelStopped() {
    bool any = false;
    for (auto& [id, item] : inFlight_) {
        if (item.cancelSent || !item.batch->stopToken().stop_requested()) continue;
        item.cancelSent = true;
        channel_.send(ranks_[item.rankSlot].load.rank, Tag::Cancel, encodeId(id));
        any = true;
    }
    std::vector<Queued> stopped;
    {
        std::lock_guard lock(mutex_);
        auto keep = std::stable_partition(queue_.begin(), queue_.end(), [](const Queued& q) {
            return !q.batch->stopToken().stop_requested();
        });
        stopped.assign(std::make_move_iterator(keep), std::make_move_iterator(queue_.end()));
        queue_.erase(keep, queue_.end());
    }
    for (auto& q : stopped) q.batch->deliver(q.index, cancelled());
    return any || !stopped.empty();
}

bool MpiSearchService::dispatch() {
    bool any = false;
    for (;;) {
        Queued next;
        std::size_t slot = 0;
        {
            std::lock_guard lock(mutex_);
            if (paused_ || queue_.empty()) return any;
            // The rank with the most free slots: fills every rank at the start, and later the
            // rank that just answered (a faster rank answers more often, so it takes more).
            auto best = std::max_element(ranks_.begin(), ranks_.end(),
                                         [](const Rank& a, const Rank& b) { return a.idle < b.idle; });
            if (best == ranks_.end() || best->idle == 0) return any;
            --best->idle;
            slot = static_cast<std::size_t>(best - ranks_.begin());
            next = std::move(queue_.front());
            queue_.pop_front();
        }
        const std::uint64_t id = nextItem_++;
        Item item{id, ItemKind::Search, encode(next.batch->request(next.index))};
        channel_.send(ranks_[slot].load.rank, Tag::Item, encode(item));
        inFlight_[id] = {std::move(next.batch), next.index, slot, false};
        any = true;
    }
}

void MpiSearchService::cancelEverything() {
    std::deque<Queued> queued;
    {
        std::lock_guard lock(mutex_);
        queued.swap(queue_);
    }
    for (auto& q : queued) q.batch->deliver(q.index, cancelled());
    for (auto& [id, item] : inFlight_) item.batch->deliver(item.index, cancelled());
    inFlight_.clear();
}

void MpiSearchService::communicate(std::stop_token stop) {
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
    // The service is going away: everything unanswered comes back Cancelled, and the ranks quit
    // their engines (stopping what runs) and wait for the next service.
    cancelEverything();
    for (const auto& r : ranks_) channel_.send(r.load.rank, Tag::Release, {});
    channel_.flush();
}

void shutdownWorkers() {
    Channel channel;
    for (int r = 1; r < size(); ++r) channel.send(r, Tag::Shutdown, {});
    channel.flush();
}

}  // namespace mf::mpi
