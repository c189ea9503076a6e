// The chess position: piece placement as bitboards plus a mailbox, side to move, castling rights,
// en-passant square, counters, and a stack of per-move states for undo and repetition detection.
//
// Position is a regular value type: copies are independent (it owns its history). The state kept
// per ply includes the checkers, the pieces blocking a slider from each king (pinned pieces and
// discovered-check candidates) and the squares from which each piece type would give check.
#pragma once

#include "engine/attacks.h"
#include "engine/bitboard.h"
#include "engine/result.h"
#include "engine/types.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mf {

struct StateInfo {
    // Copied forward by doMove, then updated.
    std::uint64_t pawnKey = 0;
    std::uint64_t materialKey = 0;
    int castlingRights = NoCastling;
    int rule50 = 0;
    int pliesFromNull = 0;
    Square epSquare = NoSquare;

    // Recomputed by doMove.
    std::uint64_t key = 0;
    Bitboard checkers = 0;
    Bitboard blockersForKing[ColorCount] = {0, 0};
    Bitboard pinners[ColorCount] = {0, 0};
    Bitboard checkSquares[PieceTypeCount] = {0, 0, 0, 0, 0, 0, 0};
    Piece captured = NoPiece;
};

class Position {
public:
    // Parses 4 to 6 FEN fields (missing counters default to 0 and 1). Validates everything; an
    // error names the field and the 1-based character column.
    static Result<Position> fromFen(std::string_view fen);
    static Position startPosition();
    static constexpr std::string_view StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    std::string fen() const;
    // The first four FEN fields, as an EPD record starts.
    std::string epdFields() const;

    Color sideToMove() const { return side_; }
    Piece pieceOn(Square s) const { return board_[s]; }
    bool empty(Square s) const { return board_[s] == NoPiece; }
    Bitboard pieces() const { return byType_[0]; }
    Bitboard pieces(Color c) const { return byColor_[c]; }
    Bitboard pieces(PieceType t) const { return byType_[t]; }
    Bitboard pieces(PieceType a, PieceType b) const { return byType_[a] | byType_[b]; }
    Bitboard pieces(Color c, PieceType t) const { return byColor_[c] & byType_[t]; }
    Bitboard pieces(Color c, PieceType a, PieceType b) const { return byColor_[c] & (byType_[a] | byType_[b]); }
    int count(Piece p) const { return pieceCount_[p]; }
    Square kingSquare(Color c) const { return lsb(pieces(c, King)); }

    int castlingRights() const { return st().castlingRights; }
    bool canCastle(int rights) const { return (st().castlingRights & rights) != 0; }
    // Set only when a pawn of the side to move attacks it (so the key of a position does not depend
    // on a capture that cannot happen); fen() writes it the same way.
    Square epSquare() const { return st().epSquare; }
    int rule50() const { return st().rule50; }
    // Half-moves since the game's start (0 before White's first move).
    int gamePly() const { return gamePly_; }
    int fullMoveNumber() const { return 1 + gamePly_ / 2; }

    Bitboard checkers() const { return st().checkers; }
    bool inCheck() const { return st().checkers != 0; }
    // Pieces of either colour standing alone between a slider and c's king: pinned pieces (c's own)
    // and discovered-check candidates (the opponent's).
    Bitboard blockersForKing(Color c) const { return st().blockersForKing[c]; }
    // Sliders of colour c pinning a piece of the opponent to the opponent's king.
    Bitboard pinners(Color c) const { return st().pinners[c]; }
    // Squares from which a piece of type t of the side to move would attack the opponent's king.
    Bitboard checkSquares(PieceType t) const { return st().checkSquares[t]; }

    Bitboard attackersTo(Square s, Bitboard occupied) const;
    Bitboard attackersTo(Square s) const { return attackersTo(s, pieces()); }

    bool givesCheck(Move m) const;
    // Whether m could be generated in this position (by Captures, Quiets or Evasions); for moves of
    // unknown origin such as hash-table moves.
    bool isPseudoLegal(Move m) const;
    // Full check for a move of any origin.
    bool isLegal(Move m) const { return isPseudoLegal(m) && isLegalAssumingPseudoLegal(m); }
    // Fast check for generated moves: does the move leave the mover's king safe?
    bool isLegalAssumingPseudoLegal(Move m) const;
    bool isCapture(Move m) const {
        return (!empty(m.to()) && m.kind() != MoveKind::Castling) || m.kind() == MoveKind::EnPassant;
    }
    Piece movedPiece(Move m) const { return board_[m.from()]; }
    // Piece taken by the last move made (NoPiece if none).
    Piece capturedPiece() const { return st().captured; }

    // m must be legal. undoMove(m) takes the same move back.
    void doMove(Move m);
    void undoMove(Move m);
    void doNullMove();
    void undoNullMove();

    std::uint64_t key() const { return st().key; }
    std::uint64_t pawnKey() const { return st().pawnKey; }
    // Depends only on how many pieces of each kind are on the board.
    std::uint64_t materialKey() const { return st().materialKey; }
    // Key of the position after m, without making it (for prefetching); ignores ep and castling.
    std::uint64_t keyAfter(Move m) const;

    // The current position occurred before: within the last `ply` half-moves once is enough,
    // further back (before the search root) it must have occurred twice.
    bool isRepetition(int ply) const;
    // 50-move rule (unless checkmated), repetition as above, or material that cannot mate.
    bool isDraw(int ply) const;
    bool hasInsufficientMaterial() const;

    // Recomputes every key from scratch (tests compare it with the incremental keys).
    std::uint64_t computeKey() const;
    std::uint64_t computePawnKey() const;
    std::uint64_t computeMaterialKey() const;

    bool operator==(const Position& other) const;

    // Drops the states of the moves that led here and the room kept for a search's (64 states, some
    // 10 KB): a position kept by the million, in a data set, costs its board and one state. Undo
    // and repetition detection start from here afterwards, as for a position read from a FEN.
    void forgetHistory();
    // The bytes of the state stack on the heap (its capacity), for the tests of the above.
    std::size_t historyBytes() const { return states_.capacity() * sizeof(StateInfo); }

private:
    Position();
    const StateInfo& st() const { return states_.back(); }
    StateInfo& st() { return states_.back(); }

    void putPiece(Piece p, Square s);
    void removePiece(Square s);
    void movePiece(Square from, Square to);
    void setCheckInfo();
    Bitboard sliderBlockers(Bitboard sliders, Square target, Bitboard& pinnersOut) const;
    void computeKeys();
    void pushState();

    Piece board_[SquareCount];
    Bitboard byType_[PieceTypeCount] = {};
    Bitboard byColor_[ColorCount] = {};
    int pieceCount_[PieceCount] = {};
    Color side_ = White;
    int gamePly_ = 0;
    std::vector<StateInfo> states_;
};

} // namespace mf
