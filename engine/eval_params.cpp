#include "engine/eval_params.h"

#include <string>
#include <vector>

#include "engine/eval_legacy.h"
#include "engine/term_key.h"

namespace mf {

namespace {

constexpr LegacyWeights Defaults{};

// A legacy row: the field it sets.
struct LegacyRow {
    std::string_view name;
    int LegacyWeights::*field;
    int defaultValue;
    int min;
    int max;
    std::string_view meaning;
};

// Ranges are wide enough for any genetic-algorithm window: 0..2047 covers 11 Gray-coded bits for the
// piece values (the original used 9), 0..1023 the other terms.
constexpr LegacyRow Legacy[] = {
    {"KnightValue", &LegacyWeights::knightValue, Defaults.knightValue, 0, 2047, "centipawns per knight"},
    {"BishopValue", &LegacyWeights::bishopValue, Defaults.bishopValue, 0, 2047, "centipawns per bishop"},
    {"RookValue", &LegacyWeights::rookValue, Defaults.rookValue, 0, 2047, "centipawns per rook"},
    {"QueenValue", &LegacyWeights::queenValue, Defaults.queenValue, 0, 2047, "centipawns per queen"},
    {"AttackedSquares", &LegacyWeights::attackedSquares, Defaults.attackedSquares, 0, 1023,
     "eighths of a centipawn per square attacked by the side (union of all its attacks)"},
    {"PiecePlacement", &LegacyWeights::piecePlacement, Defaults.piecePlacement, 0, 1023,
     "scale of the piece-square tables: table value x weight / 30, tapered by phase"},
    {"DoubledPawns", &LegacyWeights::doubledPawns, Defaults.doubledPawns, 0, 1023,
     "centipawns per pawn standing behind another of its colour on its file (half in the middlegame)"},
    {"StoppedPawns", &LegacyWeights::stoppedPawns, Defaults.stoppedPawns, 0, 1023,
     "penalty per pawn whose square ahead is occupied: weight / 2 centipawns"},
    {"KingRookPlacement", &LegacyWeights::kingRookPlacement, Defaults.kingRookPlacement, 0, 1023,
     "middlegame centipawns per rook shut in a back-rank corner by its own uncastled-looking king"},
    {"KingEdgePlacement", &LegacyWeights::kingEdgePlacement, Defaults.kingEdgePlacement, 0, 1023,
     "endgame penalty for a king away from the centre: weight x ring (0 centre..3 edge) / 3"},
    {"KingShieldAttacks", &LegacyWeights::kingShieldAttacks, Defaults.kingShieldAttacks, 0, 1023,
     "middlegame quarter-centipawns per enemy attack on the king's shield zone"},
    {"CastledBonus", &LegacyWeights::castledBonus, Defaults.castledBonus, 0, 1023,
     "middlegame centipawns for a king on a castled square (g/h or a/b/c file of its back rank)"},
    {"KnightMobility", &LegacyWeights::knightMobility, Defaults.knightMobility, 0, 1023,
     "tenths of a centipawn per safe knight move beyond 4"},
    {"BishopMobility", &LegacyWeights::bishopMobility, Defaults.bishopMobility, 0, 1023,
     "tenths of a centipawn per safe bishop move beyond 6"},
    {"RookMobility", &LegacyWeights::rookMobility, Defaults.rookMobility, 0, 1023,
     "tenths of a centipawn per safe rook move beyond 7 (double in the endgame)"},
    {"QueenMobility", &LegacyWeights::queenMobility, Defaults.queenMobility, 0, 1023,
     "tenths of a centipawn per safe queen move beyond 13"},
    {"PassedPawn", &LegacyWeights::passedPawn, Defaults.passedPawn, 0, 1023,
     "passed pawn bonus: weight x rank factor (1,2,4,8,14,22 for ranks 2..7) / 8 in the endgame, half in the middlegame"},
    {"IsolatedPawn", &LegacyWeights::isolatedPawn, Defaults.isolatedPawn, 0, 1023,
     "centipawns per pawn with no pawn of its colour on the neighbouring files"},
    {"BishopPair", &LegacyWeights::bishopPair, Defaults.bishopPair, 0, 1023, "centipawns for two or more bishops"},
    {"RookOpenFile", &LegacyWeights::rookOpenFile, Defaults.rookOpenFile, 0, 1023,
     "centipawns per rook on a file without pawns"},
    {"RookSemiOpenFile", &LegacyWeights::rookSemiOpenFile, Defaults.rookSemiOpenFile, 0, 1023,
     "centipawns per rook on a file with enemy pawns only"},
    {"KingSafety", &LegacyWeights::kingSafety, Defaults.kingSafety, 0, 1023,
     "middlegame penalty weight x units^2 / 64, units from enemy pieces attacking the king ring (two attackers at least)"},
    {"PawnShield", &LegacyWeights::pawnShield, Defaults.pawnShield, 0, 1023,
     "middlegame centipawns per own pawn one rank ahead of the king on its or a neighbouring file, half two ranks ahead"},
    {"ThreatByPawn", &LegacyWeights::threatByPawn, Defaults.threatByPawn, 0, 1023,
     "centipawns per enemy piece (not pawn) attacked by a pawn"},
    {"Tempo", &LegacyWeights::tempo, Defaults.tempo, 0, 1023, "centipawns for the side to move"},
    // Endgame material (signed: a piece may be worth less in the endgame than in the middlegame).
    {"PawnEndgame", &LegacyWeights::pawnEndgame, Defaults.pawnEndgame, -100, 1023,
     "centipawns added to a pawn's 100 in the endgame (tapered by phase; 0: material untapered)"},
    {"KnightEndgame", &LegacyWeights::knightEndgame, Defaults.knightEndgame, -1023, 1023,
     "centipawns added to KnightValue in the endgame (tapered by phase; negative: worth less)"},
    {"BishopEndgame", &LegacyWeights::bishopEndgame, Defaults.bishopEndgame, -1023, 1023,
     "centipawns added to BishopValue in the endgame (tapered by phase; negative: worth less)"},
    {"RookEndgame", &LegacyWeights::rookEndgame, Defaults.rookEndgame, -1023, 1023,
     "centipawns added to RookValue in the endgame (tapered by phase; negative: worth less)"},
    {"QueenEndgame", &LegacyWeights::queenEndgame, Defaults.queenEndgame, -1023, 1023,
     "centipawns added to QueenValue in the endgame (tapered by phase; negative: worth less)"},
};

static_assert(std::size(Legacy) == LegacyTermCount);

using namespace layout;

const char* const PieceNames[7] = {"", "Pawn", "Knight", "Bishop", "Rook", "Queen", "King"};

// A term pair's name without its phase, e.g. "Psqt.Knight.?.d4": '?' becomes Mg or Eg.
struct PairRow {
    std::string name;
    int min;
    int max;
    std::string meaning;
};

std::string squareName(int file, int rank) { return std::string(1, char('a' + file)) + char('1' + rank); }

std::vector<PairRow> pairRows() {
    std::vector<PairRow> rows(PairCount);
    const auto put = [&rows](int pair, std::string name, int min, int max, std::string meaning) {
        rows[pair] = {std::move(name), min, max, std::move(meaning)};
    };
    for (int pt = Pawn; pt <= Queen; ++pt)
        put(MaterialPair + pt - Pawn, std::string("Material.") + PieceNames[pt] + ".?", 0, 4095,
            std::string("centipawns per ") + PieceNames[pt]);
    for (int rank = 1; rank <= 6; ++rank)
        for (int file = 0; file < 4; ++file)
            put(PsqtPawnPair + (rank - 1) * 4 + file, "Psqt.Pawn.?." + squareName(file, rank), -16383, 16383,
                "1/30 centipawn for a pawn on this square or its mirror (e-h files), White's view");
    for (int pt = Knight; pt <= King; ++pt)
        for (int rank = 0; rank < 8; ++rank)
            for (int file = 0; file < 4; ++file)
                put(psqtPair(PieceType(pt), rank * 8 + file), std::string("Psqt.") + PieceNames[pt] + ".?." + squareName(file, rank),
                    -16383, 16383,
                    std::string("1/30 centipawn for a ") + PieceNames[pt] + " on this square or its mirror (e-h files), White's view");
    for (int pt = Knight; pt <= Queen; ++pt)
        for (int count = 0; count <= MobilityMax[pt]; ++count)
            put(MobilityPair + MobilityOffset[pt] + count, std::string("Mobility.") + PieceNames[pt] + ".?." + std::to_string(count),
                -1023, 1023,
                std::string("centipawns for a ") + PieceNames[pt] + " attacking " + std::to_string(count) +
                    " squares not held by its side nor attacked by enemy pawns");
    for (int r = 1; r <= PassedRanks; ++r) {
        const std::string rank = ".r" + std::to_string(r + 1);
        put(PassedPair + r - 1, "Passed.?" + rank, -2047, 2047, "centipawns per passed pawn on this relative rank");
        put(PassedFreePair + r - 1, "Passed.FreeStop.?" + rank, -2047, 2047,
            "centipawns more per passed pawn on this rank whose stop square is empty");
        put(PassedTheirKingPair + r - 1, "Passed.TheirKing.?" + rank, -32767, 32767,
            "1/96 centipawn per square between the enemy king and the stop square of a passed pawn on this rank");
        put(PassedOwnKingPair + r - 1, "Passed.OwnKing.?" + rank, -32767, 32767,
            "1/96 centipawn per square between the own king and the stop square of a passed pawn on this rank");
    }
    put(DoubledPair, "Pawns.Doubled.?", -1023, 1023, "half centipawns per pawn behind another of its colour on its file");
    put(IsolatedPair, "Pawns.Isolated.?", -1023, 1023, "centipawns per pawn with no pawn of its colour on the neighbouring files");
    put(StoppedPair, "Pawns.Stopped.?", -1023, 1023, "half centipawns per pawn whose square ahead is occupied");
    put(BishopPairPair, "Pieces.BishopPair.?", -1023, 1023, "centipawns for two or more bishops");
    put(RookOpenPair, "Pieces.RookOpenFile.?", -1023, 1023, "centipawns per rook on a file without pawns");
    put(RookSemiOpenPair, "Pieces.RookSemiOpenFile.?", -1023, 1023, "centipawns per rook on a file with enemy pawns only");
    put(CastledPair, "King.Castled.?", -1023, 1023, "centipawns for a king on a castled square (g/h or a/b/c file of its back rank)");
    put(TrappedRookPair, "King.TrappedRook.?", -1023, 1023,
        "centipawns per rook shut in a back-rank corner by its own uncastled king");
    put(ShieldNearPair, "King.ShieldNear.?", -1023, 1023,
        "half centipawns per own pawn one rank ahead of the king, on its or a neighbouring file");
    put(ShieldFarPair, "King.ShieldFar.?", -1023, 1023,
        "half centipawns per own pawn two ranks ahead of the king, on its or a neighbouring file");
    for (int ring = 0; ring < Rings; ++ring)
        put(KingEdgePair + ring, "King.Edge.?.ring" + std::to_string(ring), -1023, 1023,
            "centipawns for a king on ring " + std::to_string(ring) + " (0: the four centre squares .. 3: the edge)");
    for (int pt = Pawn; pt <= Queen; ++pt)
        put(KingAttackPair + pt - Pawn, std::string("KingAttack.") + PieceNames[pt] + ".?", -1023, 1023,
            std::string("quarter centipawns per attack of a ") + PieceNames[pt] +
                " on a square of the enemy king's shield zone (for the attacker)");
    put(DangerPair, "KingSafety.Danger.?", -1023, 1023,
        "centipawns x units^2 / 64 for a king attacked by two pieces or more (units: 2 per minor, 3 per rook, 5 per "
        "queen, 1 per ring square attacked; at most 40), halved without an enemy queen");
    for (int i = 0; i < ThreatCount; ++i)
        put(ThreatPair + i, std::string("Threat.") + Threats[i].name + ".?", -1023, 1023,
            std::string("centipawns per enemy ") + PieceNames[Threats[i].victim] + " attacked by a " +
                PieceNames[Threats[i].attacker]);
    put(SpacePair, "Space.AttackedSquares.?", -1023, 1023, "eighths of a centipawn per square the side attacks");
    put(TempoPair, "Tempo.SideToMove.?", -1023, 1023, "centipawns for the side to move");
    return rows;
}

struct TermTable {
    std::vector<std::string> names;  // the storage EvalTerm::name points into
    std::vector<std::string> meanings;
    std::vector<EvalTerm> terms;
};

const TermTable& termTable() {
    static const TermTable table = [] {
        TermTable t;
        const std::vector<PairRow> rows = pairRows();
        // Every string is in place before a view of it is taken (no reallocation moves one after).
        t.names.reserve(SlotCount);
        t.meanings.reserve(SlotCount + LegacyTermCount);
        for (int s = 0; s < SlotCount; ++s) {
            std::string name = rows[s / 2].name;
            name.replace(name.find('?'), 1, s % 2 == Mg ? "Mg" : "Eg");
            t.names.push_back(std::move(name));
            t.meanings.push_back((s % 2 == Mg ? "middlegame: " : "endgame: ") + rows[s / 2].meaning);
        }
        for (const LegacyRow& row : Legacy)
            t.meanings.push_back("legacy weight, shifts the terms its formula sets (docs/engine.md): " + std::string(row.meaning));
        for (std::size_t i = 0; i < LegacyTermCount; ++i) {
            const LegacyRow& row = Legacy[i];
            t.terms.push_back({row.name, t.terms.size(), row.defaultValue, row.min, row.max, t.meanings[SlotCount + i]});
        }
        const auto& defaults = defaultTermValues();
        for (int s = 0; s < SlotCount; ++s)
            t.terms.push_back({t.names[s], t.terms.size(), defaults[s], rows[s / 2].min, rows[s / 2].max, t.meanings[s]});
        return t;
    }();
    return table;
}

}  // namespace

int& legacyField(LegacyWeights& legacy, std::size_t t) { return legacy.*Legacy[t].field; }
int legacyField(const LegacyWeights& legacy, std::size_t t) { return legacy.*Legacy[t].field; }

int& EvalParams::at(std::size_t index) {
    return index < LegacyTermCount ? legacyField(*this, index) : terms[index - LegacyTermCount];
}
int EvalParams::at(std::size_t index) const {
    return index < LegacyTermCount ? legacyField(*this, index) : terms[index - LegacyTermCount];
}

std::span<const EvalTerm> evalTerms() { return termTable().terms; }

std::uint64_t evalWeightsKey(const EvalParams& params) {
    std::uint64_t key = 0;
    for (const EvalTerm& t : evalTerms()) {
        const int value = params.at(t.index);
        if (value != t.defaultValue) key ^= termValueWord(t.index + 1, value);
    }
    return key;
}

}  // namespace mf
