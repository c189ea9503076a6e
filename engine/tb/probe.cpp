#include "engine/tb/probe.h"

#include "engine/movegen.h"

#include <algorithm>

namespace mf::tb {

namespace {

Value encode(const ProbeResult& r) {
    if (r.wdl == Wdl::Draw) return value::Draw;
    return value::fromDtm(r.dtm);
}

std::optional<Value> tableValue(const Tablebases& tables, const Position& pos) {
    const auto board = toTbBoard(pos);
    if (!board) return std::nullopt;
    const Value v = tables.lookup(*board);
    if (v == value::Unknown || v == value::Invalid) return std::nullopt;
    return v;
}

} // namespace

std::optional<TbBoard> toTbBoard(const Position& pos) {
    if (popcount(pos.pieces()) > MaxTablePieces || pos.castlingRights() != NoCastling) return std::nullopt;
    TbBoard b;
    b.stm = pos.sideToMove();
    b.sq[0] = pos.kingSquare(White);
    b.pc[0] = WKing;
    b.sq[1] = pos.kingSquare(Black);
    b.pc[1] = BKing;
    b.count = 2;
    Bitboard rest = pos.pieces() & ~pos.pieces(King);
    while (rest) {
        const Square s = popLsb(rest);
        b.sq[b.count] = s;
        b.pc[b.count] = pos.pieceOn(s);
        ++b.count;
    }
    return b;
}

std::optional<ProbeResult> probe(const Tablebases& tables, const Position& pos) {
    auto v = tableValue(tables, pos);
    if (!v) return std::nullopt;
    if (pos.epSquare() != NoSquare) {
        // The tables hold no en passant rights: the capture is one more option here.
        for (Move m : MoveList(pos)) {
            if (m.kind() != MoveKind::EnPassant) continue;
            Position next = pos;
            next.doMove(m);
            const auto child = tableValue(tables, next);
            if (!child) return std::nullopt;
            const Value through = value::throughMove(*child);
            if (value::better(through, *v)) v = through;
        }
    }
    return toProbeResult(*v);
}

std::vector<RootMoveValue> rankRootMoves(const Tablebases& tables, const Position& pos) {
    std::vector<std::pair<Value, Move>> scored;
    for (Move m : MoveList(pos)) {
        Position next = pos;
        next.doMove(m);
        const auto child = probe(tables, next);
        if (!child) return {};
        scored.push_back({value::throughMove(encode(*child)), m});
    }
    // Stable: among equal values the move generator's order decides, so choices are reproducible.
    std::stable_sort(scored.begin(), scored.end(),
                     [](const auto& a, const auto& b) { return value::better(a.first, b.first); });
    std::vector<RootMoveValue> out;
    for (const auto& [v, m] : scored) out.push_back({m, toProbeResult(v)});
    return out;
}

std::optional<RootMoveValue> bestRootMove(const Tablebases& tables, const Position& pos) {
    auto ranked = rankRootMoves(tables, pos);
    if (ranked.empty()) return std::nullopt;
    return ranked.front();
}

} // namespace mf::tb
