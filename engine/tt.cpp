#include "engine/tt.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

namespace mf {

namespace {
__extension__ using Uint128 = unsigned __int128;
}

void TranspositionTable::FreeDeleter::operator()(Cluster* p) const { std::free(p); }

TranspositionTable::TranspositionTable() { resize(16); }
TranspositionTable::~TranspositionTable() = default;

void TranspositionTable::resize(std::size_t megabytes) {
    std::size_t count = std::max<std::size_t>(1, megabytes * 1024 * 1024 / sizeof(Cluster));
    if (count == clusterCount_ && table_) {
        clear();
        return;
    }
    table_.reset();
    void* memory = std::aligned_alloc(64, ((count * sizeof(Cluster) + 63) / 64) * 64);
    if (!memory) throw std::bad_alloc();
    table_.reset(static_cast<Cluster*>(memory));
    clusterCount_ = count;
    clear();
}

void TranspositionTable::clear() {
    std::memset(static_cast<void*>(table_.get()), 0, clusterCount_ * sizeof(Cluster));
    generation_ = 0;
}

std::size_t TranspositionTable::sizeInBytes() const { return clusterCount_ * sizeof(Cluster); }

TranspositionTable::Cluster* TranspositionTable::clusterFor(std::uint64_t key) const {
    // Multiply-shift maps the key uniformly onto [0, clusterCount) without a modulo.
    auto index = static_cast<std::size_t>((static_cast<Uint128>(key) * clusterCount_) >> 64);
    return &table_[index];
}

int TranspositionTable::relativeAge(const Entry& e) const {
    // Generations wrap at 64; the difference modulo 256 masked to the generation bits is the age.
    return ((256 + generation_ - (e.genBound8 & 0xFC)) & 0xFC) / GenerationStep;
}

bool TranspositionTable::probe(std::uint64_t key, TtData& out) const {
    const Cluster* cluster = clusterFor(key);
    const auto key16 = static_cast<std::uint16_t>(key);
    for (const Entry& e : cluster->entries) {
        if (e.key16 == key16 && e.depth8 != 0) {
            out.move = Move(e.move);
            out.value = e.value;
            out.staticEval = e.eval;
            out.depth = e.depth8 - DepthOffset;
            out.bound = static_cast<Bound>(e.genBound8 & 3);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, Move move, int value, int staticEval, int depth, Bound bound) {
    Cluster* cluster = clusterFor(key);
    const auto key16 = static_cast<std::uint16_t>(key);
    Entry* target = &cluster->entries[0];
    for (Entry& e : cluster->entries) {
        if (e.depth8 == 0 || e.key16 == key16) {
            target = &e;
            break;
        }
        // Replace the entry worth least: shallow and old.
        auto worth = [this](const Entry& x) { return x.depth8 - 8 * relativeAge(x); };
        if (worth(e) < worth(*target)) target = &e;
    }
    const bool samePosition = target->key16 == key16 && target->depth8 != 0;
    if (samePosition && move == Move::none()) move = Move(target->move);
    // Keep a deeper result for the same position unless the new one is exact or the old one is stale.
    if (samePosition && bound != Bound::Exact && depth + DepthOffset + 2 < target->depth8 && relativeAge(*target) == 0)
        return;
    target->key16 = key16;
    target->move = move.raw();
    target->value = static_cast<std::int16_t>(value);
    target->eval = static_cast<std::int16_t>(staticEval);
    target->depth8 = static_cast<std::uint8_t>(std::clamp(depth + DepthOffset, 1, 255));
    target->genBound8 = static_cast<std::uint8_t>(generation_ | static_cast<std::uint8_t>(bound));
}

int TranspositionTable::hashfull() const {
    const std::size_t sample = std::min<std::size_t>(1000, clusterCount_);
    int used = 0;
    for (std::size_t i = 0; i < sample; ++i)
        for (const Entry& e : table_[i].entries)
            if (e.depth8 != 0 && (e.genBound8 & 0xFC) == generation_) ++used;
    return static_cast<int>(used * 1000 / (sample * EntriesPerCluster));
}

}  // namespace mf
