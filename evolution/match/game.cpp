#include "evolution/match/game.h"

#include <chrono>
#include <optional>

#include "engine/bitboard.h"
#include "engine/notation.h"
#include "evolution/match/adjudicator.h"
#include "evolution/match/rules.h"

namespace mf::match {

uci::SearchLimit searchLimitFor(const GameLimits& limits, bool whiteToMove, std::int64_t whiteLeftMs,
                                std::int64_t blackLeftMs, int movesToGo) {
    switch (limits.kind) {
        case GameLimits::Kind::Nodes: return uci::SearchLimit::nodes(limits.value);
        case GameLimits::Kind::Depth: return uci::SearchLimit::depth(limits.value);
        case GameLimits::Kind::MoveTime: return uci::SearchLimit::moveTime(limits.value);
        case GameLimits::Kind::Clock:
            // An engine is never told it has less than 1 ms: "wtime 0" makes some engines divide by 0.
            return uci::SearchLimit::clock(whiteToMove, std::max<std::int64_t>(1, whiteLeftMs),
                                           std::max<std::int64_t>(1, blackLeftMs), limits.incMs, limits.incMs,
                                           limits.movesPerPeriod > 0 ? movesToGo : 0);
    }
    return uci::SearchLimit::nodes(limits.value);
}

namespace {

void finish(GameRecord& game, GameResult result, Ending ending, std::string reason) {
    game.result = result;
    game.ending = ending;
    game.reason = std::move(reason);
}

GameResult lossFor(Color mover) { return mover == White ? GameResult::BlackWins : GameResult::WhiteWins; }
std::string colourName(Color c) { return c == White ? "White" : "Black"; }
int sideIndex(Color c) { return c == White ? 0 : 1; }

// A game between searches: the position, the moves from the opening's FEN, and per side
// ([White, Black]) the clock, the moves left in its period (a "40/10" control) and whether its
// engine was told of the new game.
struct GameState {
    Position pos;
    std::vector<std::string> played;
    std::int64_t clockLeft[2] = {0, 0};
    int movesLeft[2] = {0, 0};
    bool newGameSent[2] = {false, false};
};

// The opening's position with its book moves played and recorded in `game`; std::nullopt (the
// reason in `game`) when the opening does not parse.
std::optional<GameState> openGame(const Opening& opening, GameRecord& game) {
    auto start = Position::fromFen(opening.fen);
    if (!start) {
        game.reason = "opening " + opening.name + ": " + start.error().message;
        return std::nullopt;
    }
    GameState state{*start, {}, {}, {}};
    for (const auto& text : opening.moves) {
        auto move = parseUciMove(state.pos, text);
        if (!move) {
            game.reason = "opening " + opening.name + ": " + move.error().message;
            return std::nullopt;
        }
        MoveRecord book;
        book.uci = text;
        book.san = toSan(state.pos, *move);
        book.book = true;
        game.moves.push_back(book);
        state.pos.doMove(*move);
        state.played.push_back(text);
    }
    return state;
}

// The search of the side to move; its first search of the game asks for "ucinewgame".
uci::SearchRequest nextRequest(GameState& state, std::uint64_t ply, const Opening& opening, const Side& side,
                               const GameLimits& limits) {
    const Color mover = state.pos.sideToMove();
    uci::SearchRequest request;
    request.id = ply;
    request.fen = opening.fen;
    request.moves = state.played;
    request.limit = searchLimitFor(limits, mover == White, state.clockLeft[0], state.clockLeft[1],
                                   state.movesLeft[sideIndex(mover)]);
    if (limits.kind == GameLimits::Kind::Nodes && side.nodes > 0) request.limit = uci::SearchLimit::nodes(side.nodes);
    request.options = side.options;
    request.newGame = !state.newGameSent[sideIndex(mover)];
    state.newGameSent[sideIndex(mover)] = true;
    return request;
}

// A flag fell: cutechess's rule (after FIDE 6.9) makes it a loss, or a draw when the opponent
// has only its king left and so could never mate.
void flagFell(GameRecord& game, const Position& pos, Color mover, const std::string& detail) {
    const Color opponent = mover == White ? Black : White;
    if (popcount(pos.pieces(opponent)) == 1)
        finish(game, GameResult::Draw, Ending::TimeForfeit,
               "Draw: " + colourName(mover) + "'s flag fell, but " + colourName(opponent) + " has only its king (" +
                   detail + ")");
    else
        finish(game, lossFor(mover), Ending::TimeForfeit, colourName(mover) + " loses on time (" + detail + ")");
}

// The end of a game whose mover's search failed (the session retried it once already).
void forfeit(GameRecord& game, const GameState& state, const uci::SearchResult& result, Color mover,
             const GameLimits& limits) {
    const bool illegal = result.failure.find("illegal bestmove") != std::string::npos;
    // With a clock, no answer within the time left + the session's grace (the search's
    // deadline, search_deadline.h) is a loss on time; without one it is a forfeit.
    const bool overTime = limits.kind == GameLimits::Kind::Clock && result.fault == uci::SearchFault::PastDeadline;
    if (overTime)
        flagFell(game, state.pos, mover, result.failure);
    else
        finish(game, lossFor(mover), illegal ? Ending::IllegalMove : Ending::EngineFault,
               colourName(mover) + " forfeits: " + result.failure);
}

// Charges the mover's clock with the move's think time, adds the increment and, at the end of a
// period, the next period's time. Measured from "go" written to "bestmove" read, so the pipe
// counts against the engine; the tolerance absorbs it. False, the game over on time and the move
// recorded, when the move took longer than the time left.
bool chargeClock(GameRecord& game, GameState& state, MoveRecord& record, Color mover, const GameLimits& limits) {
    std::int64_t& left = state.clockLeft[sideIndex(mover)];
    if (record.timeMs > left + limits.toleranceMs) {
        game.moves.push_back(record);
        flagFell(game, state.pos, mover,
                 std::to_string(record.timeMs) + " ms used, " + std::to_string(left) + " ms left");
        return false;
    }
    left = std::max<std::int64_t>(0, left - record.timeMs) + limits.incMs;
    if (limits.movesPerPeriod > 0 && --state.movesLeft[sideIndex(mover)] == 0) {
        state.movesLeft[sideIndex(mover)] = limits.movesPerPeriod;
        left += limits.baseMs;
    }
    record.clockLeftMs = left;
    return true;
}

// Whether the game is over after the mover's move: by the rules, by adjudication, or by length.
bool endsAfterMove(GameRecord& game, const GameState& state, const std::optional<uci::Score>& score, Color mover,
                   const GameSettings& settings, Adjudicator& adjudicator) {
    if (auto verdict = ruleEnding(state.pos)) {
        finish(game, verdict->result, verdict->ending, verdict->reason);
        return true;
    }
    if (auto verdict = adjudicator.afterMove(score, mover, state.pos)) {
        finish(game, verdict->result, verdict->ending, verdict->reason);
        return true;
    }
    const int maxPlies = settings.adjudication.maxPlies;
    if (maxPlies > 0 && int(state.played.size()) >= maxPlies) {
        finish(game, GameResult::Draw, Ending::MaxLength, "Draw by adjudication: " + std::to_string(maxPlies) + " plies");
        return true;
    }
    return false;
}

// One step of the game from the mover's search result, without I/O: the move is checked,
// recorded and played, or the game ends (stopped, forfeit, lost on time, over by the rules or by
// adjudication). True while the game goes on.
bool stepGame(GameRecord& game, GameState& state, const uci::SearchResult& result, const GameSettings& settings,
              Adjudicator& adjudicator) {
    const Color mover = state.pos.sideToMove();
    game.thinkTime += result.thinkTime;
    if (result.status == uci::SearchStatus::Cancelled) {
        game.reason = "stopped";
        return false;
    }
    if (result.status == uci::SearchStatus::Failed) {
        forfeit(game, state, result, mover, settings.limits);
        return false;
    }
    auto move = parseUciMove(state.pos, result.bestMove);
    if (!move) {  // the session checks legality already; a game never trusts it blindly
        finish(game, lossFor(mover), Ending::IllegalMove,
               colourName(mover) + " forfeits: illegal move '" + result.bestMove + "': " + move.error().message);
        return false;
    }
    const std::int64_t thinkMs = std::chrono::duration_cast<std::chrono::milliseconds>(result.thinkTime).count();
    MoveRecord record{result.bestMove, toSan(state.pos, *move), false, result.score, result.depth, result.nodes, thinkMs};
    if (settings.limits.kind == GameLimits::Kind::Clock && !chargeClock(game, state, record, mover, settings.limits))
        return false;
    state.pos.doMove(*move);
    state.played.push_back(result.bestMove);
    game.moves.push_back(record);
    return !endsAfterMove(game, state, result.score, mover, settings, adjudicator);
}

int restartsOf(const uci::EngineSession& whiteEngine, const uci::EngineSession& blackEngine) {
    return whiteEngine.restarts() + (&blackEngine == &whiteEngine ? 0 : blackEngine.restarts());
}

}  // namespace

GameRecord playGame(const Side& white, const Side& black, const Opening& opening, const GameSettings& settings,
                    uci::EngineSession& whiteEngine, uci::EngineSession& blackEngine, std::stop_token stop) {
    GameRecord game;
    game.white = white.name;
    game.black = black.name;
    game.openingName = opening.name;
    game.startFen = opening.fen;

    std::optional<GameState> state = openGame(opening, game);
    if (!state) return game;
    if (auto verdict = ruleEnding(state->pos)) {
        finish(game, verdict->result, verdict->ending, verdict->reason);
        return game;
    }
    state->clockLeft[0] = state->clockLeft[1] = settings.limits.baseMs;
    state->movesLeft[0] = state->movesLeft[1] = settings.limits.movesPerPeriod;
    Adjudicator adjudicator(settings.adjudication, settings.tables);
    const int restartsBefore = restartsOf(whiteEngine, blackEngine);
    for (std::uint64_t ply = 0;; ++ply) {
        const bool whiteMoves = state->pos.sideToMove() == White;
        const uci::SearchRequest request = nextRequest(*state, ply, opening, whiteMoves ? white : black, settings.limits);
        const uci::SearchResult result = (whiteMoves ? whiteEngine : blackEngine).search(request, stop);
        if (!stepGame(game, *state, result, settings, adjudicator)) break;
    }
    game.restarts = restartsOf(whiteEngine, blackEngine) - restartsBefore;
    return game;
}

PairResult playPair(const Side& a, const Side& b, const Opening& opening, const GameSettings& settings,
                    uci::EngineSession& engineA, uci::EngineSession& engineB, std::stop_token stop,
                    std::uint64_t index) {
    PairResult pair;
    pair.index = index;
    pair.games[0] = playGame(a, b, opening, settings, engineA, engineB, stop);
    if (!stop.stop_requested()) pair.games[1] = playGame(b, a, opening, settings, engineB, engineA, stop);
    return pair;
}

}  // namespace mf::match
