#pragma once
// Transposition table: a fixed-size hash of search results, shared by the iterations of one search
// and kept between searches of the same game (cleared by `ucinewgame` and `Clear Hash`).
//
// Layout: clusters of three 10-byte entries padded to 32 bytes, so one probe touches one cache
// line half. Replacement prefers, inside the cluster, the entry that is shallowest and oldest
// (older searches' entries lose `AgeWeight` depth per generation).
#include <cstddef>
#include <cstdint>
#include <memory>

#include "engine/types.h"

namespace mf {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

// What a probe returns: a copy, so the caller never holds a pointer into a slot that may be
// overwritten by the next store.
struct TtData {
    Move move = Move::none();
    int value = 0;
    int staticEval = 0;
    int depth = 0;
    Bound bound = Bound::None;
};

class TranspositionTable {
public:
    TranspositionTable();
    ~TranspositionTable();
    TranspositionTable(const TranspositionTable&) = delete;
    TranspositionTable& operator=(const TranspositionTable&) = delete;

    // Allocates `megabytes` MiB (at least one cluster) and clears it.
    void resize(std::size_t megabytes);
    void clear();
    // Called at the start of each search so entries of earlier searches age.
    void newSearch() { generation_ = static_cast<std::uint8_t>(generation_ + GenerationStep); }

    // True when the position's entry exists; fills `out`.
    bool probe(std::uint64_t key, TtData& out) const;
    // Stores unless a deeper entry for the same position is there with an equally good bound.
    // A store without a move keeps the move already recorded for the position.
    void store(std::uint64_t key, Move move, int value, int staticEval, int depth, Bound bound);

    // Starts loading the cluster of `key` into the cache (called before making the move).
    void prefetch(std::uint64_t key) const { __builtin_prefetch(clusterFor(key)); }

    // Permille of the first thousand clusters' entries written by the current search (UCI hashfull).
    int hashfull() const;
    std::size_t sizeInBytes() const;

private:
    struct Entry {
        std::uint16_t key16;
        std::uint16_t move;
        std::int16_t value;
        std::int16_t eval;
        std::uint8_t depth8;      // depth + DepthOffset, 0 = empty
        std::uint8_t genBound8;   // generation (upper 6 bits) | bound (lower 2 bits)
    };
    static constexpr int EntriesPerCluster = 3;
    struct alignas(32) Cluster {
        Entry entries[EntriesPerCluster];
        char padding[2];
    };
    static_assert(sizeof(Cluster) == 32, "a cluster must be half a cache line");
    static constexpr int DepthOffset = 8;   // quiescence stores depth 0 or -1; keep room below 0
    static constexpr std::uint8_t GenerationStep = 4;  // above the two bound bits

    Cluster* clusterFor(std::uint64_t key) const;
    int relativeAge(const Entry& e) const;

    struct FreeDeleter { void operator()(Cluster* p) const; };
    std::unique_ptr<Cluster[], FreeDeleter> table_;
    std::size_t clusterCount_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace mf
