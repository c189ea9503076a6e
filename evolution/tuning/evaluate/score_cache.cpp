#include "evolution/tuning/evaluate/score_cache.h"

#include <algorithm>
#include <string>

namespace mf::tuning {

namespace {

// glibc's malloc: a chunk is the request plus an 8-byte header, rounded up to 16, at least 32.
std::size_t heapChunk(std::size_t requested) {
    if (requested == 0) return 0;
    return std::max<std::size_t>(32, (requested + 8 + 15) & ~std::size_t{15});
}

// A red-black tree node of libstdc++: colour and three links before the stored value.
constexpr std::size_t kTreeNodeHeader = 32;

// A std::string keeps up to 15 characters in place; longer ones own a buffer.
std::size_t stringBuffer(const std::string& text) {
    return text.capacity() > 15 ? heapChunk(text.capacity() + 1) : 0;
}

}  // namespace

std::size_t ScoreCache::entryBytes(const std::vector<int>& values, const CandidateScore& score) {
    using IndexValue = std::pair<const Key, Slot>;
    using OrderValue = std::pair<const std::uint64_t, Index::iterator>;
    return heapChunk(kTreeNodeHeader + sizeof(IndexValue)) + heapChunk(values.size() * sizeof(int)) +
           stringBuffer(score.failure) + heapChunk(kTreeNodeHeader + sizeof(OrderValue));
}

std::optional<CandidateScore> ScoreCache::find(std::int64_t work, const std::vector<int>& values) {
    if (!enabled_) return std::nullopt;
    auto it = index_.find(Key{work, values});
    if (it == index_.end()) return std::nullopt;
    touch(it);
    return it->second.score;
}

void ScoreCache::store(std::int64_t work, const std::vector<int>& values, const CandidateScore& score) {
    if (!enabled_ || score.failed > 0 || !score.complete()) return;
    Slot slot;
    slot.score = score;
    // The per-position (per-game, per-record) detail is for reports, not for selection. Moved
    // over, not cleared: clear() keeps the copy's buffers, some 190 bytes a position for every
    // entry (16 MB in a thousand generations of the soak test).
    slot.score.positions = std::vector<PositionResult>();
    slot.score.pairs = std::vector<match::PairResult>();
    slot.score.q = std::vector<int>();
    slot.score.failure.shrink_to_fit();
    slot.bytes = entryBytes(values, slot.score);
    if (slot.bytes > capacity_) return;

    Key key{work, values};  // the copy's buffer holds size() ints, as entryBytes counts
    auto it = index_.find(key);
    if (it != index_.end()) {
        bytes_ -= it->second.bytes;
        order_.erase(it->second.lastUse);
        index_.erase(it);
    }
    // Room first, so that the cache never holds more than its capacity, not even for a moment.
    evictUntilWithin(capacity_ - slot.bytes);
    bytes_ += slot.bytes;
    it = index_.emplace(std::move(key), std::move(slot)).first;
    it->second.lastUse = ++clock_;
    order_.emplace(it->second.lastUse, it);
}

void ScoreCache::touch(Index::iterator entry) {
    order_.erase(entry->second.lastUse);
    entry->second.lastUse = ++clock_;
    order_.emplace(entry->second.lastUse, entry);
}

void ScoreCache::evictUntilWithin(std::size_t capacity) {
    while (bytes_ > capacity && !order_.empty()) {
        const auto oldest = order_.begin();
        bytes_ -= oldest->second->second.bytes;
        index_.erase(oldest->second);
        order_.erase(oldest);
        ++evictions_;
    }
}

}  // namespace mf::tuning
