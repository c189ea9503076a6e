#include "engine/perft.h"

#include "engine/movegen.h"

namespace mf {

std::uint64_t perft(Position& pos, int depth) {
    Move moves[MaxMoves];
    Move* const end = generate<GenType::Legal>(pos, moves);
    if (depth <= 1) return depth == 1 ? std::uint64_t(end - moves) : 1;
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
        result.emplace_back(m, depth > 1 ? perft(pos, depth - 1) : 1);
        pos.undoMove(m);
    }
    return result;
}

} // namespace mf
