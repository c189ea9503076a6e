// Retrograde generation of one table (win/draw/loss with distance to mate in plies).
//
// 1. Every entry is classified once: holes and illegal positions, checkmates (mated in 0),
//    stalemates, and wins found through captures and promotions (values of smaller tables, which
//    are final).
// 2. Level by level (d = 0, 1, 2, ...): the positions decided at distance d are taken back one
//    move (bitboard un-moves). A predecessor of a loss in d wins in d + 1. A predecessor of a win
//    in d is checked forward: if every move now reaches a decided win for the opponent, it loses in
//    1 + the longest of them. Values at distance <= d never change again, so the first time an
//    entry is reached is its final value, and capture wins found in step 1 only get shorter.
// 3. Whatever is still undecided is a draw.
// En passant: the tables hold no en passant rights; after a two-square push the successor is
// valued with the en passant captures taken into account.
#pragma once

#include "engine/tb/table.h"
#include "engine/tb/tb_board.h"

#include <functional>
#include <memory>

namespace mf::tb {

// Value of a position with other material (after a capture or promotion), for b.stm.
using ExternalLookup = std::function<Value(const TbBoard&)>;

// threads: how many threads share the work (the result does not depend on it). The lookup is
// called from all of them.
std::unique_ptr<Table> generateTable(const TableSpec& spec, const ExternalLookup& lookup, int threads = 1);

} // namespace mf::tb
