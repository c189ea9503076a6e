#pragma once
// Scores by chromosome values, for deterministic limits (depth, nodes) and the evalfit measure: an
// elite or a duplicate costs nothing. Keyed by the work too (FitnessPlan::mainKey / heldOutKey: the
// main suite and the held-out suite are scored apart; the games measure's work changes every
// generation). Scores with failed searches are not kept: the next evaluation may succeed.
//
// Bounded by memory: the entries' heap bytes (estimated the way glibc allocates them, see
// entryBytes) never exceed the capacity. Past it the least recently used entry goes first (a hit
// or a store makes an entry the most recent). Why LRU and not the oldest generation first: a GA's
// population moves through the space, and the chromosomes it meets again are those near its
// current members (a mutation undone, a crossover of two recent parents), so recent use predicts
// the next hit; an entry of an old generation that keeps being hit stays. Entries of work that
// never comes back (the games measure's earlier generations) are never hit again and age out first.
// An evicted score is searched again when it is needed: with a deterministic limit it comes back
// the same, so a run that evicts breeds exactly as one that does not, only slower.

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <utility>
#include <vector>

#include "evolution/tuning/evaluate/fitness_evaluator.h"

namespace mf::tuning {

struct ScoreCacheUse {
    std::size_t entries = 0;
    std::size_t bytes = 0;      // heap bytes the entries hold (entryBytes), <= capacity
    std::size_t capacity = 0;
    std::size_t evictions = 0;  // entries dropped to stay within the capacity, since construction
};

class ScoreCache {
public:
    // `enabled`: scores may be reused (deterministic limit or evalfit). `capacityBytes`
    // (TuningSettings::scoreCacheBytes) 0 keeps nothing; duplicates within one generation still
    // share a search (the controller's doing).
    ScoreCache(bool enabled, std::size_t capacityBytes)
        : enabled_(enabled), capacity_(capacityBytes) {}

    bool enabled() const { return enabled_; }
    // The score stored for `values` on `work`, made the most recently used; nullopt when absent.
    std::optional<CandidateScore> find(std::int64_t work, const std::vector<int>& values);
    // Keeps `score` without its per-position and per-game detail (reports, not selection), then
    // evicts the least recently used entries until the cache is within its capacity. Does nothing
    // when disabled, when the score is incomplete or has failed searches, or when the entry alone
    // is larger than the capacity.
    void store(std::int64_t work, const std::vector<int>& values, const CandidateScore& score);
    ScoreCacheUse use() const { return {index_.size(), bytes_, capacity_, evictions_}; }

    // What an entry for `values` holding `score` costs on the heap: its nodes in both maps, the
    // values' buffer and the failure text's, each rounded as glibc's malloc rounds a chunk.
    static std::size_t entryBytes(const std::vector<int>& values, const CandidateScore& score);

private:
    using Key = std::pair<std::int64_t, std::vector<int>>;
    struct Slot {
        CandidateScore score;
        std::uint64_t lastUse = 0;  // the order_ key
        std::size_t bytes = 0;
    };
    using Index = std::map<Key, Slot>;

    void touch(Index::iterator entry);
    void evictUntilWithin(std::size_t capacity);

    bool enabled_;
    std::size_t capacity_;
    Index index_;
    std::map<std::uint64_t, Index::iterator> order_;  // by last use, oldest first
    std::uint64_t clock_ = 0;
    std::size_t bytes_ = 0;
    std::size_t evictions_ = 0;
};

}  // namespace mf::tuning
