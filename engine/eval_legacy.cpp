#include "engine/eval_legacy.h"

#include <cstdlib>

namespace mf {

namespace {

using namespace layout;

// Passed-pawn weight by relative rank (ranks 2..7), as the legacy PassedPawn formula had it.
constexpr int PassedRankFactor[8] = {0, 1, 2, 4, 8, 14, 22, 0};
// Safe squares a piece was expected to reach: the legacy mobility counted moves beyond these.
constexpr int MobilityBase[7] = {0, 0, 4, 6, 7, 13, 0};

// The legacy weight `t` in the arithmetic W: its value (int) or itself as a weight (LinearForm).
int legacyWeight(const LegacyWeights& p, LegacyTerm t, int*) { return legacyField(p, t); }
LinearForm legacyWeight(const LegacyWeights& p, LegacyTerm t, LinearForm*) { return LinearForm::weight(t, legacyField(p, t)); }

// Writes every slot as the legacy formulas set it, in W (int: values; LinearForm: with the
// derivatives by the legacy weights, which the trace needs). The divisions are the ones the
// legacy evaluation made per piece, per pawn or per term: a term whose formula divided a sum
// once per side is in a finer unit instead, and the evaluation divides that sum (eval_layout.h).
template <class W>
void translate(const LegacyWeights& p, std::array<W, SlotCount>& out) {
    const auto L = [&p](LegacyTerm t) { return legacyWeight(p, t, static_cast<W*>(nullptr)); };
    const auto set = [&out](int pair, W mg, W eg) {
        out[slot(pair, Mg)] = std::move(mg);
        out[slot(pair, Eg)] = std::move(eg);
    };
    // Material: the pawn is 100 in the middlegame, PawnEndgame is added in the endgame.
    set(MaterialPair, W(PawnValue), PawnValue + L(LegacyPawnEndgame));
    const LegacyTerm values[4] = {LegacyKnightValue, LegacyBishopValue, LegacyRookValue, LegacyQueenValue};
    const LegacyTerm extras[4] = {LegacyKnightEndgame, LegacyBishopEndgame, LegacyRookEndgame, LegacyQueenEndgame};
    for (int i = 0; i < 4; ++i) set(MaterialPair + 1 + i, L(values[i]), L(values[i]) + L(extras[i]));
    // Piece-square tables: table x PiecePlacement, in 1/30 cp (the legacy formula divided each
    // side's sum by 30).
    const W placement = L(LegacyPiecePlacement);
    for (int pt = Pawn; pt <= King; ++pt)
        for (int sq = pt == Pawn ? 8 : 0; sq < (pt == Pawn ? 56 : 64); ++sq)
            if (sq % 8 < 4)
                set(psqtPair(PieceType(pt), sq), legacyTableMg(PieceType(pt), sq) * placement,
                    legacyTableEg(PieceType(pt), sq) * placement);
    // Mobility: (count - base) x slope / 10 per piece (the rook's twice in the endgame).
    const LegacyTerm slopes[7] = {LegacyCount, LegacyCount, LegacyKnightMobility, LegacyBishopMobility,
                                  LegacyRookMobility, LegacyQueenMobility, LegacyCount};
    for (int pt = Knight; pt <= Queen; ++pt) {
        const W slope = L(slopes[pt]);
        for (int count = 0; count <= MobilityMax[pt]; ++count) {
            const int moves = count - MobilityBase[pt];
            set(MobilityPair + MobilityOffset[pt] + count, moves * slope / 10, moves * slope * (pt == Rook ? 2 : 1) / 10);
        }
    }
    // Passed pawns: PassedPawn x rank factor / 16 (middlegame), / 8 (endgame), / 16 more with a
    // free stop square; the kings' distances to the stop square, 5 x theirs - 2 x ours, x factor
    // x PassedPawn / 96 per pawn: in 1/96 cp.
    const W passed = L(LegacyPassedPawn);
    for (int r = 1; r <= PassedRanks; ++r) {
        const int f = PassedRankFactor[r];
        set(PassedPair + r - 1, passed * f / 16, passed * f / 8);
        set(PassedFreePair + r - 1, W(0), passed * f / 16);
        set(PassedTheirKingPair + r - 1, W(0), passed * (5 * f));
        set(PassedOwnKingPair + r - 1, W(0), passed * (-2 * f));
    }
    // Pawns: doubled (half cp: the middlegame halved), isolated (cp), stopped (half cp).
    set(DoubledPair, -L(LegacyDoubledPawns), -L(LegacyDoubledPawns) * 2);
    set(IsolatedPair, -L(LegacyIsolatedPawn), -L(LegacyIsolatedPawn));
    set(StoppedPair, -L(LegacyStoppedPawns), -L(LegacyStoppedPawns));
    // Pieces: the bishop pair; rooks on open and half-open files, half in the endgame per rook.
    set(BishopPairPair, L(LegacyBishopPair), L(LegacyBishopPair));
    set(RookOpenPair, L(LegacyRookOpenFile), L(LegacyRookOpenFile) / 2);
    set(RookSemiOpenPair, L(LegacyRookSemiOpenFile), L(LegacyRookSemiOpenFile) / 2);
    // King: castled, shut-in rook, the shield (half cp: two for a pawn one rank ahead, one for
    // two ranks), the endgame ring -weight x ring / 3.
    set(CastledPair, L(LegacyCastledBonus), W(0));
    set(TrappedRookPair, -L(LegacyKingRookPlacement), W(0));
    set(ShieldNearPair, L(LegacyPawnShield) * 2, W(0));
    set(ShieldFarPair, L(LegacyPawnShield), W(0));
    for (int ring = 0; ring < Rings; ++ring) set(KingEdgePair + ring, W(0), -L(LegacyKingEdgePlacement) * ring / 3);
    // King attacks: one weight for every attacker of the shield zone, 1/4 cp.
    for (int pt = Pawn; pt <= Queen; ++pt) set(KingAttackPair + pt - Pawn, L(LegacyKingShieldAttacks), W(0));
    set(DangerPair, -L(LegacyKingSafety), W(0));
    // Threats: the legacy weight counted every piece a pawn attacks; pieces attacking pieces are new.
    for (int i = 0; i < ThreatCount; ++i) {
        const W v = Threats[i].attacker == Pawn ? L(LegacyThreatByPawn) : W(0);
        set(ThreatPair + i, v, v);
    }
    set(SpacePair, L(LegacyAttackedSquares), L(LegacyAttackedSquares));
    set(TempoPair, L(LegacyTempo), L(LegacyTempo));
}

const std::array<int, SlotCount>& legacyAtDefaults() {
    static const std::array<int, SlotCount> values = [] {
        return legacyTermValues(LegacyWeights{});
    }();
    return values;
}

}  // namespace

int legacyTableMg(PieceType pt, int sq) {
    const int f = sq % 8, r = sq / 8;
    const int centre = (std::abs(2 * f - 7) + std::abs(2 * r - 7)) / 2;  // 1 (centre) .. 7 (corner)
    const bool centralFile = f == 3 || f == 4;
    static constexpr int BackRank[8] = {10, 16, 6, -4, -4, 6, 16, 10};
    switch (pt) {
        case Pawn:
            return r == 0 || r == 7 ? 0
                                    : 3 * (r - 1) + (centralFile ? (r == 3 || r == 4 ? 14 : 2) : 0) -
                                          (centralFile && r == 1 ? 6 : 0);
        case Knight: return 18 - 6 * centre + (r == 0 ? -6 : 0);
        case Bishop: return 8 - 2 * centre + (f == r || f + r == 7 ? 6 : 0) + (r == 0 ? -6 : 0);
        case Rook: return (r == 6 ? 16 : 0) + (centralFile ? 6 : 0) + (f == 2 || f == 5 ? 3 : 0);
        case Queen: return 4 - centre + (r == 0 ? 2 : 0);
        case King: return r == 0 ? BackRank[f] : r == 1 ? -12 : -30 - 12 * (r - 2);
        default: return 0;
    }
}

int legacyTableEg(PieceType pt, int sq) {
    const int f = sq % 8, r = sq / 8;
    const int centre = (std::abs(2 * f - 7) + std::abs(2 * r - 7)) / 2;
    switch (pt) {
        case Pawn: return r == 0 || r == 7 ? 0 : 5 * (r - 1);
        case Knight: return 12 - 4 * centre;
        case Bishop: return 6 - 2 * centre;
        case Rook: return r == 6 ? 12 : 0;
        case Queen: return 10 - 3 * centre;
        default: return 0;  // the king: KingEdgePlacement carried its centralisation
    }
}

std::array<int, SlotCount> legacyTermValues(const LegacyWeights& params) {
    std::array<int, SlotCount> out{};
    translate(params, out);
    return out;
}

EvalWeights resolveWeights(const EvalParams& params) {
    const std::array<int, SlotCount> legacy = legacyTermValues(params);
    const std::array<int, SlotCount>& base = legacyAtDefaults();
    EvalWeights w{};
    for (int s = 0; s < SlotCount; ++s) w[s] = params.terms[s] + (legacy[s] - base[s]);
    return w;
}

std::vector<LinearForm> resolveWeightForms(const EvalParams& params) {
    std::array<LinearForm, SlotCount> legacy;
    translate(params, legacy);
    const std::array<int, SlotCount>& base = legacyAtDefaults();
    std::vector<LinearForm> forms;
    forms.reserve(SlotCount);
    for (int s = 0; s < SlotCount; ++s) {
        // The legacy weights' indices come before every term's, so the entries stay in order.
        LinearForm f = std::move(legacy[s]);
        f -= LinearForm(base[s]);
        f += LinearForm::weight(static_cast<std::uint16_t>(LegacyTermCount + s), params.terms[s]);
        forms.push_back(std::move(f));
    }
    return forms;
}

}  // namespace mf
