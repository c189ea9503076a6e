#include "engine/eval.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>

#include "engine/attacks.h"
#include "engine/bitboard.h"
#include "engine/linear_form.h"

namespace mf {

namespace {

// --- Board geometry the evaluation needs beyond bitboard.h ------------------------------------------
constexpr int relativeRankOf(Color c, int rank) { return c == White ? rank : 7 - rank; }

constexpr Bitboard pawnAttackSpan(Color c, Bitboard pawns) {
    return c == White ? ((pawns & ~FileABb) << 7) | ((pawns & ~FileHBb) << 9)
                      : ((pawns & ~FileABb) >> 9) | ((pawns & ~FileHBb) >> 7);
}
constexpr Bitboard adjacentFiles(int file) {
    return (file > 0 ? fileBb(file - 1) : 0) | (file < 7 ? fileBb(file + 1) : 0);
}
// Squares strictly ahead of `rank` from c's point of view.
constexpr Bitboard forwardRanks(Color c, int rank) {
    return c == White ? (rank == 7 ? 0 : ~0ULL << (8 * (rank + 1))) : (rank == 0 ? 0 : ~0ULL >> (8 * (8 - rank)));
}
int chebyshev(int a, int b) { return std::max(std::abs(a % 8 - b % 8), std::abs(a / 8 - b / 8)); }

// --- Piece-square tables, built from formulas at start-up (White's view, a1 = 0) ------------------
// Values are centipawns at PiecePlacement = 30. The king's endgame table is empty on purpose:
// KingEdgePlacement carries king centralisation.
struct Tables {
    std::array<std::array<int, 64>, 7> mg{};
    std::array<std::array<int, 64>, 7> eg{};
};

Tables buildTables() {
    Tables t;
    for (int sq = 0; sq < 64; ++sq) {
        const int f = sq % 8, r = sq / 8;
        const int centre = (std::abs(2 * f - 7) + std::abs(2 * r - 7)) / 2;  // 1 (centre) .. 7 (corner)
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

// A middlegame and an endgame value, in the evaluation's arithmetic W: int for the engine,
// LinearForm for a trace (linear_form.h).
template <class W>
struct Score {
    W mg = 0;
    W eg = 0;
    Score& operator+=(const Score& o) { mg += o.mg; eg += o.eg; return *this; }
};

enum Term {
    Material, Placement, AttackedSq, Mobility, Doubled, Stopped, Isolated, Passed, BishopPairTerm,
    RookFiles, KingRook, KingEdge, ShieldAttacks, KingSafetyTerm, PawnShieldTerm, Castled, Threats,
    TermCount
};
constexpr const char* TermNames[TermCount] = {
    "Material", "Piece placement", "Attacked squares", "Mobility", "Doubled pawns", "Stopped pawns",
    "Isolated pawns", "Passed pawns", "Bishop pair", "Rooks on files", "King-rook placement",
    "King edge placement", "King shield attacks", "King safety", "Pawn shield", "Castled", "Threats by pawns"};

using Trace = std::array<std::array<Score<int>, 2>, TermCount>;

// Passed-pawn weight by relative rank (ranks 2..7).
constexpr int PassedRankFactor[8] = {0, 1, 2, 4, 8, 14, 22, 0};

constexpr int PhaseWeight[7] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MaxPhase = 24;

// How the evaluation reads a weight that enters its score, in its arithmetic W.
int weightOf(const EvalParams& p, int EvalParams::*field, int*) { return p.*field; }
// A field's place among EvalParams' ints (EvalParams holds ints only).
std::size_t slotOf(int EvalParams::*field) {
    static const EvalParams probe{};
    return static_cast<std::size_t>(reinterpret_cast<const char*>(&(probe.*field)) - reinterpret_cast<const char*>(&probe)) /
           sizeof(int);
}
LinearForm weightOf(const EvalParams& p, int EvalParams::*field, LinearForm*) {
    static_assert(sizeof(EvalParams) % sizeof(int) == 0);
    // The term index of each slot, found once (evalTerms() lists every field).
    static const auto termOfSlot = [] {
        std::array<std::uint16_t, sizeof(EvalParams) / sizeof(int)> terms{};
        const auto all = evalTerms();
        for (std::size_t i = 0; i < all.size(); ++i) terms[slotOf(all[i].field)] = static_cast<std::uint16_t>(i);
        return terms;
    }();
    return LinearForm::weight(termOfSlot[slotOf(field)], p.*field);
}

// The static evaluation, written once for its arithmetic W (int: the engine; LinearForm: its
// trace). Weights that add to the score are read through w(), in W; a decision taken on a weight
// (the drawish-material margin) reads p_ directly, in int, so a trace freezes it.
// The non-linear steps, each exact in value() and handled as linear_form.h says in the coefficients:
//   - integer divisions (/2, /3, /4, /8, /10, /16, /30, /64, /96): truncated in the engine, real in
//     the coefficients; the trace's constant absorbs the truncation at the weights it was made at;
//   - king danger, units^2 x KingSafety / 64 and halved without an enemy queen: units is a count
//     of the board, so this is linear in the weight (x units^2/64, x 1/2), only the division rounds;
//   - the taper (mg x phase + eg x (24 - phase)) / 24: phase counts pieces, a factor per position;
//   - the drawish-material scale (value / 8 when the stronger side has no pawns and is at most
//     max(BishopValue, KnightValue) ahead): the sign of value and the margin are read at the
//     weights of the trace, the factor 1/8 (or 1) is then fixed;
//   - tempo: +Tempo for the side to move, so +-1 from White's view.
template <class W>
class Evaluator {
public:
    Evaluator(const Position& pos, const EvalParams& p, const PawnEntry& pawnEntry, Trace* trace)
        : pos_(pos), p_(p), pawnEntry_(pawnEntry), trace_(trace) {
        occupied_ = pos.pieces();
        for (Color c : {White, Black}) {
            pawnAttacks_[c] = pawnAttackSpan(c, pos.pieces(c, Pawn));
            allAttacks_[c] = pawnAttacks_[c] | attacks::kingAttacks(pos.kingSquare(c));
        }
    }

    // White's view, tapered; also fills phase_.
    W run() {
        Score<W> total[2];
        for (Color c : {White, Black}) total[c] = side(c);
        for (Color c : {White, Black}) total[c] += kingDanger(c);  // needs both sides' attack maps
        const W mg = total[White].mg - total[Black].mg;
        const W eg = total[White].eg - total[Black].eg;
        int phase = 0;
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) phase += PhaseWeight[pt] * popcount(pos_.pieces(pt));
        phase_ = std::min(phase, MaxPhase);
        W value = (mg * phase_ + eg * (MaxPhase - phase_)) / MaxPhase;
        return scaleForDrawishMaterial(std::move(value));
    }
    int phase() const { return phase_; }

private:
    W w(int EvalParams::*field) const { return weightOf(p_, field, static_cast<W*>(nullptr)); }

    void add(Term term, Color c, const Score<W>& s, Score<W>& into) {
        into += s;
        if constexpr (std::is_same_v<W, int>)
            if (trace_) (*trace_)[term][c] += s;
    }

    W pieceValue(PieceType pt) const {
        switch (pt) {
            case Pawn: return PawnValue;
            case Knight: return w(&EvalParams::knightValue);
            case Bishop: return w(&EvalParams::bishopValue);
            case Rook: return w(&EvalParams::rookValue);
            case Queen: return w(&EvalParams::queenValue);
            default: return 0;
        }
    }
    W endgameExtra(PieceType pt) const {
        switch (pt) {
            case Knight: return w(&EvalParams::knightEndgame);
            case Bishop: return w(&EvalParams::bishopEndgame);
            case Rook: return w(&EvalParams::rookEndgame);
            case Queen: return w(&EvalParams::queenEndgame);
            default: return 0;
        }
    }
    // At the weights in use (a decision, not a score: int in both arithmetics).
    int nonPawnMaterial(Color c) const {
        return p_.knightValue * popcount(pos_.pieces(c, Knight)) + p_.bishopValue * popcount(pos_.pieces(c, Bishop)) +
               p_.rookValue * popcount(pos_.pieces(c, Rook)) + p_.queenValue * popcount(pos_.pieces(c, Queen));
    }

    Score<W> side(Color us) {
        const Color them = ~us;
        Score<W> s;
        const Tables& t = tables();
        const Bitboard own = pos_.pieces(us);
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const Bitboard theirPawns = pos_.pieces(them, Pawn);
        const Bitboard safe = ~own & ~pawnAttacks_[them];

        // Material and placement.
        Score<W> material;
        Score<int> placement{pawnEntry_.placementMg[us], pawnEntry_.placementEg[us]};
        material.mg += PawnValue * popcount(ourPawns);
        for (PieceType pt : {Knight, Bishop, Rook, Queen, King}) {
            Bitboard b = pos_.pieces(us, pt);
            material.mg += pieceValue(pt) * popcount(b);
            while (b) {
                const int sq = static_cast<int>(popLsb(b));
                const int idx = us == White ? sq : sq ^ 56;
                placement.mg += t.mg[pt][idx];
                placement.eg += t.eg[pt][idx];
            }
        }
        material.eg = material.mg + w(&EvalParams::pawnEndgame) * popcount(ourPawns);
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) material.eg += endgameExtra(pt) * popcount(pos_.pieces(us, pt));
        add(Material, us, material, s);
        const W piecePlacement = w(&EvalParams::piecePlacement);
        add(Placement, us, {placement.mg * piecePlacement / 30, placement.eg * piecePlacement / 30}, s);

        // Pieces: mobility, rooks on files; collect attacks for the king terms of the other side.
        static constexpr int MobilityBase[7] = {0, 0, 4, 6, 7, 13, 0};
        const W mobilityWeight[7] = {0, 0, w(&EvalParams::knightMobility), w(&EvalParams::bishopMobility),
                                     w(&EvalParams::rookMobility), w(&EvalParams::queenMobility), 0};
        Score<W> mobility, rookFiles;
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            Bitboard b = pos_.pieces(us, pt);
            while (b) {
                const Square sq = popLsb(b);
                const Bitboard att = attacks::attacks(pt, sq, occupied_);
                allAttacks_[us] |= att;
                pieceAttacks_[us][attackCount_[us]++] = {pt, att};
                const int moves = popcount(att & safe) - MobilityBase[pt];
                mobility.mg += moves * mobilityWeight[pt] / 10;
                mobility.eg += moves * mobilityWeight[pt] * (pt == Rook ? 2 : 1) / 10;
                if (pt == Rook) {
                    const Bitboard file = fileBb(fileOf(sq));
                    if (!(file & (ourPawns | theirPawns))) {
                        const W open = w(&EvalParams::rookOpenFile);
                        rookFiles += {open, open / 2};
                    } else if (!(file & ourPawns)) {
                        const W semiOpen = w(&EvalParams::rookSemiOpenFile);
                        rookFiles += {semiOpen, semiOpen / 2};
                    }
                }
            }
        }
        add(Mobility, us, mobility, s);
        add(RookFiles, us, rookFiles, s);
        if (popcount(pos_.pieces(us, Bishop)) >= 2) {
            const W pair = w(&EvalParams::bishopPair);
            add(BishopPairTerm, us, {pair, pair}, s);
        }

        pawns(us, s);

        // Threats: enemy pieces (not pawns, not the king) attacked by our pawns.
        const int threatened = popcount(pawnAttacks_[us] & (pos_.pieces(them) & ~theirPawns & ~pos_.pieces(them, King)));
        const W threats = threatened * w(&EvalParams::threatByPawn);
        add(Threats, us, {threats, threats}, s);

        // King placement.
        const int ksq = pos_.kingSquare(us);
        const int kf = ksq % 8, kr = relativeRankOf(us, ksq / 8);
        if (kr == 0 && (kf >= 6 || kf <= 2)) add(Castled, us, {w(&EvalParams::castledBonus), 0}, s);
        int trapped = 0;
        if (kr == 0 && (kf == 5 || kf == 6 || (kf >= 1 && kf <= 3))) {
            Bitboard rooks = pos_.pieces(us, Rook) & rankBb(us == White ? 0 : 7);
            while (rooks) {
                const int rf = static_cast<int>(popLsb(rooks)) % 8;
                if ((kf >= 5 && rf > kf) || (kf <= 3 && rf < kf)) ++trapped;
            }
        }
        add(KingRook, us, {-trapped * w(&EvalParams::kingRookPlacement), 0}, s);
        const int ring = std::max(std::max(3 - kf, kf - 4), std::max(3 - ksq / 8, ksq / 8 - 4));
        add(KingEdge, us, {0, -w(&EvalParams::kingEdgePlacement) * ring / 3}, s);
        int shieldPawns = 0;
        const Bitboard shieldFiles = fileBb(kf) | adjacentFiles(kf);
        if (kr < 6) {
            const int one = us == White ? ksq / 8 + 1 : ksq / 8 - 1;
            shieldPawns += 2 * popcount(ourPawns & shieldFiles & rankBb(one));
            if (kr < 5) shieldPawns += popcount(ourPawns & shieldFiles & rankBb(us == White ? one + 1 : one - 1));
        }
        add(PawnShieldTerm, us, {shieldPawns * w(&EvalParams::pawnShield) / 2, 0}, s);
        return s;
    }

    // Doubled, isolated and the passed pawns come from the pawn entry; what depends on other pieces
    // (stopped pawns, the passed pawns' kings and stop squares) is computed here.
    void pawns(Color us, Score<W>& s) {
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const int doubled = pawnEntry_.doubled[us];
        const int isolated = pawnEntry_.isolated[us];
        const int stopped = popcount((us == White ? ourPawns << 8 : ourPawns >> 8) & occupied_);
        Score<W> passed;
        Bitboard b = pawnEntry_.passed[us];
        const W passedPawn = b ? w(&EvalParams::passedPawn) : W(0);
        while (b) {
            const int sq = static_cast<int>(popLsb(b));
            const int r = relativeRankOf(us, sq / 8);
            const int stop = us == White ? sq + 8 : sq - 8;
            const int factor = PassedRankFactor[r];
            W eg = passedPawn * factor / 8;
            // Kings near the stop square matter in the endgame: ours helps, theirs hinders.
            const int kingTerm = 5 * chebyshev(pos_.kingSquare(~us), stop) - 2 * chebyshev(pos_.kingSquare(us), stop);
            eg += kingTerm * factor * passedPawn / 96;
            if (!(occupied_ & (1ULL << stop))) eg += passedPawn * factor / 16;
            passed += {passedPawn * factor / 16, eg};
        }
        const W doubledPawns = w(&EvalParams::doubledPawns);
        const W stoppedPawns = w(&EvalParams::stoppedPawns);
        const W isolatedPawn = w(&EvalParams::isolatedPawn);
        add(Doubled, us, {-doubled * doubledPawns / 2, -doubled * doubledPawns}, s);
        add(Stopped, us, {-stopped * stoppedPawns / 2, -stopped * stoppedPawns / 2}, s);
        add(Isolated, us, {-isolated * isolatedPawn, -isolated * isolatedPawn}, s);
        add(Passed, us, passed, s);
    }

    // Terms about `us`'s king that need the other side's attacks (computed in side(them)).
    Score<W> kingDanger(Color us) {
        const Color them = ~us;
        Score<W> s;
        const W attacked = popcount(allAttacks_[us]) * w(&EvalParams::attackedSquares) / 8;
        add(AttackedSq, us, {attacked, attacked}, s);
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
        add(ShieldAttacks, us, {-shieldHits * w(&EvalParams::kingShieldAttacks) / 4, 0}, s);
        W danger = 0;
        if (attackers >= 2) {
            units = std::min(units, 40);
            danger = units * units * w(&EvalParams::kingSafety) / 64;
            if (!pos_.pieces(them, Queen)) danger /= 2;
        }
        add(KingSafetyTerm, us, {-danger, 0}, s);
        return s;
    }

    // A side without pawns that is at most a minor piece ahead rarely wins: shrink the score.
    // The sign and the margin are decisions, read in int (exactValue, p_).
    W scaleForDrawishMaterial(W value) const {
        const Color strong = exactValue(value) > 0 ? White : Black;
        if (pos_.pieces(strong, Pawn)) return value;
        const int margin = nonPawnMaterial(strong) - nonPawnMaterial(~strong);
        if (margin <= std::max(p_.bishopValue, p_.knightValue)) return value / 8;
        return value;
    }

    struct PieceAttack {
        PieceType type;
        Bitboard attacks;
    };

    const Position& pos_;
    const EvalParams& p_;
    const PawnEntry& pawnEntry_;
    Trace* trace_;
    Bitboard occupied_ = 0;
    Bitboard pawnAttacks_[2] = {};
    Bitboard allAttacks_[2] = {};
    PieceAttack pieceAttacks_[2][16] = {};
    int attackCount_[2] = {};
    int phase_ = 0;
};

// The side to move's view, with the tempo bonus.
template <class W>
W sideToMoveView(const Position& pos, W whiteView, const EvalParams& params) {
    return (pos.sideToMove() == White ? std::move(whiteView) : -whiteView) +
           weightOf(params, &EvalParams::tempo, static_cast<W*>(nullptr));
}

}  // namespace

void computePawnEntry(const Position& pos, PawnEntry& e) {
    const Tables& t = tables();
    for (Color us : {White, Black}) {
        const Bitboard ourPawns = pos.pieces(us, Pawn);
        const Bitboard theirPawns = pos.pieces(~us, Pawn);
        e.pawns[us] = ourPawns;
        int doubled = 0, isolated = 0, mg = 0, eg = 0;
        Bitboard passed = 0;
        for (int f = 0; f < 8; ++f) doubled += std::max(0, popcount(ourPawns & fileBb(f)) - 1);
        for (Bitboard b = ourPawns; b;) {
            const int sq = static_cast<int>(popLsb(b));
            const int f = sq % 8;
            const int idx = us == White ? sq : sq ^ 56;
            mg += t.mg[Pawn][idx];
            eg += t.eg[Pawn][idx];
            if (!(ourPawns & adjacentFiles(f))) ++isolated;
            if (!(theirPawns & forwardRanks(us, sq / 8) & (fileBb(f) | adjacentFiles(f)))) passed |= 1ULL << sq;
        }
        e.passed[us] = passed;
        e.placementMg[us] = static_cast<std::int16_t>(mg);
        e.placementEg[us] = static_cast<std::int16_t>(eg);
        e.doubled[us] = static_cast<std::uint8_t>(doubled);
        e.isolated[us] = static_cast<std::uint8_t>(isolated);
    }
}

int evaluate(const Position& pos, const EvalParams& params, PawnCache* pawnCache) {
    PawnEntry local;
    const PawnEntry* entry = &local;
    if (pawnCache) entry = &pawnCache->probe(pos);
    else computePawnEntry(pos, local);
    Evaluator<int> e(pos, params, *entry, nullptr);
    return sideToMoveView(pos, e.run(), params);
}

LinearForm evaluateLinear(const Position& pos, const EvalParams& params) {
    PawnEntry pawnEntry;
    computePawnEntry(pos, pawnEntry);
    Evaluator<LinearForm> e(pos, params, pawnEntry, nullptr);
    return sideToMoveView(pos, e.run(), params);
}

std::string evaluationReport(const Position& pos, const EvalParams& params) {
    Trace trace{};
    PawnEntry pawnEntry;
    computePawnEntry(pos, pawnEntry);
    Evaluator<int> e(pos, params, pawnEntry, &trace);
    const int white = e.run();
    std::string out;
    char line[160];
    std::snprintf(line, sizeof line, "%-20s | %13s | %13s | %13s\n", "Term", "White mg  eg", "Black mg  eg", "Total mg  eg");
    out += line;
    out += std::string(20, '-') + "-+---------------+---------------+--------------\n";
    for (int t = 0; t < TermCount; ++t) {
        const Score<int> w = trace[t][White], b = trace[t][Black];
        std::snprintf(line, sizeof line, "%-20s | %6d %6d | %6d %6d | %6d %6d\n", TermNames[t], w.mg, w.eg, b.mg, b.eg,
                      w.mg - b.mg, w.eg - b.eg);
        out += line;
    }
    std::snprintf(line, sizeof line, "%-20s | %s to move: %d\n", "Tempo", pos.sideToMove() == White ? "White" : "Black",
                  params.tempo);
    out += line;
    std::snprintf(line, sizeof line, "Phase: %d/%d (24 = full middlegame)\n", e.phase(), MaxPhase);
    out += line;
    std::snprintf(line, sizeof line, "Final evaluation: %d cp (White's view, tapered, drawish material scaled), %d cp (side to move, with tempo)\n",
                  white, sideToMoveView(pos, white, params));
    out += line;
    return out;
}

}  // namespace mf
