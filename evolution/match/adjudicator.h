#pragma once
// Adjudication of a game in progress: the score rules of AdjudicationRules (both engines'
// scores, kept per ply from White's view) and MateFind's endgame tables for positions of up to 4
// men. One Adjudicator per game; feed it every searched move in order.

#include <optional>
#include <vector>

#include "engine/position.h"
#include "engine/tb/tablebases.h"
#include "evolution/match/game_types.h"
#include "evolution/match/rules.h"

namespace mf::match {

class Adjudicator {
public:
    // `tables` may be null (no table adjudication whatever the rules say).
    Adjudicator(const AdjudicationRules& rules, const tb::Tablebases* tables);

    // After the mover's search: its score (mover's view; none when the engine gave none) and the
    // position after its move. Returns the verdict when the game is adjudicated now.
    std::optional<Verdict> afterMove(std::optional<uci::Score> moverScore, Color mover, const Position& after);

private:
    AdjudicationRules rules_;
    const tb::Tablebases* tables_;
    std::vector<std::optional<int>> whiteScores_;  // per searched ply, White's view, centipawns
};

}  // namespace mf::match
