#pragma once
// Playing games between two engine sessions: one game (playGame) and one game pair from one
// opening with colours reversed (playPair), the unit of work of a match and of the `games`
// fitness measure. Inputs and outputs are plain values (game_types.h); the engines are the
// caller's sessions, reused across games (each game starts with "ucinewgame"), so another process
// can play a pair it was sent with engines of its own.
//
// Every move is checked for legality. A search that fails (the session retried it once on a fresh
// process: crash, hang, disconnect, illegal move, garbage) loses the game for the side that made
// it, with the reason in GameRecord::reason. With a clock, a move over the time left (plus
// GameLimits::toleranceMs) loses on time, or draws when the opponent has only its king
// (cutechess's rule). A stop request ends the game Unfinished.

#include <stop_token>

#include "engine/tb/tablebases.h"
#include "evolution/match/game_types.h"
#include "evolution/uci/engine_session.h"

namespace mf::match {

// Everything a game needs besides the sides and the opening.
struct GameSettings {
    GameLimits limits;
    AdjudicationRules adjudication;
    const tb::Tablebases* tables = nullptr;  // for AdjudicationRules::tablebases; may be null
};

GameRecord playGame(const Side& white, const Side& black, const Opening& opening, const GameSettings& settings,
                    uci::EngineSession& whiteEngine, uci::EngineSession& blackEngine, std::stop_token stop = {});

// games[0]: A plays White; games[1]: B plays White. With nodes or depth limits the result depends
// only on the inputs (engines are deterministic given "ucinewgame" and the same commands).
PairResult playPair(const Side& a, const Side& b, const Opening& opening, const GameSettings& settings,
                    uci::EngineSession& engineA, uci::EngineSession& engineB, std::stop_token stop = {},
                    std::uint64_t index = 0);

// The search limit of the next move: the per-move limit, or the clock as it stands (movesToGo:
// the mover's moves left in its period, sent only with a moves-per-period control).
uci::SearchLimit searchLimitFor(const GameLimits& limits, bool whiteToMove, std::int64_t whiteLeftMs,
                                std::int64_t blackLeftMs, int movesToGo = 0);

}  // namespace mf::match
