#include "engine/eval.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <type_traits>
#include <utility>

#include "engine/attacks.h"
#include "engine/bitboard.h"
#include "engine/eval_layout.h"
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
    "King edge placement", "King shield attacks", "King safety", "Pawn shield", "Castled", "Threats"};

using Trace = std::array<std::array<Score<int>, 2>, TermCount>;

constexpr int PhaseWeight[7] = {0, 0, 1, 1, 2, 4, 0};
constexpr int MaxPhase = 24;

using namespace layout;

// The static evaluation, written once for its arithmetic W (int: the engine; LinearForm: its
// trace). Every weight is read through w(slot), in W, from the resolved weights (eval_legacy.h); a
// decision taken on a weight (the drawish-material margin) reads its int value, so a trace
// freezes it. Each sum a term's formula divides is divided once per side (or per piece or pawn),
// as eval_layout.h gives the units. The non-linear steps, each exact in value() and handled as
// linear_form.h says in the coefficients:
//   - integer divisions (/2, /4, /8, /30, /64, /96): truncated in the engine, real in the
//     coefficients; the trace's constant absorbs the truncation at the weights it was made at;
//   - king danger, units^2 x KingSafety.Danger / 64 and halved without an enemy queen: units is a
//     count of the board, so this is linear in the weight (x units^2/64, x 1/2);
//   - the taper (mg x phase + eg x (24 - phase)) / 24: phase counts pieces, a factor per position;
//   - the drawish-material scale (value / 8 when the stronger side has no pawns and is at most
//     max(Material.Bishop.Mg, Material.Knight.Mg) ahead): the sign of value and the margin are
//     read at the weights of the trace, the factor 1/8 (or 1) is then fixed;
//   - tempo: Tempo.SideToMove tapered, for the side to move, so +-1 from White's view.
template <class W>
class Evaluator {
public:
    Evaluator(const Position& pos, const W* weights, const PawnEntry& pawnEntry, Trace* trace)
        : pos_(pos), weights_(weights), pawnEntry_(pawnEntry), trace_(trace) {
        occupied_ = pos.pieces();
        for (Color c : {White, Black}) {
            pawnAttacks_[c] = pawnAttackSpan(c, pos.pieces(c, Pawn));
            allAttacks_[c] = pawnAttacks_[c] | attacks::kingAttacks(pos.kingSquare(c));
        }
        int phase = 0;
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) phase += PhaseWeight[pt] * popcount(pos_.pieces(pt));
        phase_ = std::min(phase, MaxPhase);
    }

    // White's view, tapered.
    W run() {
        Score<W> total[2];
        for (Color c : {White, Black}) total[c] = side(c);
        for (Color c : {White, Black}) total[c] += kingDanger(c);  // needs both sides' attack maps
        const W mg = total[White].mg - total[Black].mg;
        const W eg = total[White].eg - total[Black].eg;
        return scaleForDrawishMaterial(taper(mg, eg));
    }
    // The side to move's bonus, tapered on its own (so equal mg and eg give exactly that value).
    W tempo() const { return taper(w(slot(TempoPair, Mg)), w(slot(TempoPair, Eg))); }
    int phase() const { return phase_; }

private:
    const W& w(int s) const { return weights_[s]; }
    int value(int s) const { return exactValue(weights_[s]); }
    W taper(const W& mg, const W& eg) const { return (mg * phase_ + eg * (MaxPhase - phase_)) / MaxPhase; }

    void add(Term term, Color c, const Score<W>& s, Score<W>& into) {
        into += s;
        if constexpr (std::is_same_v<W, int>)
            if (trace_) (*trace_)[term][c] += s;
    }
    // n times the pair's weights.
    void addPair(Score<W>& into, int pair, int n) const {
        if (!n) return;
        into.mg += w(slot(pair, Mg)) * n;
        into.eg += w(slot(pair, Eg)) * n;
    }
    // At the weights in use (a decision, not a score: int in both arithmetics).
    int nonPawnMaterial(Color c) const {
        int sum = 0;
        for (PieceType pt : {Knight, Bishop, Rook, Queen})
            sum += value(slot(MaterialPair + pt - Pawn, Mg)) * popcount(pos_.pieces(c, pt));
        return sum;
    }

    Score<W> side(Color us) {
        const Color them = ~us;
        Score<W> s;
        const Bitboard own = pos_.pieces(us);
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const Bitboard theirPawns = pos_.pieces(them, Pawn);
        const Bitboard safe = ~own & ~pawnAttacks_[them];

        // Material, and the piece-square tables in 1/30 cp, divided once per side.
        Score<W> material, placement;
        for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King}) {
            Bitboard b = pos_.pieces(us, pt);
            if (pt != King) addPair(material, MaterialPair + pt - Pawn, popcount(b));
            while (b) {
                const int sq = static_cast<int>(popLsb(b));
                const int pair = PsqtPairTable[pt][us == White ? sq : sq ^ 56];
                placement.mg += w(slot(pair, Mg));
                placement.eg += w(slot(pair, Eg));
            }
        }
        add(Material, us, material, s);
        add(Placement, us, {placement.mg / 30, placement.eg / 30}, s);

        // Pieces: mobility, rooks on files; collect attacks for threats and the other king.
        Score<W> mobility, rookFiles;
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) {
            Bitboard b = pos_.pieces(us, pt);
            while (b) {
                const Square sq = popLsb(b);
                const Bitboard att = attacks::attacks(pt, sq, occupied_);
                allAttacks_[us] |= att;
                attackedBy_[us][pt] |= att;
                pieceAttacks_[us][attackCount_[us]++] = {pt, att};
                addPair(mobility, MobilityPair + MobilityOffset[pt] + popcount(att & safe), 1);
                if (pt == Rook) {
                    const Bitboard file = fileBb(fileOf(sq));
                    if (!(file & (ourPawns | theirPawns))) addPair(rookFiles, RookOpenPair, 1);
                    else if (!(file & ourPawns)) addPair(rookFiles, RookSemiOpenPair, 1);
                }
            }
        }
        add(Mobility, us, mobility, s);
        add(RookFiles, us, rookFiles, s);
        Score<W> bishopPair;
        addPair(bishopPair, BishopPairPair, popcount(pos_.pieces(us, Bishop)) >= 2);
        add(BishopPairTerm, us, bishopPair, s);

        pawns(us, s);

        // Threats: enemy pieces attacked, by attacker and victim type.
        attackedBy_[us][Pawn] = pawnAttacks_[us];
        Score<W> threats;
        for (int i = 0; i < ThreatCount; ++i)
            addPair(threats, ThreatPair + i, popcount(attackedBy_[us][layout::Threats[i].attacker] & pos_.pieces(them, layout::Threats[i].victim)));
        add(Threats, us, threats, s);

        king(us, s);
        return s;
    }

    // Castled, a rook shut in, the ring, the pawn shield (half cp, divided once).
    void king(Color us, Score<W>& s) {
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const int ksq = pos_.kingSquare(us);
        const int kf = ksq % 8, kr = relativeRankOf(us, ksq / 8);
        Score<W> castled, trappedRook, edge, shield;
        addPair(castled, CastledPair, kr == 0 && (kf >= 6 || kf <= 2));
        add(Castled, us, castled, s);
        int trapped = 0;
        if (kr == 0 && (kf == 5 || kf == 6 || (kf >= 1 && kf <= 3))) {
            Bitboard rooks = pos_.pieces(us, Rook) & rankBb(us == White ? 0 : 7);
            while (rooks) {
                const int rf = static_cast<int>(popLsb(rooks)) % 8;
                if ((kf >= 5 && rf > kf) || (kf <= 3 && rf < kf)) ++trapped;
            }
        }
        addPair(trappedRook, TrappedRookPair, trapped);
        add(KingRook, us, trappedRook, s);
        const int ring = std::max(std::max(3 - kf, kf - 4), std::max(3 - ksq / 8, ksq / 8 - 4));
        addPair(edge, KingEdgePair + ring, 1);
        add(KingEdge, us, edge, s);
        int near = 0, far = 0;
        const Bitboard shieldFiles = fileBb(kf) | adjacentFiles(kf);
        if (kr < 6) {
            const int one = us == White ? ksq / 8 + 1 : ksq / 8 - 1;
            near = popcount(ourPawns & shieldFiles & rankBb(one));
            if (kr < 5) far = popcount(ourPawns & shieldFiles & rankBb(us == White ? one + 1 : one - 1));
        }
        addPair(shield, ShieldNearPair, near);
        addPair(shield, ShieldFarPair, far);
        add(PawnShieldTerm, us, {shield.mg / 2, shield.eg / 2}, s);
    }

    // Doubled, isolated and the passed pawns come from the pawn entry; what depends on other pieces
    // (stopped pawns, the passed pawns' kings and stop squares) is computed here.
    void pawns(Color us, Score<W>& s) {
        const Bitboard ourPawns = pos_.pieces(us, Pawn);
        const int stopped = popcount((us == White ? ourPawns << 8 : ourPawns >> 8) & occupied_);
        Score<W> passed;
        for (Bitboard b = pawnEntry_.passed[us]; b;) {
            const int sq = static_cast<int>(popLsb(b));
            const int r = relativeRankOf(us, sq / 8);
            const int stop = us == White ? sq + 8 : sq - 8;
            addPair(passed, PassedPair + r - 1, 1);
            // Kings near the stop square, in 1/96 cp per pawn.
            Score<W> kings;
            addPair(kings, PassedTheirKingPair + r - 1, chebyshev(pos_.kingSquare(~us), stop));
            addPair(kings, PassedOwnKingPair + r - 1, chebyshev(pos_.kingSquare(us), stop));
            passed.mg += kings.mg / 96;
            passed.eg += kings.eg / 96;
            addPair(passed, PassedFreePair + r - 1, !(occupied_ & (1ULL << stop)));
        }
        Score<W> doubled, isolated, stoppedPawns;
        addPair(doubled, DoubledPair, pawnEntry_.doubled[us]);
        addPair(stoppedPawns, StoppedPair, stopped);
        addPair(isolated, IsolatedPair, pawnEntry_.isolated[us]);
        add(Doubled, us, {doubled.mg / 2, doubled.eg / 2}, s);
        add(Stopped, us, {stoppedPawns.mg / 2, stoppedPawns.eg / 2}, s);
        add(Isolated, us, isolated, s);
        add(Passed, us, passed, s);
    }

    // Terms about `us`'s king that need the other side's attacks (computed in side(them)).
    Score<W> kingDanger(Color us) {
        const Color them = ~us;
        Score<W> s;
        Score<W> space;
        addPair(space, SpacePair, popcount(allAttacks_[us]));
        add(AttackedSq, us, {space.mg / 8, space.eg / 8}, s);
        const Square ksq = pos_.kingSquare(us);
        const Bitboard ring = attacks::kingAttacks(ksq) | (1ULL << ksq);
        const int k = static_cast<int>(ksq);
        Bitboard twoAhead = 0;
        const int aheadRank = us == White ? k / 8 + 2 : k / 8 - 2;
        if (aheadRank >= 0 && aheadRank <= 7) twoAhead = rankBb(aheadRank) & (fileBb(k % 8) | adjacentFiles(k % 8));
        const Bitboard shield = attacks::kingAttacks(ksq) | twoAhead;
        int hits[7] = {};
        hits[Pawn] = popcount(pawnAttacks_[them] & shield);
        static constexpr int Units[7] = {0, 0, 2, 2, 3, 5, 0};
        int attackers = 0, units = 0;
        for (int i = 0; i < attackCount_[them]; ++i) {
            const auto& [pt, att] = pieceAttacks_[them][i];
            hits[pt] += popcount(att & shield);
            if (att & ring) {
                ++attackers;
                units += Units[pt] + popcount(att & ring);
            }
        }
        // For the attacker, in 1/4 cp: taken from the side attacked.
        Score<W> attacks;
        for (int pt = Pawn; pt <= Queen; ++pt) addPair(attacks, KingAttackPair + pt - Pawn, hits[pt]);
        add(ShieldAttacks, us, {-(attacks.mg / 4), -(attacks.eg / 4)}, s);
        Score<W> danger;
        if (attackers >= 2) {
            units = std::min(units, 40);
            addPair(danger, DangerPair, units * units);
            danger = {danger.mg / 64, danger.eg / 64};
            if (!pos_.pieces(them, Queen)) danger = {danger.mg / 2, danger.eg / 2};
        }
        add(KingSafetyTerm, us, danger, s);
        return s;
    }

    // A side without pawns that is at most a minor piece ahead rarely wins: shrink the score.
    // The sign and the margin are decisions, read in int.
    W scaleForDrawishMaterial(W v) const {
        const Color strong = exactValue(v) > 0 ? White : Black;
        if (pos_.pieces(strong, Pawn)) return v;
        const int margin = nonPawnMaterial(strong) - nonPawnMaterial(~strong);
        if (margin <= std::max(value(slot(MaterialPair + Bishop - Pawn, Mg)), value(slot(MaterialPair + Knight - Pawn, Mg))))
            return v / 8;
        return v;
    }

    struct PieceAttack {
        PieceType type;
        Bitboard attacks;
    };

    const Position& pos_;
    const W* weights_;
    const PawnEntry& pawnEntry_;
    Trace* trace_;
    Bitboard occupied_ = 0;
    Bitboard pawnAttacks_[2] = {};
    Bitboard allAttacks_[2] = {};
    Bitboard attackedBy_[2][7] = {};
    PieceAttack pieceAttacks_[2][16] = {};
    int attackCount_[2] = {};
    int phase_ = 0;
};

// The side to move's view, with the tempo bonus.
template <class W>
W sideToMoveView(const Position& pos, W whiteView, const Evaluator<W>& e) {
    return (pos.sideToMove() == White ? std::move(whiteView) : -whiteView) + e.tempo();
}

}  // namespace

void computePawnEntry(const Position& pos, PawnEntry& e) {
    for (Color us : {White, Black}) {
        const Bitboard ourPawns = pos.pieces(us, Pawn);
        const Bitboard theirPawns = pos.pieces(~us, Pawn);
        e.pawns[us] = ourPawns;
        int doubled = 0, isolated = 0;
        Bitboard passed = 0;
        for (int f = 0; f < 8; ++f) doubled += std::max(0, popcount(ourPawns & fileBb(f)) - 1);
        for (Bitboard b = ourPawns; b;) {
            const int sq = static_cast<int>(popLsb(b));
            const int f = sq % 8;
            if (!(ourPawns & adjacentFiles(f))) ++isolated;
            if (!(theirPawns & forwardRanks(us, sq / 8) & (fileBb(f) | adjacentFiles(f)))) passed |= 1ULL << sq;
        }
        e.passed[us] = passed;
        e.doubled[us] = static_cast<std::uint8_t>(doubled);
        e.isolated[us] = static_cast<std::uint8_t>(isolated);
    }
}

int evaluate(const Position& pos, const EvalWeights& weights, PawnCache* pawnCache) {
    PawnEntry local;
    const PawnEntry* entry = &local;
    if (pawnCache) entry = &pawnCache->probe(pos);
    else computePawnEntry(pos, local);
    Evaluator<int> e(pos, weights.data(), *entry, nullptr);
    return sideToMoveView(pos, e.run(), e);
}

int evaluate(const Position& pos, const EvalParams& params, PawnCache* pawnCache) {
    return evaluate(pos, resolveWeights(params), pawnCache);
}

LinearForm evaluateLinear(const Position& pos, const std::vector<LinearForm>& weightForms) {
    PawnEntry pawnEntry;
    computePawnEntry(pos, pawnEntry);
    Evaluator<LinearForm> e(pos, weightForms.data(), pawnEntry, nullptr);
    return sideToMoveView(pos, e.run(), e);
}

LinearForm evaluateLinear(const Position& pos, const EvalParams& params) {
    return evaluateLinear(pos, resolveWeightForms(params));
}

std::string evaluationReport(const Position& pos, const EvalParams& params) {
    Trace trace{};
    PawnEntry pawnEntry;
    computePawnEntry(pos, pawnEntry);
    const EvalWeights weights = resolveWeights(params);
    Evaluator<int> e(pos, weights.data(), pawnEntry, &trace);
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
                  e.tempo());
    out += line;
    std::snprintf(line, sizeof line, "Phase: %d/%d (24 = full middlegame)\n", e.phase(), MaxPhase);
    out += line;
    std::snprintf(line, sizeof line, "Final evaluation: %d cp (White's view, tapered, drawish material scaled), %d cp (side to move, with tempo)\n",
                  white, sideToMoveView(pos, white, e));
    out += line;
    return out;
}

}  // namespace mf
