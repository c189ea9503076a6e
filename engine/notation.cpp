#include "engine/notation.h"

#include "engine/movegen.h"

#include <algorithm>
#include <cctype>

namespace mf {

namespace {

constexpr std::string_view PieceLetters = "  NBRQK"; // indexed by PieceType

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

PieceType pieceFromLetter(char c) {
    switch (c) {
    case 'N': return Knight;
    case 'B': return Bishop;
    case 'R': return Rook;
    case 'Q': return Queen;
    case 'K': return King;
    default: return NoPieceType;
    }
}

PieceType promotionFromLetter(char c) {
    return pieceFromLetter(char(std::toupper(static_cast<unsigned char>(c))));
}

bool isFile(char c) { return c >= 'a' && c <= 'h'; }
bool isRank(char c) { return c >= '1' && c <= '8'; }

} // namespace

std::string squareName(Square s) {
    if (s == NoSquare) return "-";
    return {char('a' + fileOf(s)), char('1' + rankOf(s))};
}

std::string toUci(Move m) {
    if (m == Move::none()) return "0000";
    if (m == Move::null()) return "0000";
    std::string s = squareName(m.from()) + squareName(m.to());
    if (m.kind() == MoveKind::Promotion) s += char(std::tolower(PieceLetters[m.promotion()]));
    return s;
}

Result<Move> parseUciMove(const Position& pos, std::string_view text) {
    const bool wellFormed = (text.size() == 4 || text.size() == 5) && isFile(text[0]) && isRank(text[1])
                            && isFile(text[2]) && isRank(text[3])
                            && (text.size() == 4 || std::string_view("nbrq").find(text[4]) != std::string_view::npos);
    if (!wellFormed) return Error{"UCI move " + quoted(text) + " is malformed (expected e.g. e2e4 or e7e8q)"};
    const Square from = makeSquare(text[0] - 'a', text[1] - '1');
    const Square to = makeSquare(text[2] - 'a', text[3] - '1');
    const PieceType promo = text.size() == 5 ? promotionFromLetter(text[4]) : NoPieceType;
    for (const Move m : MoveList(pos))
        if (m.from() == from && m.to() == to && m.promotion() == promo) return m;
    return Error{"UCI move " + quoted(text) + " is not legal in " + pos.fen()};
}

std::string toSan(const Position& pos, Move m) {
    std::string san;
    const Square from = m.from(), to = m.to();
    const PieceType pt = typeOf(pos.pieceOn(from));
    if (m.kind() == MoveKind::Castling) {
        san = to > from ? "O-O" : "O-O-O";
    } else if (pt == Pawn) {
        if (pos.isCapture(m)) {
            san += char('a' + fileOf(from));
            san += 'x';
        }
        san += squareName(to);
        if (m.kind() == MoveKind::Promotion) {
            san += '=';
            san += PieceLetters[m.promotion()];
        }
    } else {
        san += PieceLetters[pt];
        // Other pieces of the same kind that can also go to `to`.
        Bitboard others = 0;
        for (const Move other : MoveList(pos))
            if (other.to() == to && other.from() != from && typeOf(pos.pieceOn(other.from())) == pt
                && other.kind() != MoveKind::Castling)
                others |= squareBb(other.from());
        if (others) {
            if (!(others & fileBb(from))) san += char('a' + fileOf(from));
            else if (!(others & rankBb(from))) san += char('1' + rankOf(from));
            else san += squareName(from);
        }
        if (pos.isCapture(m)) san += 'x';
        san += squareName(to);
    }
    if (pos.givesCheck(m)) {
        Position after = pos;
        after.doMove(m);
        san += MoveList(after).empty() ? '#' : '+';
    }
    return san;
}

Result<Move> parseSan(const Position& pos, std::string_view original) {
    std::string s(original);
    // Trim surrounding blanks, then trailing annotations, check signs and an en-passant remark.
    auto trim = [&s] {
        while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
        const auto first = s.find_first_not_of(" \t\r\n");
        s.erase(0, first == std::string::npos ? s.size() : first);
    };
    trim();
    for (bool changed = true; changed;) {
        changed = false;
        while (!s.empty() && std::string_view("+#!?").find(s.back()) != std::string_view::npos) {
            s.pop_back();
            changed = true;
        }
        // No SAN move ends in 'p' or '.', so these suffixes are always remarks.
        for (std::string_view suffix : {"e.p.", "ep"}) {
            if (s.size() > suffix.size() && s.ends_with(suffix)) {
                s.erase(s.size() - suffix.size());
                changed = true;
            }
        }
        trim();
    }
    if (s.empty()) return Error{"SAN " + quoted(original) + " is empty"};

    const MoveList legal(pos);

    // Castling, written with O, o or 0.
    std::string castle;
    for (char c : s) castle += (c == '0' || c == 'o') ? 'O' : c;
    if (castle == "O-O" || castle == "O-O-O") {
        for (const Move m : legal)
            if (m.kind() == MoveKind::Castling && (castle == "O-O") == (m.to() > m.from())) return m;
        return Error{"SAN " + quoted(original) + ": castling is not legal here"};
    }

    // Plain UCI (as some suites write moves).
    if (auto uci = parseUciMove(pos, s); uci) return uci;

    // Promotion piece at the end: e8=Q, e8Q, e8(Q), e8/Q.
    PieceType promo = NoPieceType;
    if (s.size() >= 3 && s.back() == ')') s.pop_back();
    if (s.size() >= 3 && promotionFromLetter(s.back()) != NoPieceType && promotionFromLetter(s.back()) != King) {
        std::size_t i = s.size() - 2;
        while (i > 0 && (s[i] == '=' || s[i] == '(' || s[i] == '/')) --i;
        if (isRank(s[i])) {
            promo = promotionFromLetter(s.back());
            s.erase(i + 1);
        }
    }
    if (s.size() < 2 || !isFile(s[s.size() - 2]) || !isRank(s.back()))
        return Error{"SAN " + quoted(original) + " does not end with a destination square"};
    const Square to = makeSquare(s[s.size() - 2] - 'a', s.back() - '1');
    s.erase(s.size() - 2);

    PieceType pt = Pawn;
    if (!s.empty() && pieceFromLetter(s[0]) != NoPieceType) {
        pt = pieceFromLetter(s[0]);
        s.erase(0, 1);
    }
    int fromFile = -1, fromRank = -1;
    for (char c : s) {
        if (c == 'x' || c == ':' || c == '-') continue;
        if (isFile(c) && fromFile < 0 && fromRank < 0) fromFile = c - 'a';
        else if (isRank(c) && fromRank < 0) fromRank = c - '1';
        else return Error{"SAN " + quoted(original) + ": unexpected " + quoted(std::string(1, c))};
    }

    Move found = Move::none();
    std::string candidates;
    int matches = 0;
    bool promotionMissing = false;
    for (const Move m : legal) {
        if (m.to() != to || m.kind() == MoveKind::Castling || typeOf(pos.pieceOn(m.from())) != pt) continue;
        if (fromFile >= 0 && fileOf(m.from()) != fromFile) continue;
        if (fromRank >= 0 && rankOf(m.from()) != fromRank) continue;
        if (m.kind() == MoveKind::Promotion) {
            if (promo == NoPieceType) {
                promotionMissing = true;
                continue;
            }
            if (m.promotion() != promo) continue;
        } else if (promo != NoPieceType) {
            continue;
        }
        ++matches;
        found = m;
        candidates += (candidates.empty() ? "" : ", ") + toUci(m);
    }
    if (matches == 0 && promotionMissing) return Error{"SAN " + quoted(original) + ": the promotion piece is missing"};
    if (matches == 0) return Error{"SAN " + quoted(original) + " is not a legal move in " + pos.fen()};
    if (matches > 1) return Error{"SAN " + quoted(original) + " is ambiguous: it matches " + candidates};
    return found;
}

} // namespace mf
