#include "engine/tb/stats.h"

#include "engine/tb/tb_board.h"

#include <algorithm>
#include <sstream>

namespace mf::tb {

namespace {

bool placementOk(const TableSpec& spec, const Placement& p) {
    if (!kingsLegal(p.whiteKing, p.blackKing)) return false;
    Bitboard used = squareBb(p.whiteKing) | squareBb(p.blackKing);
    for (std::size_t k = 0; k < spec.slots.size(); ++k) {
        const Square s = p.slot[k];
        if (used & squareBb(s)) return false;
        if (typeOf(spec.slots[k]) == Pawn && (rankOf(s) == 0 || rankOf(s) == 7)) return false;
        used |= squareBb(s);
    }
    return true;
}

// Enumerates every placement (identical pieces: slot 0 below slot 1).
template<class F>
void forEachPlacement(const TableSpec& spec, F&& f) {
    const int slots = int(spec.slots.size());
    Placement p;
    for (int wk = 0; wk < 64; ++wk)
        for (int bk = 0; bk < 64; ++bk) {
            p.whiteKing = Square(wk);
            p.blackKing = Square(bk);
            if (slots == 0) {
                f(p);
                continue;
            }
            for (int a = 0; a < 64; ++a) {
                p.slot[0] = Square(a);
                if (slots == 1) {
                    f(p);
                    continue;
                }
                for (int b = spec.identicalPair ? a + 1 : 0; b < 64; ++b) {
                    p.slot[1] = Square(b);
                    f(p);
                }
            }
        }
}

// Number of distinct positions among the images of p under the table's symmetries.
int classSize(const TableIndex& index, const Placement& p) {
    std::array<Placement, SymmetryCount> images{};
    int n = 0;
    for (int g = 0; g < index.symmetryCount(); ++g) {
        Placement q = transform(Symmetry(g), p, index.slotCount());
        if (index.spec().identicalPair && q.slot[0] > q.slot[1]) std::swap(q.slot[0], q.slot[1]);
        if (std::find(images.begin(), images.begin() + n, q) == images.begin() + n) images[n++] = q;
    }
    return n;
}

} // namespace

TableStats computeStats(const Table& table) {
    const TableSpec& spec = table.spec();
    TableStats out;
    out.name = spec.name;
    forEachPlacement(spec, [&](const Placement& p) {
        if (!placementOk(spec, p)) return;
        for (Color c : {White, Black})
            if (TbBoard::fromPlacement(spec, p, c).legal()) ++out.side[c].positions;
    });
    for (Color c : {White, Black}) {
        SideStats& s = out.side[c];
        const auto& values = table.values[c];
        for (std::uint64_t i = 0; i < values.size(); ++i) {
            const Value v = values[i];
            if (v == value::Invalid) continue;
            ++s.classes;
            Placement p;
            table.index.placement(i, p);
            s.classMembers += std::uint64_t(classSize(table.index, p));
            if (value::isWin(v)) {
                ++s.wins;
                s.longestWin = std::max(s.longestWin, value::dtm(v));
            } else if (value::isLoss(v)) {
                ++s.losses;
                s.checkmates += value::dtm(v) == 0;
                s.longestLoss = std::max(s.longestLoss, value::dtm(v));
            } else {
                ++s.draws;
            }
        }
    }
    return out;
}

std::string formatStats(const TableStats& stats) {
    std::ostringstream out;
    out << stats.name << " (positions: legal placements; classes: stored entries, one per symmetry class;"
        << " mate lengths in plies)\n";
    for (Color c : {White, Black}) {
        const SideStats& s = stats.side[c];
        out << (c == White ? "white" : "black") << " to move: positions=" << s.positions << " classes=" << s.classes
            << " class_members=" << s.classMembers << " checkmates=" << s.checkmates << " wins=" << s.wins
            << " losses=" << s.losses << " draws=" << s.draws << " longest_win=";
        if (s.longestWin < 0) out << '-';
        else out << s.longestWin;
        out << " longest_loss=";
        if (s.longestLoss < 0) out << '-';
        else out << s.longestLoss;
        out << '\n';
    }
    return out.str();
}

} // namespace mf::tb
