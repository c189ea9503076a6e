// Counts of one table, by enumeration, for each side to move.
#pragma once

#include "engine/tb/table.h"

#include <array>
#include <cstdint>
#include <string>

namespace mf::tb {

struct SideStats {
    // Legal positions: every placement of the table's pieces on distinct squares (two identical
    // pieces counted once per pair of squares), kings not adjacent, pawns on ranks 2-7, the side
    // not to move not in check. Counted square by square, without the index.
    std::uint64_t positions = 0;
    // Classes: index entries holding a legal position (one per class of symmetric positions).
    std::uint64_t classes = 0;
    // Sum over the classes of the number of distinct positions in each class: equals `positions`
    // when the index stores every class exactly once.
    std::uint64_t classMembers = 0;
    // Among the classes: the side to move is checkmated / wins / loses / draws.
    std::uint64_t checkmates = 0;
    std::uint64_t wins = 0;
    std::uint64_t losses = 0;
    std::uint64_t draws = 0;
    int longestWin = -1;  // plies, the side to move mating; -1 if it never wins
    int longestLoss = -1; // plies, the side to move being mated; -1 if it never loses
};

struct TableStats {
    std::string name;
    std::array<SideStats, 2> side; // [White to move, Black to move]
};

TableStats computeStats(const Table& table);

// Plain text, one line per side to move, with the definitions above in short.
std::string formatStats(const TableStats& stats);

} // namespace mf::tb
