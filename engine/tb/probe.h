// Probing the tables from the engine's Position: what the search and the root move choice call.
#pragma once

#include "engine/position.h"
#include "engine/tb/tablebases.h"

#include <optional>
#include <vector>

namespace mf::tb {

// The position as a table board; nullopt with more than 4 pieces or castling rights left.
std::optional<TbBoard> toTbBoard(const Position& pos);

// {wdl, dtm in plies} for the side to move, when a table covers the position (an en passant
// right is taken into account). nullopt: not covered (too many pieces, castling, table missing).
std::optional<ProbeResult> probe(const Tablebases& tables, const Position& pos);

struct RootMoveValue {
    Move move;
    ProbeResult result; // for the side to move at the root, after playing `move`
};

// Every legal root move with its table value, best first: the fastest mate, then draws, then the
// longest resistance. Empty when the position (or one of its successors) is not covered or there
// is no legal move.
std::vector<RootMoveValue> rankRootMoves(const Tablebases& tables, const Position& pos);

// The first of rankRootMoves(), if any.
std::optional<RootMoveValue> bestRootMove(const Tablebases& tables, const Position& pos);

} // namespace mf::tb
