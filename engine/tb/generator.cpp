#include "engine/tb/generator.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <utility>

namespace mf::tb {

namespace {

using namespace value;

Value bestOf(Value a, Value b) {
    if (a == Unknown) return b;
    if (b == Unknown) return a;
    return better(a, b) ? a : b;
}

class Generator {
public:
    Generator(const TableSpec& spec, const ExternalLookup& lookup)
        : table_(std::make_unique<Table>(spec)), index_(table_->index), lookup_(lookup) {}

    std::unique_ptr<Table> run(int threads) {
        for (Color c : {White, Black}) {
            table_->values[c].assign(index_.size(), Unknown);
            exits_[c].assign(index_.size(), NoExit);
        }
        workers_.resize(std::size_t(std::max(1, threads)));
        for (Worker& w : workers_) {
            w.levels.resize(MaxDtm + 2);
            w.buckets.resize(MaxDtm + 2);
        }
        parallelFor(2 * index_.size(), [&](Worker& w, std::uint64_t k) {
            classify(w, Color(k / index_.size()), k % index_.size());
        });
        for (int d = 0; d <= lastLevel(); ++d) {
            // Entries decided at d; a capture win later shortened is listed twice, once stale.
            std::vector<std::uint64_t> decided;
            std::vector<std::pair<Color, std::uint64_t>> scheduled;
            for (Worker& w : workers_) {
                decided.insert(decided.end(), w.levels[d].begin(), w.levels[d].end());
                w.levels[d] = {};
                scheduled.insert(scheduled.end(), w.buckets[d].begin(), w.buckets[d].end());
                w.buckets[d] = {};
            }
            parallelFor(decided.size(), [&](Worker& w, std::uint64_t k) {
                const Color c = Color(decided[k] >> 63);
                const std::uint64_t i = decided[k] & ~(std::uint64_t(1) << 63);
                if (load(c, i) == fromDtm(d)) propagate(w, c, i, d);
            });
            parallelFor(scheduled.size(), [&](Worker& w, std::uint64_t k) {
                const auto [c, i] = scheduled[k];
                if (load(c, i) == Unknown) verify(w, c, i, d);
            });
        }
        for (Color c : {White, Black}) {
            std::replace(table_->values[c].begin(), table_->values[c].end(), Unknown, Draw);
            exits_[c] = {};
        }
        return std::move(table_);
    }

private:
    // Per thread: the entries it decided, by distance, and the entries to re-check at a distance.
    struct Worker {
        std::vector<std::vector<std::uint64_t>> levels;
        std::vector<std::vector<std::pair<Color, std::uint64_t>>> buckets;
        int maxLevel = 0;
    };

    int lastLevel() const {
        int last = 0;
        for (const Worker& w : workers_) last = std::max(last, w.maxLevel);
        return last;
    }

    // Runs f(worker, k) for k in [0, count), split in contiguous blocks over the threads.
    template<class F>
    void parallelFor(std::uint64_t count, F&& f) {
        const std::uint64_t n = workers_.size();
        if (n == 1 || count < 4096) {
            for (std::uint64_t k = 0; k < count; ++k) f(workers_[0], k);
            return;
        }
        std::vector<std::jthread> threads;
        for (std::uint64_t t = 0; t < n; ++t)
            threads.emplace_back([&, t] {
                const std::uint64_t begin = count * t / n, end = count * (t + 1) / n;
                for (std::uint64_t k = begin; k < end; ++k) f(workers_[t], k);
            });
    }

    // Entries are read and written by several threads: one byte each, through atomic_ref. Within
    // one level the writes only turn Unknown (or a longer win) into a value that no reader of
    // that level treats as final, so the order between threads never changes the result.
    Value load(Color c, std::uint64_t i) {
        return std::atomic_ref<Value>(table_->values[c][i]).load(std::memory_order_relaxed);
    }
    Value& at(Color c, std::uint64_t i) { return table_->values[c][i]; }
    std::uint64_t indexOf(const TbBoard& b) const { return index_.index(b.placement()); }
    TbBoard board(Color c, std::uint64_t i) const {
        Placement p;
        index_.placement(i, p);
        return TbBoard::fromPlacement(index_.spec(), p, c);
    }

    // Stores v if the entry is Unknown or a longer win than v; true if it did.
    bool improve(Worker& w, Color c, std::uint64_t i, Value v) {
        std::atomic_ref<Value> entry(table_->values[c][i]);
        Value old = entry.load(std::memory_order_relaxed);
        do {
            if (!(old == Unknown || (isWin(old) && isWin(v) && dtm(old) > dtm(v)))) return false;
        } while (!entry.compare_exchange_weak(old, v, std::memory_order_relaxed));
        w.maxLevel = std::max(w.maxLevel, dtm(v));
        w.levels[dtm(v)].push_back(i | (std::uint64_t(c) << 63));
        return true;
    }
    void schedule(Worker& w, int level, Color c, std::uint64_t i) {
        w.buckets[level].push_back({c, i});
        w.maxLevel = std::max(w.maxLevel, level);
    }

    // Best value for s.stm among its en passant captures of the pawn just pushed to `pushed`
    // (Unknown when there is none).
    Value enPassantBest(const TbBoard& s, Square pushed) const {
        Value best = Unknown;
        forEachEnPassant(s, pushed, [&](const TbBoard& next) { best = bestOf(best, throughMove(lookup_(next))); });
        return best;
    }

    static bool hasMove(const TbBoard& b) {
        bool any = false;
        forEachMove(b, [&](const TbBoard&, MoveKindInfo) {
            any = true;
            return false;
        });
        return any;
    }

    void classify(Worker& w, Color c, std::uint64_t i) {
        Placement p;
        if (!index_.placement(i, p) || index_.index(p) != i) {
            at(c, i) = Invalid;
            return;
        }
        const TbBoard b = TbBoard::fromPlacement(index_.spec(), p, c);
        if (!b.legal()) {
            at(c, i) = Invalid;
            return;
        }
        bool any = false, stays = false;
        Value best = Unknown;
        std::uint8_t& exit = exits_[c][i];
        exit = NoExit;
        forEachMove(b, [&](const TbBoard& next, MoveKindInfo info) {
            any = true;
            stays |= !info.leavesTable;
            if (info.leavesTable) {
                const Value child = lookup_(next);
                const Value v = throughMove(child);
                if (isWin(v)) best = bestOf(best, v);
                if (!isWin(child)) exit = Escape;
                else if (exit != Escape && (exit == NoExit || dtm(child) > exit)) exit = std::uint8_t(dtm(child));
            } else if (info.doublePush != NoSquare) {
                const Value ep = enPassantBest(next, info.doublePush);
                if (ep == Unknown) return true;
                if (!hasMove(next)) {
                    // Without the en passant right the successor would be mate or stalemate;
                    // with it, the captures are its only moves.
                    const Value v = throughMove(ep);
                    if (isWin(v)) best = bestOf(best, v);
                    else if (isWin(ep)) schedule(w, dtm(ep), c, i);
                } else if (isWin(ep)) {
                    schedule(w, dtm(ep), c, i); // re-check once that capture's win is final
                }
            }
            return true;
        });
        if (!any) {
            if (b.inCheck()) improve(w, c, i, fromDtm(0));
            else at(c, i) = Draw;
        } else if (best != Unknown) {
            improve(w, c, i, best);
        } else if (!stays && exit != Escape) {
            // Every move leaves the table and every one loses: no un-move will ever reach this
            // entry, so it is decided here.
            improve(w, c, i, fromDtm(int(exit) + 1));
        }
    }

    // s (side to move c, index i) is decided at distance d: take its last move back.
    void propagate(Worker& w, Color c, std::uint64_t i, int d) {
        const TbBoard s = board(c, i);
        const bool lost = (d & 1) == 0;
        forEachUnmove(s, [&](const TbBoard& prev, Square doublePush) {
            const std::uint64_t pi = indexOf(prev);
            if (lost) {
                Value sv = fromDtm(d);
                if (doublePush != NoSquare) sv = bestOf(sv, enPassantBest(s, doublePush));
                if (isLoss(sv)) improve(w, prev.stm, pi, fromDtm(dtm(sv) + 1));
            } else if (load(prev.stm, pi) == Unknown) {
                verify(w, prev.stm, pi, d);
            }
        });
    }

    // Is every move of entry (c, i) now a final win for the opponent? Then it is lost.
    void verify(Worker& w, Color c, std::uint64_t i, int d) {
        // Captures and promotions were looked at once, in classify().
        const std::uint8_t exit = exits_[c][i];
        if (exit == Escape) return;
        int longest = exit == NoExit ? -1 : int(exit);
        const TbBoard p = board(c, i);
        const bool allLose = forEachMove(p, [&](const TbBoard& next, MoveKindInfo info) {
            if (info.leavesTable) return true;
            Value v;
            bool final = true;
            {
                v = load(next.stm, indexOf(next));
                final = isLoss(v) || v == Draw || (isWin(v) && dtm(v) <= d);
                if (info.doublePush != NoSquare) {
                    const Value ep = enPassantBest(next, info.doublePush);
                    if (ep != Unknown) {
                        if (v == Draw) { // stalemate without the capture
                            v = ep;
                            final = true;
                        } else if (final) {
                            v = bestOf(v, ep);
                        } else if (isWin(ep) && dtm(ep) <= d) {
                            v = ep; // the undecided rest can only win later than this
                            final = true;
                        }
                    }
                }
            }
            if (!final || !isWin(v)) return false;
            longest = std::max(longest, dtm(v));
            return true;
        });
        if (allLose && longest >= 0) improve(w, c, i, fromDtm(longest + 1));
    }

    std::unique_ptr<Table> table_;
    const TableIndex& index_;
    const ExternalLookup& lookup_;
    std::vector<Worker> workers_;
    // Per entry, what its captures and promotions lead to: Escape if one of them does not lose,
    // NoExit if there is none, else the longest of the opponent's wins they give.
    static constexpr std::uint8_t Escape = 255, NoExit = 254;
    std::array<std::vector<std::uint8_t>, 2> exits_;
};

} // namespace

std::unique_ptr<Table> generateTable(const TableSpec& spec, const ExternalLookup& lookup, int threads) {
    return Generator(spec, lookup).run(threads);
}

} // namespace mf::tb
