#include "engine/tb/symmetry.h"

#include "engine/bitboard.h"

namespace mf::tb {

namespace {

// The group is small: find inverse and composition by comparing square maps once.
Symmetry findByMap(const std::array<Square, 64>& wanted) {
    for (int code = 0; code < SymmetryCount; ++code)
        if (detail::squareMaps[code] == wanted) return Symmetry(code);
    return Symmetry::Identity; // unreachable: the group is closed
}

struct GroupTables {
    std::array<Symmetry, SymmetryCount> inverse{};
    std::array<std::array<Symmetry, SymmetryCount>, SymmetryCount> compose{};
    GroupTables() {
        for (int g = 0; g < SymmetryCount; ++g) {
            std::array<Square, 64> inv{};
            for (int s = 0; s < 64; ++s) inv[detail::squareMaps[g][s]] = Square(s);
            inverse[g] = findByMap(inv);
            for (int h = 0; h < SymmetryCount; ++h) {
                std::array<Square, 64> both{};
                for (int s = 0; s < 64; ++s) both[s] = detail::squareMaps[h][detail::squareMaps[g][s]];
                compose[g][h] = findByMap(both);
            }
        }
    }
};

const GroupTables& group() {
    static const GroupTables tables;
    return tables;
}

} // namespace

Bitboard transform(Symmetry g, Bitboard b) {
    Bitboard out = 0;
    while (b) out |= squareBb(transform(g, popLsb(b)));
    return out;
}

Symmetry inverse(Symmetry g) { return group().inverse[int(g)]; }

Symmetry compose(Symmetry first, Symmetry second) { return group().compose[int(first)][int(second)]; }

std::string_view name(Symmetry g) {
    switch (g) {
    case Symmetry::Identity: return "identity";
    case Symmetry::MirrorFile: return "mirror a-h";
    case Symmetry::MirrorRank: return "mirror 1-8";
    case Symmetry::Rotate180: return "rotate 180";
    case Symmetry::MirrorDiagonal: return "mirror a1-h8";
    case Symmetry::Rotate90: return "rotate 90";
    case Symmetry::Rotate270: return "rotate 270";
    case Symmetry::MirrorAntiDiagonal: return "mirror a8-h1";
    }
    return "?";
}

} // namespace mf::tb
