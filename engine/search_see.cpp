#include "engine/search_see.h"

#include "engine/attacks.h"
#include "engine/bitboard.h"

namespace mf {

bool seeAtLeast(const Position& pos, Move move, int threshold) {
    if (move.kind() == MoveKind::Castling) return threshold <= 0;
    if (move.kind() == MoveKind::Promotion) return threshold <= SeeValue[move.promotion()] - SeeValue[Pawn] +
                                                    SeeValue[typeOf(pos.pieceOn(move.to()))];
    const Square from = move.from(), to = move.to();
    const PieceType captured = move.kind() == MoveKind::EnPassant ? Pawn : typeOf(pos.pieceOn(to));

    // `balance` is what the side making the move is up after the current exchange, minus threshold.
    int balance = SeeValue[captured] - threshold;
    if (balance < 0) return false;  // even a free capture does not reach the threshold
    balance = SeeValue[typeOf(pos.pieceOn(from))] - balance;
    if (balance <= 0) return true;  // losing the moved piece for nothing still reaches it

    Bitboard occupied = pos.pieces() ^ squareBb(from) ^ squareBb(to);
    if (move.kind() == MoveKind::EnPassant) occupied ^= squareBb(makeSquare(fileOf(to), rankOf(from)));
    Color side = pos.sideToMove();
    Bitboard attackers = pos.attackersTo(to, occupied);
    const Bitboard diagonal = pos.pieces(Bishop) | pos.pieces(Queen);
    const Bitboard straight = pos.pieces(Rook) | pos.pieces(Queen);
    bool moverWins = true;

    for (;;) {
        side = ~side;
        attackers &= occupied;
        Bitboard ours = attackers & pos.pieces(side);
        // A piece pinned to its king cannot recapture while its pinner is still on the board.
        if (pos.pinners(~side) & occupied) ours &= ~pos.blockersForKing(side);
        if (!ours) break;
        moverWins = !moverWins;

        PieceType next = Pawn;
        while (next < King && !(ours & pos.pieces(next))) next = static_cast<PieceType>(next + 1);
        if (next == King) {
            // The king may take only if the square is no longer defended.
            return (attackers & ~pos.pieces(side)) ? !moverWins : moverWins;
        }
        balance = SeeValue[next] - balance;
        if (balance < static_cast<int>(moverWins)) break;
        occupied ^= squareBb(lsb(ours & pos.pieces(next)));
        // Removing the piece may uncover a slider behind it.
        if (next == Pawn || next == Bishop || next == Queen) attackers |= attacks::bishopAttacks(to, occupied) & diagonal;
        if (next == Rook || next == Queen) attackers |= attacks::rookAttacks(to, occupied) & straight;
    }
    return moverWins;
}

}  // namespace mf
