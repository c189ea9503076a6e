#include "engine/tb/table_spec.h"

#include "engine/tb/king_pairs.h"

#include <algorithm>
#include <cctype>

namespace mf::tb {

namespace {

constexpr PieceType StrengthOrder[] = {Queen, Rook, Bishop, Knight, Pawn};

char letter(PieceType t) { return "-PNBRQK"[t]; }

std::optional<PieceType> typeFromLetter(char c) {
    switch (std::toupper(static_cast<unsigned char>(c))) {
    case 'P': return Pawn;
    case 'N': return Knight;
    case 'B': return Bishop;
    case 'R': return Rook;
    case 'Q': return Queen;
    default: return std::nullopt;
    }
}

int count(MaterialKey key, Color c, PieceType t) { return int((key >> (3 * (c * 5 + t - 1))) & 7); }

// One side's pieces, strongest first.
std::vector<PieceType> sideOf(MaterialKey key, Color c) {
    std::vector<PieceType> out;
    for (PieceType t : StrengthOrder)
        for (int i = 0; i < count(key, c, t); ++i) out.push_back(t);
    return out;
}

// More pieces is stronger; with as many, compare the strongest pieces first.
int compareSides(const std::vector<PieceType>& a, const std::vector<PieceType>& b) {
    if (a.size() != b.size()) return a.size() > b.size() ? 1 : -1;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) return a[i] > b[i] ? 1 : -1; // PieceType grows with strength, pawn lowest
    return 0;
}

MaterialKey swapColors(MaterialKey key) {
    MaterialKey out = 0;
    for (int t = Pawn; t <= Queen; ++t) {
        out += MaterialKey(count(key, White, PieceType(t))) << (3 * (5 + t - 1));
        out += MaterialKey(count(key, Black, PieceType(t))) << (3 * (t - 1));
    }
    return out;
}

bool fail(std::string* error, std::string message) {
    if (error) *error = std::move(message);
    return false;
}

} // namespace

int TableSpec::slotRadix(int slot) const {
    const Piece p = slots[slot];
    if (typeOf(p) == Pawn) {
        int earlierPawns = 0;
        for (int i = 0; i < slot; ++i) earlierPawns += typeOf(slots[i]) == Pawn;
        return 48 - earlierPawns;
    }
    return 62 - slot;
}

std::string materialName(MaterialKey key) {
    std::string out = "K";
    for (PieceType t : sideOf(key, White)) out += letter(t);
    out += 'K';
    for (PieceType t : sideOf(key, Black)) out += letter(t);
    return out;
}

TableRef tableFor(MaterialKey key) {
    if (compareSides(sideOf(key, White), sideOf(key, Black)) >= 0) return {materialName(key), false};
    return {materialName(swapColors(key)), true};
}

std::vector<Piece> piecesOf(MaterialKey key) {
    std::vector<Piece> out;
    for (Color c : {White, Black})
        for (int i = 0; i < count(key, c, Pawn); ++i) out.push_back(makePiece(c, Pawn));
    for (Color c : {White, Black})
        for (PieceType t : sideOf(key, c))
            if (t != Pawn) out.push_back(makePiece(c, t));
    return out;
}

std::optional<TableSpec> makeTableSpec(std::string_view name, std::string* error) {
    std::string text;
    for (char c : name)
        if (c != 'v' && c != 'V') text += char(std::toupper(static_cast<unsigned char>(c)));
    if (text.size() < 2 || text[0] != 'K') {
        fail(error, "table name '" + std::string(name) + "' must start with K (like KQKR)");
        return std::nullopt;
    }
    const auto second = text.find('K', 1);
    if (second == std::string::npos) {
        fail(error, "table name '" + std::string(name) + "' needs two kings (like KQKR)");
        return std::nullopt;
    }
    MaterialKey key = 0;
    int pieces = 2;
    for (std::size_t i = 1; i < text.size(); ++i) {
        if (i == second) continue;
        const auto t = typeFromLetter(text[i]);
        if (!t) {
            fail(error, "table name '" + std::string(name) + "': unknown piece letter '" + text[i] +
                            "' at column " + std::to_string(i + 1) + " (use Q, R, B, N, P)");
            return std::nullopt;
        }
        const Color c = i < second ? White : Black;
        if (*t == Pawn && count(key, c, Pawn) > 0) {
            fail(error, "table name '" + std::string(name) + "': two pawns of one side are not supported");
            return std::nullopt;
        }
        key += materialBit(makePiece(c, *t));
        ++pieces;
    }
    if (pieces > MaxTablePieces) {
        fail(error, "table name '" + std::string(name) + "' has " + std::to_string(pieces) +
                        " pieces; at most 4 are supported");
        return std::nullopt;
    }
    const TableRef ref = tableFor(key);
    if (ref.swapColors) key = swapColors(key);

    TableSpec spec;
    spec.name = ref.name;
    spec.key = key;
    spec.flippedKey = swapColors(key);
    spec.slots = piecesOf(key);
    spec.hasPawns = std::any_of(spec.slots.begin(), spec.slots.end(), [](Piece p) { return typeOf(p) == Pawn; });
    spec.identicalPair = spec.slots.size() == 2 && spec.slots[0] == spec.slots[1];
    spec.kingPairs = spec.hasPawns ? PawnKingPairs : PawnlessKingPairs;
    if (spec.identicalPair) {
        spec.pieceRadix = 62 * 61 / 2;
    } else {
        for (int i = 0; i < int(spec.slots.size()); ++i) spec.pieceRadix *= std::uint64_t(spec.slotRadix(i));
    }
    spec.size = std::uint64_t(spec.kingPairs) * spec.pieceRadix;
    return spec;
}

const std::vector<std::string>& standardTables() {
    static const std::vector<std::string> names = {
        // 3 pieces
        "KQK", "KRK", "KBK", "KNK", "KPK",
        // 4 pieces without pawns: one side with three pieces, then two against two
        "KBNK", "KBBK", "KNNK", "KQKR", "KRKB", "KRKN", "KQKQ", "KRKR",
        // needed because pawns promote into them
        "KQKB", "KQKN", "KBKB", "KBKN", "KNKN",
        // with pawns (each after the tables its captures and promotions lead into)
        "KBKP", "KNKP", "KQKP", "KRKP", "KPKP"};
    return names;
}

} // namespace mf::tb
