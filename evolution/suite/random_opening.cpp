#include "evolution/suite/random_opening.h"

#include "engine/movegen.h"

namespace mf::suite {

namespace {
bool gameGoesOn(const Position& pos) { return MoveList(pos).size() > 0 && !pos.isDraw(0); }
}  // namespace

std::vector<Move> randomOpening(Random& rng, const Position& start, int plies) {
    // A handful of attempts is plenty: random play rarely ends a game within the first plies.
    // Should every attempt fail, the shortest prefix that still leaves a game is returned.
    for (int attempt = 0; attempt < 1000; ++attempt) {
        Position pos = start;
        std::vector<Move> moves;
        while (int(moves.size()) < plies) {
            MoveList legal(pos);
            if (legal.size() == 0) break;
            const Move m = *(legal.begin() + rng.below(std::uint64_t(legal.size())));
            pos.doMove(m);
            moves.push_back(m);
            if (!gameGoesOn(pos)) break;
        }
        if (int(moves.size()) == plies && gameGoesOn(pos)) return moves;
    }
    return {};
}

}  // namespace mf::suite
