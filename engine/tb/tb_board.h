// A position of at most four pieces as a list of squares, with bitboard moves and un-moves, used to
// build the tables. Entries 0 and 1 are the white and the black king; the others follow the
// table's slot order as long as no piece is captured or promoted.
#pragma once

#include "engine/attacks.h"
#include "engine/bitboard.h"
#include "engine/tb/table_index.h"
#include "engine/tb/table_spec.h"

#include <array>

namespace mf::tb {

struct TbBoard {
    std::array<Square, MaxTablePieces> sq{};
    std::array<Piece, MaxTablePieces> pc{};
    int count = 0;
    Color stm = White;

    static TbBoard fromPlacement(const TableSpec& spec, const Placement& p, Color stm);
    Placement placement() const; // valid while the layout is the table's own

    Bitboard occupied() const {
        Bitboard b = 0;
        for (int i = 0; i < count; ++i) b |= squareBb(sq[i]);
        return b;
    }
    Square king(Color c) const { return sq[c == White ? 0 : 1]; }
    MaterialKey material() const {
        MaterialKey k = 0;
        for (int i = 2; i < count; ++i) k += materialBit(pc[i]);
        return k;
    }
    // Is s attacked by the pieces of colour `by` with this occupancy?
    bool attacked(Square s, Color by, Bitboard occ) const {
        for (int i = 0; i < count; ++i) {
            if (colorOf(pc[i]) != by) continue;
            const PieceType t = typeOf(pc[i]);
            const Bitboard a = t == Pawn ? pawnAttacks(by, sq[i]) : pieceAttacks(t, sq[i], occ);
            if (a & squareBb(s)) return true;
        }
        return false;
    }
    bool inCheck() const { return attacked(king(stm), ~stm, occupied()); }
    // The side that just moved is not in check.
    bool legal() const { return !attacked(king(~stm), stm, occupied()); }

    void remove(int i) {
        for (int j = i; j + 1 < count; ++j) {
            sq[j] = sq[j + 1];
            pc[j] = pc[j + 1];
        }
        --count;
    }
};

// What kind of move produced a successor.
struct MoveKindInfo {
    bool leavesTable = false;  // capture or promotion: the successor has other material
    Square doublePush = NoSquare; // destination of a two-square pawn push (en passant may follow)
};

// Calls f(const TbBoard& next, MoveKindInfo) for every legal move of b.stm (next.stm is flipped)
// until f returns false; returns false when it was stopped that way.
template<class F>
bool forEachMove(const TbBoard& b, F&& f) {
    const Color us = b.stm, them = ~us;
    const Bitboard occ = b.occupied();
    Bitboard own = 0;
    for (int i = 0; i < b.count; ++i)
        if (colorOf(b.pc[i]) == us) own |= squareBb(b.sq[i]);
    const Bitboard enemy = occ & ~own;
    for (int i = 0; i < b.count; ++i) {
        if (colorOf(b.pc[i]) != us) continue;
        const PieceType t = typeOf(b.pc[i]);
        const Square from = b.sq[i];
        bool go = true;
        auto emit = [&](Square to, PieceType promotion, Square doublePush) {
            if (!go) return;
            TbBoard next = b;
            next.stm = them;
            next.sq[i] = to;
            MoveKindInfo info;
            info.doublePush = doublePush;
            if (promotion != NoPieceType) {
                next.pc[i] = makePiece(us, promotion);
                info.leavesTable = true;
            }
            if (enemy & squareBb(to)) {
                for (int j = 0; j < next.count; ++j)
                    if (j != i && next.sq[j] == to) {
                        next.remove(j);
                        break;
                    }
                info.leavesTable = true;
            }
            if (next.legal()) go = f(static_cast<const TbBoard&>(next), info);
        };
        if (t == Pawn) {
            const int dir = us == White ? 8 : -8;
            const Square one = Square(int(from) + dir);
            const bool promotes = relativeRank(us, one) == 7;
            auto emitPawn = [&](Square to) {
                if (promotes)
                    for (PieceType p : {Queen, Rook, Bishop, Knight}) emit(to, p, NoSquare);
                else
                    emit(to, NoPieceType, NoSquare);
            };
            if (!(occ & squareBb(one))) {
                emitPawn(one);
                const Square two = Square(int(one) + dir);
                if (relativeRank(us, from) == 1 && !(occ & squareBb(two))) emit(two, NoPieceType, two);
            }
            Bitboard caps = pawnAttacks(us, from) & enemy;
            while (caps) emitPawn(popLsb(caps));
        } else {
            Bitboard targets = pieceAttacks(t, from, occ) & ~own;
            while (targets && go) emit(popLsb(targets), NoPieceType, NoSquare);
        }
        if (!go) return false;
    }
    return true;
}

// Calls f(const TbBoard& previous, Square doublePush) for every legal position from which the side
// that just moved (~b.stm) reached b by a move that kept the material (no capture, no promotion).
// doublePush is the pawn's square in b when the move was a two-square push, else NoSquare.
template<class F>
void forEachUnmove(const TbBoard& b, F&& f) {
    const Color mover = ~b.stm;
    const Bitboard occ = b.occupied();
    for (int i = 0; i < b.count; ++i) {
        if (colorOf(b.pc[i]) != mover) continue;
        const PieceType t = typeOf(b.pc[i]);
        const Square to = b.sq[i];
        auto emit = [&](Square from, Square doublePush) {
            TbBoard prev = b;
            prev.stm = mover;
            prev.sq[i] = from;
            if (prev.legal()) f(static_cast<const TbBoard&>(prev), doublePush);
        };
        if (t == Pawn) {
            const int dir = mover == White ? -8 : 8; // backwards
            const int rel = relativeRank(mover, to);
            if (rel >= 2) {
                const Square one = Square(int(to) + dir);
                if (!(occ & squareBb(one))) {
                    emit(one, NoSquare);
                    const Square two = Square(int(one) + dir);
                    if (rel == 3 && !(occ & squareBb(two))) emit(two, to);
                }
            }
        } else {
            Bitboard sources = pieceAttacks(t, to, occ) & ~occ;
            while (sources) emit(popLsb(sources), NoSquare);
        }
    }
}

// The en passant captures open to b.stm right after the opponent's pawn arrived on `pushed` by a
// two-square push: calls f(const TbBoard& next) for each legal one (material changes).
template<class F>
void forEachEnPassant(const TbBoard& b, Square pushed, F&& f) {
    const Color us = b.stm;
    const Square target = Square(int(pushed) + (us == White ? 8 : -8));
    int victim = -1;
    for (int j = 0; j < b.count; ++j)
        if (b.sq[j] == pushed) victim = j;
    for (int i = 0; i < b.count; ++i) {
        if (b.pc[i] != makePiece(us, Pawn)) continue;
        if (!(pawnAttacks(us, b.sq[i]) & squareBb(target))) continue;
        TbBoard next = b;
        next.stm = ~us;
        next.sq[i] = target;
        next.remove(victim);
        if (next.legal()) f(static_cast<const TbBoard&>(next));
    }
}

} // namespace mf::tb
