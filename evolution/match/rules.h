#pragma once
// The endings the rules of chess impose, read from a position with its history: checkmate,
// stalemate, threefold repetition, the fifty-move rule and insufficient material (no sequence of
// legal moves can mate: K v K, K+minor v K, bishops all on one colour).

#include <optional>
#include <string>

#include "engine/position.h"
#include "evolution/match/game_types.h"

namespace mf::match {

struct Verdict {
    GameResult result = GameResult::Draw;
    Ending ending = Ending::None;
    std::string reason;  // "Black mates", "Draw by threefold repetition", ...
};

// The ending of the game at `pos` (which must carry the game's moves as its history, for the
// repetition), or nullopt when play goes on. Checkmate takes precedence over the fifty-move rule.
std::optional<Verdict> ruleEnding(const Position& pos);

}  // namespace mf::match
