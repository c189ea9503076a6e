// Basic chess vocabulary shared by the whole engine: colours, pieces, squares, moves.
#pragma once

#include <cstdint>

namespace mf {

using Bitboard = std::uint64_t;

enum Color : std::uint8_t { White, Black };
constexpr Color operator~(Color c) { return Color(c ^ 1); }
constexpr int ColorCount = 2;

enum PieceType : std::uint8_t { NoPieceType, Pawn, Knight, Bishop, Rook, Queen, King };
constexpr int PieceTypeCount = 7;

// Colour in bit 3, type in bits 0-2: colorOf/typeOf are a shift and a mask.
enum Piece : std::uint8_t {
    NoPiece,
    WPawn = 1, WKnight, WBishop, WRook, WQueen, WKing,
    BPawn = 9, BKnight, BBishop, BRook, BQueen, BKing
};
constexpr int PieceCount = 16;

constexpr Piece makePiece(Color c, PieceType t) { return Piece((c << 3) | t); }
constexpr PieceType typeOf(Piece p) { return PieceType(p & 7); }
constexpr Color colorOf(Piece p) { return Color(p >> 3); }

// clang-format off
enum Square : std::uint8_t {
    A1, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
    NoSquare = 64
};
// clang-format on
constexpr int SquareCount = 64;

constexpr int fileOf(Square s) { return s & 7; }
constexpr int rankOf(Square s) { return s >> 3; }
constexpr Square makeSquare(int file, int rank) { return Square(rank * 8 + file); }
constexpr bool isOk(Square s) { return s < NoSquare; }
// Rank seen from the side `c`: rank 0 is that side's back rank.
constexpr int relativeRank(Color c, Square s) { return c == White ? rankOf(s) : 7 - rankOf(s); }
constexpr Square relativeSquare(Color c, Square s) { return Square(s ^ (c * 56)); }
constexpr Square flipRank(Square s) { return Square(s ^ 56); }

enum Direction : int {
    North = 8, South = -8, East = 1, West = -1,
    NorthEast = 9, NorthWest = 7, SouthEast = -7, SouthWest = -9
};
constexpr Direction pawnPush(Color c) { return c == White ? North : South; }
constexpr Square operator+(Square s, Direction d) { return Square(int(s) + int(d)); }
constexpr Square operator-(Square s, Direction d) { return Square(int(s) - int(d)); }
inline Square& operator++(Square& s) { return s = Square(int(s) + 1); }

enum CastlingRights : std::uint8_t {
    NoCastling = 0,
    WhiteOO = 1, WhiteOOO = 2, BlackOO = 4, BlackOOO = 8,
    WhiteCastling = WhiteOO | WhiteOOO,
    BlackCastling = BlackOO | BlackOOO,
    AllCastling = 15
};

enum class MoveKind : std::uint8_t { Normal, Promotion, EnPassant, Castling };

// A move in 16 bits: from (0-5), to (6-11), promotion piece minus Knight (12-13), kind (14-15).
// Castling is encoded as the king's own move (e1g1, e1c1, e8g8, e8c8).
class Move {
public:
    constexpr Move() = default;
    constexpr explicit Move(std::uint16_t raw) : data_(raw) {}
    constexpr Move(Square from, Square to) : data_(std::uint16_t(from | (to << 6))) {}
    static constexpr Move make(Square from, Square to, MoveKind kind, PieceType promotion = Knight) {
        return Move(std::uint16_t(from | (to << 6) | ((promotion - Knight) << 12) | (int(kind) << 14)));
    }
    static constexpr Move none() { return Move(); }
    // A distinct "pass" value for null-move bookkeeping; never generated, never legal.
    static constexpr Move null() { return Move(std::uint16_t(65)); }

    constexpr Square from() const { return Square(data_ & 63); }
    constexpr Square to() const { return Square((data_ >> 6) & 63); }
    constexpr MoveKind kind() const { return MoveKind(data_ >> 14); }
    constexpr PieceType promotion() const {
        return kind() == MoveKind::Promotion ? PieceType(((data_ >> 12) & 3) + Knight) : NoPieceType;
    }
    constexpr std::uint16_t raw() const { return data_; }
    constexpr bool isOk() const { return from() != to(); }
    constexpr explicit operator bool() const { return data_ != 0; }
    constexpr bool operator==(const Move&) const = default;

private:
    std::uint16_t data_ = 0;
};

constexpr int MaxMoves = 256;
constexpr int MaxPly = 246;

} // namespace mf
