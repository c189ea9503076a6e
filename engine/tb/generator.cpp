#include "engine/tb/generator.h"

#include <algorithm>
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

    std::unique_ptr<Table> run() {
        for (Color c : {White, Black}) {
            table_->values[c].assign(index_.size(), Unknown);
            exits_[c].assign(index_.size(), NoExit);
        }
        buckets_.resize(MaxDtm + 2);
        levels_.resize(MaxDtm + 2);
        classify();
        for (int d = 0; d <= std::max(maxDtm_, maxBucket_); ++d) {
            // Entries decided at d; a capture win later shortened is listed twice, once stale.
            std::vector<std::uint64_t> decided = std::move(levels_[d]);
            for (std::uint64_t entry : decided) {
                const Color c = Color(entry >> 63);
                const std::uint64_t i = entry & ~(std::uint64_t(1) << 63);
                if (at(c, i) == fromDtm(d)) propagate(c, i, d);
            }
            for (const auto& [c, i] : buckets_[d])
                if (at(c, i) == Unknown) verify(c, i, d);
        }
        for (Color c : {White, Black}) {
            std::replace(table_->values[c].begin(), table_->values[c].end(), Unknown, Draw);
            exits_[c] = {};
        }
        return std::move(table_);
    }

private:
    Value& at(Color c, std::uint64_t i) { return table_->values[c][i]; }
    std::uint64_t indexOf(const TbBoard& b) const { return index_.index(b.placement()); }
    TbBoard board(Color c, std::uint64_t i) const {
        Placement p;
        index_.placement(i, p);
        return TbBoard::fromPlacement(index_.spec(), p, c);
    }

    void set(Color c, std::uint64_t i, Value v) {
        at(c, i) = v;
        maxDtm_ = std::max(maxDtm_, dtm(v));
        levels_[dtm(v)].push_back(i | (std::uint64_t(c) << 63));
    }
    void schedule(int level, Color c, std::uint64_t i) {
        buckets_[level].push_back({c, i});
        maxBucket_ = std::max(maxBucket_, level);
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

    void classify() {
        const TableSpec& spec = index_.spec();
        for (Color c : {White, Black})
            for (std::uint64_t i = 0; i < index_.size(); ++i) {
                Placement p;
                if (!index_.placement(i, p) || index_.index(p) != i) {
                    at(c, i) = Invalid;
                    continue;
                }
                const TbBoard b = TbBoard::fromPlacement(spec, p, c);
                if (!b.legal()) {
                    at(c, i) = Invalid;
                    continue;
                }
                bool any = false;
                Value best = Unknown;
                std::uint8_t& exit = exits_[c][i];
                exit = NoExit;
                forEachMove(b, [&](const TbBoard& next, MoveKindInfo info) {
                    any = true;
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
                            // Without the en passant right the successor would be mate or
                            // stalemate; with it, the captures are its only moves.
                            const Value v = throughMove(ep);
                            if (isWin(v)) best = bestOf(best, v);
                            else if (isWin(ep)) schedule(dtm(ep), c, i);
                        } else if (isWin(ep)) {
                            schedule(dtm(ep), c, i); // re-check once that capture's win is final
                        }
                    }
                    return true;
                });
                if (!any) {
                    if (b.inCheck()) set(c, i, fromDtm(0));
                    else at(c, i) = Draw;
                }
                else if (best != Unknown) set(c, i, best);
            }
    }

    // s (side to move c, index i) is decided at distance d: take its last move back.
    void propagate(Color c, std::uint64_t i, int d) {
        const TbBoard s = board(c, i);
        const bool lost = (d & 1) == 0;
        forEachUnmove(s, [&](const TbBoard& prev, Square doublePush) {
            const std::uint64_t pi = indexOf(prev);
            const Value pv = at(prev.stm, pi);
            if (lost) {
                Value sv = fromDtm(d);
                if (doublePush != NoSquare) sv = bestOf(sv, enPassantBest(s, doublePush));
                if (!isLoss(sv)) return;
                const int w = dtm(sv) + 1;
                if (pv == Unknown || (isWin(pv) && dtm(pv) > w)) set(prev.stm, pi, fromDtm(w));
            } else if (pv == Unknown) {
                verify(prev.stm, pi, d);
            }
        });
    }

    // Is every move of entry (c, i) now a final win for the opponent? Then it is lost.
    void verify(Color c, std::uint64_t i, int d) {
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
                v = at(next.stm, indexOf(next));
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
        if (allLose && longest >= 0) set(c, i, fromDtm(longest + 1));
    }

    std::unique_ptr<Table> table_;
    const TableIndex& index_;
    const ExternalLookup& lookup_;
    std::vector<std::vector<std::pair<Color, std::uint64_t>>> buckets_;
    std::vector<std::vector<std::uint64_t>> levels_; // entries set at each distance (colour in bit 63)
    // Per entry, what its captures and promotions lead to: Escape if one of them does not lose,
    // NoExit if there is none, else the longest of the opponent's wins they give.
    static constexpr std::uint8_t Escape = 255, NoExit = 254;
    std::array<std::vector<std::uint8_t>, 2> exits_;
    int maxDtm_ = 0;
    int maxBucket_ = 0;
};

} // namespace

std::unique_ptr<Table> generateTable(const TableSpec& spec, const ExternalLookup& lookup) {
    return Generator(spec, lookup).run();
}

} // namespace mf::tb
