#include "engine/perft.h"

#include "engine/movegen.h"

namespace mf {

std::uint64_t perft(Position& pos, int depth) {
    if (depth <= 0) return 1;
    // Bulk counting: the leaves below a depth-1 node are its legal moves, counted without making them.
    if (depth == 1) return std::uint64_t(countLegalMoves(pos));
    Move moves[MaxMoves];
    Move* const end = generate<GenType::Legal>(pos, moves);
    std::uint64_t nodes = 0;
    for (Move* m = moves; m != end; ++m) {
        pos.doMove(*m);
        nodes += perft(pos, depth - 1);
        pos.undoMove(*m);
    }
    return nodes;
}

std::vector<std::pair<Move, std::uint64_t>> divide(Position& pos, int depth) {
    std::vector<std::pair<Move, std::uint64_t>> result;
    for (const Move m : MoveList(pos)) {
        pos.doMove(m);
        result.emplace_back(m, perft(pos, depth - 1));
        pos.undoMove(m);
    }
    return result;
}

} // namespace mf
