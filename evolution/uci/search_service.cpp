#include "evolution/uci/search_service.h"

namespace mf::uci {

Batch::Batch(std::vector<SearchRequest> requests, std::stop_token stop, ResultHandler onResult)
    : requests_(std::move(requests)), results_(requests_.size()), stop_(std::move(stop)), onResult_(std::move(onResult)) {}

void Batch::wait() {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return completed_ == requests_.size(); });
}

bool Batch::waitFor(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return finished_.wait_for(lock, timeout, [&] { return completed_ == requests_.size(); });
}

bool Batch::done() const {
    std::lock_guard lock(mutex_);
    return completed_ == requests_.size();
}

std::size_t Batch::completed() const {
    std::lock_guard lock(mutex_);
    return completed_;
}

const SearchResult* Batch::find(std::uint64_t id) const {
    std::lock_guard lock(mutex_);
    if (completed_ != requests_.size()) return nullptr;
    for (const auto& result : results_)
        if (result.id == id) return &result;
    return nullptr;
}

void Batch::deliver(std::size_t index, SearchResult result) {
    result.id = requests_[index].id;
    // The handler runs before the batch counts the result, so a caller that wait()s has seen
    // every handler call by the time wait() returns.
    if (onResult_) onResult_(result);
    std::lock_guard lock(mutex_);
    results_[index] = std::move(result);
    if (++completed_ == requests_.size()) finished_.notify_all();
}

}  // namespace mf::uci
