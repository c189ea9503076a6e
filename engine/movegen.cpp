#include "engine/movegen.h"

namespace mf {

namespace {

template<MoveKind Kind>
inline Move* addPromotions(Move* out, Square from, Square to) {
    *out++ = Move::make(from, to, Kind, Queen);
    *out++ = Move::make(from, to, Kind, Knight);
    *out++ = Move::make(from, to, Kind, Rook);
    *out++ = Move::make(from, to, Kind, Bishop);
    return out;
}

// Pawn moves towards `target` (see generateAll for what target means per kind).
template<Color Us, GenType Type>
Move* pawnMoves(const Position& pos, Move* out, Bitboard target) {
    constexpr Color Them = ~Us;
    constexpr Bitboard Rank7 = Us == White ? Rank7Bb : Rank2Bb;
    constexpr Bitboard Rank3 = Us == White ? Rank3Bb : Rank6Bb;
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpRight = Us == White ? NorthEast : SouthWest;
    constexpr Direction UpLeft = Us == White ? NorthWest : SouthEast;

    const Bitboard emptySquares = ~pos.pieces();
    const Bitboard enemies = Type == GenType::Evasions ? pos.checkers() : pos.pieces(Them);
    const Bitboard pawnsOn7 = pos.pieces(Us, Pawn) & Rank7;
    const Bitboard pawnsNotOn7 = pos.pieces(Us, Pawn) & ~Rank7;

    if constexpr (Type != GenType::Captures) {
        Bitboard single = shift<Up>(pawnsNotOn7) & emptySquares;
        Bitboard dbl = shift<Up>(single & Rank3) & emptySquares;
        if constexpr (Type == GenType::Evasions) {
            single &= target;
            dbl &= target;
        }
        while (single) {
            const Square to = popLsb(single);
            *out++ = Move(to - Up, to);
        }
        while (dbl) {
            const Square to = popLsb(dbl);
            *out++ = Move(to - Up - Up, to);
        }
    }

    if constexpr (Type != GenType::Quiets) {
        if (pawnsOn7) {
            Bitboard pushes = shift<Up>(pawnsOn7) & emptySquares;
            if constexpr (Type == GenType::Evasions) pushes &= target;
            Bitboard right = shift<UpRight>(pawnsOn7) & enemies;
            Bitboard left = shift<UpLeft>(pawnsOn7) & enemies;
            while (right) {
                const Square to = popLsb(right);
                out = addPromotions<MoveKind::Promotion>(out, to - UpRight, to);
            }
            while (left) {
                const Square to = popLsb(left);
                out = addPromotions<MoveKind::Promotion>(out, to - UpLeft, to);
            }
            while (pushes) {
                const Square to = popLsb(pushes);
                out = addPromotions<MoveKind::Promotion>(out, to - Up, to);
            }
        }

        Bitboard right = shift<UpRight>(pawnsNotOn7) & enemies;
        Bitboard left = shift<UpLeft>(pawnsNotOn7) & enemies;
        while (right) {
            const Square to = popLsb(right);
            *out++ = Move(to - UpRight, to);
        }
        while (left) {
            const Square to = popLsb(left);
            *out++ = Move(to - UpLeft, to);
        }

        const Square ep = pos.epSquare();
        if (ep != NoSquare) {
            // When evading, en passant helps only if it takes the checking pawn or blocks the check;
            // discovered checks through the vacated squares are left to the legality test.
            if (Type == GenType::Evasions && !(target & (squareBb(ep) | squareBb(ep - Up)))) return out;
            Bitboard takers = pawnsNotOn7 & pawnAttacks(Them, ep);
            while (takers) *out++ = Move::make(popLsb(takers), ep, MoveKind::EnPassant);
        }
    }
    return out;
}

template<Color Us, PieceType Pt>
inline Move* pieceMoves(const Position& pos, Move* out, Bitboard target) {
    Bitboard from = pos.pieces(Us, Pt);
    while (from) {
        const Square s = popLsb(from);
        Bitboard b = pieceAttacks(Pt, s, pos.pieces()) & target;
        while (b) *out++ = Move(s, popLsb(b));
    }
    return out;
}

template<Color Us>
Move* castlingMoves(const Position& pos, Move* out) {
    constexpr Color Them = ~Us;
    constexpr int OO = Us == White ? WhiteOO : BlackOO;
    constexpr int OOO = Us == White ? WhiteOOO : BlackOOO;
    constexpr Square KingFrom = relativeSquare(Us, E1);
    auto attacked = [&pos](Square s) { return (pos.attackersTo(s) & pos.pieces(Them)) != 0; };
    if (pos.canCastle(OO) && !(pos.pieces() & (squareBb(relativeSquare(Us, F1)) | squareBb(relativeSquare(Us, G1))))
        && !attacked(relativeSquare(Us, F1)) && !attacked(relativeSquare(Us, G1)))
        *out++ = Move::make(KingFrom, relativeSquare(Us, G1), MoveKind::Castling);
    if (pos.canCastle(OOO)
        && !(pos.pieces() & (squareBb(relativeSquare(Us, D1)) | squareBb(relativeSquare(Us, C1)) | squareBb(relativeSquare(Us, B1))))
        && !attacked(relativeSquare(Us, D1)) && !attacked(relativeSquare(Us, C1)))
        *out++ = Move::make(KingFrom, relativeSquare(Us, C1), MoveKind::Castling);
    return out;
}

template<Color Us, GenType Type>
Move* generateAll(const Position& pos, Move* out) {
    const Square ksq = pos.kingSquare(Us);
    const Bitboard checkers = pos.checkers();

    // In double check only the king moves.
    if (Type != GenType::Evasions || !moreThanOne(checkers)) {
        // Target squares: for evasions, blocking or capturing the checker; otherwise by kind.
        const Bitboard target = Type == GenType::Evasions      ? between(ksq, lsb(checkers)) | checkers
                                : Type == GenType::NonEvasions ? ~pos.pieces(Us)
                                : Type == GenType::Captures    ? pos.pieces(~Us)
                                                               : ~pos.pieces();
        out = pawnMoves<Us, Type>(pos, out, target);
        out = pieceMoves<Us, Knight>(pos, out, target);
        out = pieceMoves<Us, Bishop>(pos, out, target);
        out = pieceMoves<Us, Rook>(pos, out, target);
        out = pieceMoves<Us, Queen>(pos, out, target);
    }

    const Bitboard kingTarget = Type == GenType::Evasions      ? ~pos.pieces(Us)
                                : Type == GenType::NonEvasions ? ~pos.pieces(Us)
                                : Type == GenType::Captures    ? pos.pieces(~Us)
                                                               : ~pos.pieces();
    Bitboard b = kingAttacks(ksq) & kingTarget;
    while (b) *out++ = Move(ksq, popLsb(b));

    if constexpr (Type == GenType::Quiets || Type == GenType::NonEvasions)
        if (pos.castlingRights() && !checkers) out = castlingMoves<Us>(pos, out);
    return out;
}

// Number of legal moves without writing them: pinned pieces are confined to their pin line and the
// king's targets are tested one by one, so no move needs a separate legality test (en passant,
// rare, goes through the full test). Perft's bulk counting at depth 1 runs on this.
template<Color Us>
int countLegal(const Position& pos) {
    constexpr Color Them = ~Us;
    constexpr Direction Up = Us == White ? North : South;
    constexpr Direction UpRight = Us == White ? NorthEast : SouthWest;
    constexpr Direction UpLeft = Us == White ? NorthWest : SouthEast;
    constexpr Bitboard Rank3 = Us == White ? Rank3Bb : Rank6Bb;
    constexpr Bitboard Rank8 = Us == White ? Rank8Bb : Rank1Bb;

    const Square ksq = pos.kingSquare(Us);
    const Bitboard occupied = pos.pieces();
    const Bitboard checkers = pos.checkers();
    const Bitboard enemies = pos.pieces(Them);

    int n = 0;
    Bitboard kingTargets = kingAttacks(ksq) & ~pos.pieces(Us);
    const Bitboard withoutKing = occupied ^ ksq;
    while (kingTargets)
        if (!(pos.attackersTo(popLsb(kingTargets), withoutKing) & enemies)) ++n;
    if (moreThanOne(checkers)) return n;

    const Bitboard target = checkers ? between(ksq, lsb(checkers)) | checkers : ~pos.pieces(Us);
    const Bitboard pinned = pos.blockersForKing(Us) & pos.pieces(Us);

    // Pinned knights never move.
    Bitboard knights = pos.pieces(Us, Knight) & ~pinned;
    while (knights) n += popcount(knightAttacks(popLsb(knights)) & target);
    Bitboard diagonal = pos.pieces(Us, Bishop, Queen);
    while (diagonal) {
        const Square s = popLsb(diagonal);
        Bitboard b = bishopAttacks(s, occupied) & target;
        if (pinned & s) b &= line(ksq, s);
        n += popcount(b);
    }
    Bitboard straight = pos.pieces(Us, Rook, Queen);
    while (straight) {
        const Square s = popLsb(straight);
        Bitboard b = rookAttacks(s, occupied) & target;
        if (pinned & s) b &= line(ksq, s);
        n += popcount(b);
    }

    // Pawns: the unpinned ones in bulk, a promotion counting four moves.
    const Bitboard emptySquares = ~occupied;
    const Bitboard free = pos.pieces(Us, Pawn) & ~pinned;
    const Bitboard single = shift<Up>(free) & emptySquares;
    const Bitboard dbl = shift<Up>(single & Rank3) & emptySquares & target;
    const Bitboard pawnTargets[3] = {single & target, shift<UpRight>(free) & enemies & target,
                                     shift<UpLeft>(free) & enemies & target};
    for (const Bitboard b : pawnTargets) n += popcount(b & ~Rank8) + 4 * popcount(b & Rank8);
    n += popcount(dbl);
    Bitboard pinnedPawns = pos.pieces(Us, Pawn) & pinned;
    while (pinnedPawns) {
        const Square s = popLsb(pinnedPawns);
        const Bitboard pinLine = line(ksq, s) & target;
        Bitboard b = pawnAttacks(Us, s) & enemies;
        const Bitboard one = shift<Up>(squareBb(s)) & emptySquares;
        b |= one | (shift<Up>(one & Rank3) & emptySquares);
        b &= pinLine;
        n += popcount(b & ~Rank8) + 4 * popcount(b & Rank8);
    }

    const Square ep = pos.epSquare();
    if (ep != NoSquare && (!checkers || (target & (squareBb(ep) | squareBb(ep - Up))))) {
        Bitboard takers = pos.pieces(Us, Pawn) & pawnAttacks(Them, ep);
        while (takers)
            if (pos.isLegalAssumingPseudoLegal(Move::make(popLsb(takers), ep, MoveKind::EnPassant))) ++n;
    }

    if (!checkers && pos.castlingRights()) {
        Move castles[2];
        n += int(castlingMoves<Us>(pos, castles) - castles);
    }
    return n;
}

template<GenType Type>
Move* generateFor(const Position& pos, Move* out) {
    return pos.sideToMove() == White ? generateAll<White, Type>(pos, out) : generateAll<Black, Type>(pos, out);
}

} // namespace

template<>
Move* generate<GenType::Captures>(const Position& pos, Move* out) { return generateFor<GenType::Captures>(pos, out); }
template<>
Move* generate<GenType::Quiets>(const Position& pos, Move* out) { return generateFor<GenType::Quiets>(pos, out); }
template<>
Move* generate<GenType::Evasions>(const Position& pos, Move* out) { return generateFor<GenType::Evasions>(pos, out); }
template<>
Move* generate<GenType::NonEvasions>(const Position& pos, Move* out) {
    return generateFor<GenType::NonEvasions>(pos, out);
}

template<>
Move* generate<GenType::Legal>(const Position& pos, Move* out) {
    const Color us = pos.sideToMove();
    const Bitboard pinned = pos.blockersForKing(us) & pos.pieces(us);
    const Square ksq = pos.kingSquare(us);
    Move* cur = out;
    Move* last = pos.inCheck() ? generate<GenType::Evasions>(pos, out) : generate<GenType::NonEvasions>(pos, out);
    // Only king moves, moves of pinned pieces and en passant can expose the king.
    while (cur != last) {
        const Move m = *cur;
        if (((pinned & squareBb(m.from())) || m.from() == ksq || m.kind() == MoveKind::EnPassant)
            && !pos.isLegalAssumingPseudoLegal(m))
            *cur = *--last;
        else
            ++cur;
    }
    return last;
}

int countLegalMoves(const Position& pos) {
    return pos.sideToMove() == White ? countLegal<White>(pos) : countLegal<Black>(pos);
}

} // namespace mf
