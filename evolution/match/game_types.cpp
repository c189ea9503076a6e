#include "evolution/match/game_types.h"

#include <cmath>
#include <cstdio>

#include "engine/whole_number.h"

namespace mf::match {
namespace {

std::string seconds(std::int64_t ms) {
    if (ms % 1000 == 0) return std::to_string(ms / 1000);
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%g", double(ms) / 1000.0);
    return buffer;
}

}  // namespace

namespace {

// "40/10+0.1": cutechess's notation, also what its PGN TimeControl tag holds.
std::string clockText(const GameLimits& limits) {
    const std::string period = limits.movesPerPeriod > 0 ? std::to_string(limits.movesPerPeriod) + "/" : "";
    return period + seconds(limits.baseMs) + "+" + seconds(limits.incMs);
}

// Seconds as whole milliseconds; nullopt unless a finite number >= 0.
std::optional<std::int64_t> millisecondsOf(std::string_view text) {
    const auto value = parseWholeNumber<double>(text);
    if (!value || !std::isfinite(*value) || *value < 0 || *value > 1e9) return std::nullopt;
    return std::int64_t(std::llround(*value * 1000));
}

// "90", "1:30" (minutes:seconds) or "0.5" as milliseconds.
std::optional<std::int64_t> baseOf(std::string_view text) {
    const auto colon = text.find(':');
    if (colon == std::string_view::npos) return millisecondsOf(text);
    const auto minutes = parseWholeNumber<int>(text.substr(0, colon));
    const auto rest = millisecondsOf(text.substr(colon + 1));
    if (!minutes || *minutes < 0 || !rest) return std::nullopt;
    return std::int64_t(*minutes) * 60'000 + *rest;
}

}  // namespace

std::optional<GameLimits> parseTimeControl(std::string_view text) {
    const auto plus = text.find('+');
    const std::string_view head = text.substr(0, plus);
    std::optional<std::int64_t> inc = plus == std::string_view::npos ? std::optional<std::int64_t>(0)
                                                                     : millisecondsOf(text.substr(plus + 1));
    int moves = 0;
    std::string_view base = head;
    if (const auto slash = head.find('/'); slash != std::string_view::npos) {
        const auto count = parseWholeNumber<int>(head.substr(0, slash));
        if (!count || *count < 1) return std::nullopt;
        moves = *count;
        base = head.substr(slash + 1);
    }
    const auto baseMs = baseOf(base);
    if (!baseMs || *baseMs <= 0 || !inc) return std::nullopt;
    return GameLimits::clock(*baseMs, *inc, moves);
}

std::string GameLimits::describe() const {
    switch (kind) {
        case Kind::Nodes: return "nodes " + std::to_string(value);
        case Kind::Depth: return "depth " + std::to_string(value);
        case Kind::MoveTime: return "movetime " + std::to_string(value) + " ms";
        case Kind::Clock: return "tc " + clockText(*this);
    }
    return "?";
}

std::string GameLimits::pgnTimeControl() const {
    switch (kind) {
        case Kind::Nodes:
        case Kind::Depth: return "-";
        case Kind::MoveTime: return "1/" + seconds(value);  // PGN: one move per period
        case Kind::Clock: return clockText(*this);
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
