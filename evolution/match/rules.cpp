#include "evolution/match/rules.h"

#include "engine/movegen.h"

namespace mf::match {

std::optional<Verdict> ruleEnding(const Position& pos) {
    const bool whiteToMove = pos.sideToMove() == White;
    if (MoveList(pos).empty()) {
        if (pos.inCheck())
            return Verdict{whiteToMove ? GameResult::BlackWins : GameResult::WhiteWins, Ending::Checkmate,
                           whiteToMove ? "Black mates" : "White mates"};
        return Verdict{GameResult::Draw, Ending::Stalemate, "Draw by stalemate"};
    }
    if (pos.rule50() >= 100) return Verdict{GameResult::Draw, Ending::FiftyMoves, "Draw by the fifty-move rule"};
    // isRepetition(0): the position occurred twice before (a third occurrence now).
    if (pos.isRepetition(0)) return Verdict{GameResult::Draw, Ending::Repetition, "Draw by threefold repetition"};
    if (pos.hasInsufficientMaterial())
        return Verdict{GameResult::Draw, Ending::InsufficientMaterial, "Draw by insufficient material"};
    return std::nullopt;
}

}  // namespace mf::match
