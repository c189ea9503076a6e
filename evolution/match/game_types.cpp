#include "evolution/match/game_types.h"

#include <cstdio>

namespace mf::match {
namespace {

std::string seconds(std::int64_t ms) {
    if (ms % 1000 == 0) return std::to_string(ms / 1000);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", double(ms) / 1000.0);
    return buffer;
}

}  // namespace

std::string GameLimits::describe() const {
    switch (kind) {
        case Kind::Nodes: return "nodes " + std::to_string(value);
        case Kind::Depth: return "depth " + std::to_string(value);
        case Kind::MoveTime: return "movetime " + std::to_string(value) + " ms";
        case Kind::Clock: return "tc " + seconds(baseMs) + "+" + seconds(incMs);
    }
    return "?";
}

std::string GameLimits::pgnTimeControl() const {
    switch (kind) {
        case Kind::Nodes:
        case Kind::Depth: return "-";
        case Kind::MoveTime: return "1/" + seconds(value);  // PGN: one move per period
        case Kind::Clock: return seconds(baseMs) + "+" + seconds(incMs);
    }
    return "?";
}

std::string_view pgnResult(GameResult result) {
    switch (result) {
        case GameResult::WhiteWins: return "1-0";
        case GameResult::BlackWins: return "0-1";
        case GameResult::Draw: return "1/2-1/2";
        case GameResult::Unfinished: return "*";
    }
    return "*";
}

std::string_view endingName(Ending ending) {
    switch (ending) {
        case Ending::None: return "unfinished";
        case Ending::Checkmate: return "checkmate";
        case Ending::Stalemate: return "stalemate";
        case Ending::Repetition: return "threefold repetition";
        case Ending::FiftyMoves: return "fifty-move rule";
        case Ending::InsufficientMaterial: return "insufficient material";
        case Ending::AdjudicatedDraw: return "draw adjudication";
        case Ending::AdjudicatedWin: return "win adjudication";
        case Ending::Tablebase: return "endgame tables";
        case Ending::MaxLength: return "maximum length";
        case Ending::TimeForfeit: return "time forfeit";
        case Ending::IllegalMove: return "illegal move";
        case Ending::EngineFault: return "engine fault";
    }
    return "?";
}

std::string_view pgnTermination(Ending ending) {
    switch (ending) {
        case Ending::None: return "unterminated";
        case Ending::Checkmate:
        case Ending::Stalemate:
        case Ending::Repetition:
        case Ending::FiftyMoves:
        case Ending::InsufficientMaterial: return "normal";
        case Ending::AdjudicatedDraw:
        case Ending::AdjudicatedWin:
        case Ending::Tablebase:
        case Ending::MaxLength: return "adjudication";
        case Ending::TimeForfeit: return "time forfeit";
        case Ending::IllegalMove: return "rules infraction";
        case Ending::EngineFault: return "abandoned";
    }
    return "unterminated";
}

int halfPointsForWhite(GameResult result) {
    switch (result) {
        case GameResult::WhiteWins: return 2;
        case GameResult::Draw: return 1;
        default: return 0;
    }
}

int PairResult::halfPointsA() const {
    // games[1] has side A as Black.
    return halfPointsForWhite(games[0].result) + (2 - halfPointsForWhite(games[1].result)) -
           (games[1].result == GameResult::Unfinished ? 2 : 0);
}

}  // namespace mf::match
