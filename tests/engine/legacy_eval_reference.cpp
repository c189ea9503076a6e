#include "legacy_eval_reference.h"

#include <algorithm>
#include <array>
#include <cstdlib>

#include "engine/attacks.h"
#include "engine/bitboard.h"

namespace mf::test {

namespace {

constexpr int relativeRankOf(Color c, int rank) { return c == White ? rank : 7 - rank; }
constexpr Bitboard pawnAttackSpan(Color c, Bitboard pawns) {
    return c == White ? ((pawns & ~FileABb) << 7) | ((pawns & ~FileHBb) << 9)
                      : ((pawns & ~FileABb) >> 9) | ((pawns & ~FileHBb) >> 7);
}
constexpr Bitboard adjacentFiles(int file) {
    return (file > 0 ? fileBb(file - 1) : 0) | (file < 7 ? fileBb(file + 1) : 0);
}
constexpr Bitboard forwardRanks(Color c, int rank) {
    return c == White ? (rank == 7 ? 0 : ~0ULL << (8 * (rank + 1))) : (rank == 0 ? 0 : ~0ULL >> (8 * (8 - rank)));
}
int chebyshev(int a, int b) { return std::max(std::abs(a % 8 - b % 8), std::abs(a / 8 - b / 8)); }

// The piece-square tables at PiecePlacement 30 (White's view, a1 = 0).
struct Tables {
    std::array<std::array<int, 64>, 7> mg{};
    std::array<std::array<int, 64>, 7> eg{};
};
Tables buildTables() {
    Tables t;
    for (int sq = 0; sq < 64; ++sq) {
        const int f = sq % 8, r = sq / 8;
        const int centre = (std::abs(2 * f - 7) + std::abs(2 * r - 7)) / 2;
        const bool centralFile = f == 3 || f == 4;
        t.mg[Pawn][sq] = r == 0 || r == 7 ? 0 : 3 * (r - 1) + (centralFile ? (r == 3 || r == 4 ? 14 : 2) : 0) - (centralFile && r == 1 ? 6 : 0);
        t.eg[Pawn][sq] = r == 0 || r == 7 ? 0 : 5 * (r - 1);
        t.mg[Knight][sq] = 18 - 6 * centre + (r == 0 ? -6 : 0);
        t.eg[Knight][sq] = 12 - 4 * centre;
        t.mg[Bishop][sq] = 8 - 2 * centre + (f == r || f + r == 7 ? 6 : 0) + (r == 0 ? -6 : 0);
        t.eg[Bishop][sq] = 6 - 2 * centre;
        t.mg[Rook][sq] = (r == 6 ? 16 : 0) + (centralFile ? 6 : 0) + (f == 2 || f == 5 ? 3 : 0);
        t.eg[Rook][sq] = r == 6 ? 12 : 0;
        t.mg[Queen][sq] = 4 - centre + (r == 0 ? 2 : 0);
        t.eg[Queen][sq] = 10 - 3 * centre;
        static constexpr int BackRank[8] = {10, 16, 6, -4, -4, 6, 16, 10};
        t.mg[King][sq] = r == 0 ? BackRank[f] : r == 1 ? -12 : -30 - 12 * (r - 2);
        t.eg[King][sq] = 0;
    }
    return t;
}
const Tables& tables() {
    static const Tables t = buildTables();
    return t;
}

constexpr int PassedRankFactor[8] = {0, 1, 2, 4, 8, 14, 22, 0};
constexpr int PhaseWeight[7] = {0, 0, 1, 1, 2, 4, 0};

struct Score {
    int mg = 0;
    int eg = 0;
    void add(int m, int e) { mg += m; eg += e; }
};

class Reference {
public:
    Reference(const Position& pos, const LegacyWeights& p) : pos_(pos), p_(p) {
        occupied_ = pos.pieces();
        for (Color c : {White, Black}) {
            pawnAttacks_[c] = pawnAttackSpan(c, pos.pieces(c, Pawn));
            allAttacks_[c] = pawnAttacks_[c] | attacks::kingAttacks(pos.kingSquare(c));
        }
    }

    int run() {
        Score total[2];
        for (Color c : {White, Black}) total[c] = side(c);
        for (Color c : {White, Black}) kingDanger(c, total[c]);
        const int mg = total[White].mg - total[Black].mg;
        const int eg = total[White].eg - total[Black].eg;
        int phase = 0;
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) phase += PhaseWeight[pt] * popcount(pos_.pieces(pt));
        phase = std::min(phase, 24);
        int value = (mg * phase + eg * (24 - phase)) / 24;
        const Color strong = value > 0 ? White : Black;
        if (!pos_.pieces(strong, Pawn)) {
            const int margin = nonPawnMaterial(strong) - nonPawnMaterial(~strong);
            if (margin <= std::max(p_.bishopValue, p_.knightValue)) value /= 8;
        }
        return (pos_.sideToMove() == White ? value : -value) + p_.tempo;
    }

private:
    int nonPawnMaterial(Color c) const {
        return p_.knightValue * popcount(pos_.pieces(c, Knight)) + p_.bishopValue * popcount(pos_.pieces(c, Bishop)) +
               p_.rookValue * popcount(pos_.pieces(c, Rook)) + p_.queenValue * popcount(pos_.pieces(c, Queen));
    }

    Score side(Color us) {
        const Color them = ~us;
        Score s;
        const Tables& t = tables();
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const Bitboard theirPawns = pos_.pieces(them, Pawn);
        const Bitboard safe = ~pos_.pieces(us) & ~pawnAttacks_[them];
        const int values[7] = {0, 100, p_.knightValue, p_.bishopValue, p_.rookValue, p_.queenValue, 0};
        const int extras[7] = {0, p_.pawnEndgame, p_.knightEndgame, p_.bishopEndgame, p_.rookEndgame, p_.queenEndgame, 0};
        Score placement;
        for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King}) {
            Bitboard b = pos_.pieces(us, pt);
            s.add(values[pt] * popcount(b), (values[pt] + extras[pt]) * popcount(b));
            while (b) {
                const int sq = static_cast<int>(popLsb(b));
                const int idx = us == White ? sq : sq ^ 56;
                placement.add(t.mg[pt][idx], t.eg[pt][idx]);
            }
        }
        s.add(placement.mg * p_.piecePlacement / 30, placement.eg * p_.piecePlacement / 30);

        static constexpr int MobilityBase[7] = {0, 0, 4, 6, 7, 13, 0};
        const int slope[7] = {0, 0, p_.knightMobility, p_.bishopMobility, p_.rookMobility, p_.queenMobility, 0};
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            Bitboard b = pos_.pieces(us, pt);
            while (b) {
                const Square sq = popLsb(b);
                const Bitboard att = attacks::attacks(pt, sq, occupied_);
                allAttacks_[us] |= att;
                pieceAttacks_[us][attackCount_[us]++] = {pt, att};
                const int moves = popcount(att & safe) - MobilityBase[pt];
                s.add(moves * slope[pt] / 10, moves * slope[pt] * (pt == Rook ? 2 : 1) / 10);
                if (pt == Rook) {
                    const Bitboard file = fileBb(fileOf(sq));
                    if (!(file & (ourPawns | theirPawns))) s.add(p_.rookOpenFile, p_.rookOpenFile / 2);
                    else if (!(file & ourPawns)) s.add(p_.rookSemiOpenFile, p_.rookSemiOpenFile / 2);
                }
            }
        }
        if (popcount(pos_.pieces(us, Bishop)) >= 2) s.add(p_.bishopPair, p_.bishopPair);
        pawns(us, s);
        const int threatened = popcount(pawnAttacks_[us] & (pos_.pieces(them) & ~theirPawns & ~pos_.pieces(them, King)));
        s.add(threatened * p_.threatByPawn, threatened * p_.threatByPawn);

        const int ksq = pos_.kingSquare(us);
        const int kf = ksq % 8, kr = relativeRankOf(us, ksq / 8);
        if (kr == 0 && (kf >= 6 || kf <= 2)) s.add(p_.castledBonus, 0);
        int trapped = 0;
        if (kr == 0 && (kf == 5 || kf == 6 || (kf >= 1 && kf <= 3))) {
            Bitboard rooks = pos_.pieces(us, Rook) & rankBb(us == White ? 0 : 7);
            while (rooks) {
                const int rf = static_cast<int>(popLsb(rooks)) % 8;
                if ((kf >= 5 && rf > kf) || (kf <= 3 && rf < kf)) ++trapped;
            }
        }
        s.add(-trapped * p_.kingRookPlacement, 0);
        const int ring = std::max(std::max(3 - kf, kf - 4), std::max(3 - ksq / 8, ksq / 8 - 4));
        s.add(0, -p_.kingEdgePlacement * ring / 3);
        int shieldPawns = 0;
        const Bitboard shieldFiles = fileBb(kf) | adjacentFiles(kf);
        if (kr < 6) {
            const int one = us == White ? ksq / 8 + 1 : ksq / 8 - 1;
            shieldPawns += 2 * popcount(ourPawns & shieldFiles & rankBb(one));
            if (kr < 5) shieldPawns += popcount(ourPawns & shieldFiles & rankBb(us == White ? one + 1 : one - 1));
        }
        s.add(shieldPawns * p_.pawnShield / 2, 0);
        return s;
    }

    void pawns(Color us, Score& s) {
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const Bitboard theirPawns = pos_.pieces(~us, Pawn);
        int doubled = 0, isolated = 0;
        for (int f = 0; f < 8; ++f) doubled += std::max(0, popcount(ourPawns & fileBb(f)) - 1);
        for (Bitboard b = ourPawns; b;) {
            const int sq = static_cast<int>(popLsb(b));
            const int f = sq % 8;
            if (!(ourPawns & adjacentFiles(f))) ++isolated;
            if (theirPawns & forwardRanks(us, sq / 8) & (fileBb(f) | adjacentFiles(f))) continue;  // not passed
            const int r = relativeRankOf(us, sq / 8);
            const int stop = us == White ? sq + 8 : sq - 8;
            const int factor = PassedRankFactor[r];
            int eg = p_.passedPawn * factor / 8;
            const int kingTerm = 5 * chebyshev(pos_.kingSquare(~us), stop) - 2 * chebyshev(pos_.kingSquare(us), stop);
            eg += kingTerm * factor * p_.passedPawn / 96;
            if (!(occupied_ & (1ULL << stop))) eg += p_.passedPawn * factor / 16;
            s.add(p_.passedPawn * factor / 16, eg);
        }
        const int stopped = popcount((us == White ? ourPawns << 8 : ourPawns >> 8) & occupied_);
        s.add(-doubled * p_.doubledPawns / 2, -doubled * p_.doubledPawns);
        s.add(-stopped * p_.stoppedPawns / 2, -stopped * p_.stoppedPawns / 2);
        s.add(-isolated * p_.isolatedPawn, -isolated * p_.isolatedPawn);
    }

    void kingDanger(Color us, Score& s) {
        const Color them = ~us;
        const int attacked = popcount(allAttacks_[us]) * p_.attackedSquares / 8;
        s.add(attacked, attacked);
        const Square ksq = pos_.kingSquare(us);
        const Bitboard ring = attacks::kingAttacks(ksq) | (1ULL << ksq);
        const int k = static_cast<int>(ksq);
        Bitboard twoAhead = 0;
        const int aheadRank = us == White ? k / 8 + 2 : k / 8 - 2;
        if (aheadRank >= 0 && aheadRank <= 7) twoAhead = rankBb(aheadRank) & (fileBb(k % 8) | adjacentFiles(k % 8));
        const Bitboard shield = attacks::kingAttacks(ksq) | twoAhead;
        int shieldHits = popcount(pawnAttacks_[them] & shield);
        static constexpr int Units[7] = {0, 0, 2, 2, 3, 5, 0};
        int attackers = 0, units = 0;
        for (int i = 0; i < attackCount_[them]; ++i) {
            const auto& [pt, att] = pieceAttacks_[them][i];
            shieldHits += popcount(att & shield);
            if (att & ring) {
                ++attackers;
                units += Units[pt] + popcount(att & ring);
            }
        }
        s.add(-shieldHits * p_.kingShieldAttacks / 4, 0);
        if (attackers >= 2) {
            units = std::min(units, 40);
            int danger = units * units * p_.kingSafety / 64;
            if (!pos_.pieces(them, Queen)) danger /= 2;
            s.add(-danger, 0);
        }
    }

    struct PieceAttack {
        PieceType type;
        Bitboard attacks;
    };
    const Position& pos_;
    const LegacyWeights& p_;
    Bitboard occupied_ = 0;
    Bitboard pawnAttacks_[2] = {};
    Bitboard allAttacks_[2] = {};
    PieceAttack pieceAttacks_[2][16] = {};
    int attackCount_[2] = {};
};

}  // namespace

int legacyEvaluate(const Position& pos, const LegacyWeights& weights) { return Reference(pos, weights).run(); }

}  // namespace mf::test
