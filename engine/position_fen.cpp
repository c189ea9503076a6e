// FEN reading (with validation and precise error messages) and writing.
#include "engine/position.h"

#include <string>
#include <vector>

#include "engine/whole_number.h"

namespace mf {

namespace {

constexpr std::string_view PieceChars = " PNBRQK  pnbrqk";

struct Field {
    std::string_view text;
    int column; // 1-based column of the field's first character in the FEN
};

Error fenError(std::string_view field, int column, const std::string& what) {
    return Error{"FEN " + std::string(field) + " (column " + std::to_string(column) + "): " + what};
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

Piece pieceFromChar(char c) {
    const auto i = PieceChars.find(c);
    return (i == std::string_view::npos || c == ' ') ? NoPiece : Piece(i);
}

} // namespace

Result<Position> Position::fromFen(std::string_view fen) {
    std::vector<Field> fields;
    for (std::size_t i = 0; i < fen.size();) {
        if (fen[i] == ' ' || fen[i] == '\t' || fen[i] == '\r' || fen[i] == '\n') {
            ++i;
            continue;
        }
        const std::size_t start = i;
        while (i < fen.size() && fen[i] != ' ' && fen[i] != '\t' && fen[i] != '\r' && fen[i] != '\n') ++i;
        fields.push_back({fen.substr(start, i - start), int(start) + 1});
    }
    if (fields.size() < 4)
        return Error{"FEN: expected at least 4 fields (piece placement, side to move, castling, en passant), found "
                     + std::to_string(fields.size())};
    if (fields.size() > 6) return fenError("text", fields[6].column, "unexpected extra field " + quoted(fields[6].text));

    Position pos;

    // 1. Piece placement, from rank 8 down to rank 1.
    const Field& placement = fields[0];
    int rank = 7, file = 0;
    for (std::size_t i = 0; i < placement.text.size(); ++i) {
        const char c = placement.text[i];
        const int column = placement.column + int(i);
        if (c == '/') {
            if (file != 8)
                return fenError("piece placement", column,
                                "rank " + std::to_string(rank + 1) + " has " + std::to_string(file) + " squares, expected 8");
            if (rank == 0) return fenError("piece placement", column, "more than 8 ranks");
            --rank;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fenError("piece placement", column, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
        } else if (const Piece p = pieceFromChar(c); p != NoPiece) {
            if (file >= 8)
                return fenError("piece placement", column, "rank " + std::to_string(rank + 1) + " has more than 8 squares");
            if (typeOf(p) == Pawn && (rank == 0 || rank == 7))
                return fenError("piece placement", column, "pawn on rank " + std::to_string(rank + 1));
            pos.putPiece(p, makeSquare(file, rank));
            ++file;
        } else {
            return fenError("piece placement", column, "unexpected character " + quoted(std::string(1, c)));
        }
    }
    if (rank != 0 || file != 8)
        return fenError("piece placement", placement.column,
                        "expected 8 ranks of 8 squares, the text ends at rank " + std::to_string(rank + 1));
    for (Color c : {White, Black}) {
        const char* name = c == White ? "white" : "black";
        if (pos.count(makePiece(c, King)) != 1)
            return fenError("piece placement", placement.column,
                            std::string("expected exactly one ") + name + " king, found " + std::to_string(pos.count(makePiece(c, King))));
        if (popcount(pos.pieces(c)) > 16)
            return fenError("piece placement", placement.column, std::string("more than 16 ") + name + " pieces");
        if (pos.count(makePiece(c, Pawn)) > 8)
            return fenError("piece placement", placement.column, std::string("more than 8 ") + name + " pawns");
    }

    // 2. Side to move.
    const Field& side = fields[1];
    if (side.text == "w") pos.side_ = White;
    else if (side.text == "b") pos.side_ = Black;
    else return fenError("side to move", side.column, "expected 'w' or 'b', found " + quoted(side.text));

    // 3. Castling rights, each consistent with the king and rook on their original squares.
    const Field& castling = fields[2];
    int rights = NoCastling;
    if (castling.text != "-") {
        for (std::size_t i = 0; i < castling.text.size(); ++i) {
            const char c = castling.text[i];
            const int column = castling.column + int(i);
            int right;
            Square king, rook;
            switch (c) {
            case 'K': right = WhiteOO, king = E1, rook = H1; break;
            case 'Q': right = WhiteOOO, king = E1, rook = A1; break;
            case 'k': right = BlackOO, king = E8, rook = H8; break;
            case 'q': right = BlackOOO, king = E8, rook = A8; break;
            default: return fenError("castling", column, "unexpected character " + quoted(std::string(1, c)) + ", expected K, Q, k, q or -");
            }
            if (rights & right) return fenError("castling", column, quoted(std::string(1, c)) + " appears twice");
            const Color color = right & WhiteCastling ? White : Black;
            if (pos.pieceOn(king) != makePiece(color, King) || pos.pieceOn(rook) != makePiece(color, Rook))
                return fenError("castling", column,
                                quoted(std::string(1, c)) + " needs the king on " + std::string(1, char('a' + fileOf(king)))
                                    + std::to_string(rankOf(king) + 1) + " and a rook on "
                                    + std::string(1, char('a' + fileOf(rook))) + std::to_string(rankOf(rook) + 1));
            rights |= right;
        }
    }
    pos.st().castlingRights = rights;

    // 4. En-passant square: behind a pawn that has just advanced two squares.
    const Field& ep = fields[3];
    if (ep.text != "-") {
        if (ep.text.size() != 2 || ep.text[0] < 'a' || ep.text[0] > 'h' || ep.text[1] < '1' || ep.text[1] > '8')
            return fenError("en passant", ep.column, "expected a square such as e3 or '-', found " + quoted(ep.text));
        const Square s = makeSquare(ep.text[0] - 'a', ep.text[1] - '1');
        const Color us = pos.side_;
        if (relativeRank(us, s) != 5)
            return fenError("en passant", ep.column, quoted(ep.text) + " is not on rank " + (us == White ? "6" : "3")
                                                         + " for the side to move");
        if (pos.pieceOn(s - pawnPush(us)) != makePiece(~us, Pawn) || !pos.empty(s) || !pos.empty(s + pawnPush(us)))
            return fenError("en passant", ep.column, quoted(ep.text) + " does not follow a two-square pawn advance");
        if (pawnAttacks(~us, s) & pos.pieces(us, Pawn)) pos.st().epSquare = s;
    }

    // 5. and 6. Counters. Bounded so that counting on from them (rule50 + plies in the search,
    // 2 * fullmove for the game ply) never overflows an int; no legal game comes near either bound.
    auto parseCounter = [](const Field& f, std::string_view name, int minimum, int maximum, int& out) -> Result<void> {
        const auto number = parseWholeNumber<int>(f.text);
        if (!number || *number < minimum || *number > maximum)
            return fenError(name, f.column,
                            "expected a whole number from " + std::to_string(minimum) + " to " + std::to_string(maximum)
                                + ", found " + quoted(f.text));
        out = *number;
        return {};
    };
    constexpr int MaxHalfMoveClock = 100000, MaxFullMoveNumber = 1000000;
    int halfMoves = 0, fullMoves = 1;
    if (fields.size() > 4)
        if (auto r = parseCounter(fields[4], "halfmove clock", 0, MaxHalfMoveClock, halfMoves); !r) return r.error();
    if (fields.size() > 5) {
        // Some writers put 0 here; read it as move 1.
        if (auto r = parseCounter(fields[5], "fullmove number", 0, MaxFullMoveNumber, fullMoves); !r) return r.error();
        fullMoves = std::max(fullMoves, 1);
    }
    pos.st().rule50 = halfMoves;
    pos.gamePly_ = 2 * (fullMoves - 1) + (pos.side_ == Black);

    // Whole-position checks.
    const Color us = pos.side_;
    if (pos.attackersTo(pos.kingSquare(~us)) & pos.pieces(us))
        return fenError("side to move", side.column, "the side not to move is in check");
    pos.st().checkers = pos.attackersTo(pos.kingSquare(us)) & pos.pieces(~us);
    if (popcount(pos.st().checkers) > 2)
        return fenError("piece placement", placement.column, "the king is attacked by more than two pieces");
    pos.setCheckInfo();
    pos.computeKeys();
    return pos;
}

std::string Position::epdFields() const {
    std::string out;
    for (int rank = 7; rank >= 0; --rank) {
        int emptyRun = 0;
        for (int file = 0; file < 8; ++file) {
            const Piece p = board_[makeSquare(file, rank)];
            if (p == NoPiece) {
                ++emptyRun;
                continue;
            }
            if (emptyRun) out += char('0' + emptyRun);
            emptyRun = 0;
            out += PieceChars[p];
        }
        if (emptyRun) out += char('0' + emptyRun);
        if (rank) out += '/';
    }
    out += side_ == White ? " w " : " b ";
    const int rights = castlingRights();
    if (!rights) out += '-';
    if (rights & WhiteOO) out += 'K';
    if (rights & WhiteOOO) out += 'Q';
    if (rights & BlackOO) out += 'k';
    if (rights & BlackOOO) out += 'q';
    out += ' ';
    if (epSquare() == NoSquare) out += '-';
    else {
        out += char('a' + fileOf(epSquare()));
        out += char('1' + rankOf(epSquare()));
    }
    return out;
}

std::string Position::fen() const {
    return epdFields() + ' ' + std::to_string(rule50()) + ' ' + std::to_string(fullMoveNumber());
}

} // namespace mf
