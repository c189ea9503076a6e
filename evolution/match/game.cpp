#include "evolution/match/game.h"

#include <chrono>

#include "engine/notation.h"
#include "evolution/match/adjudicator.h"
#include "evolution/match/rules.h"

namespace mf::match {

uci::SearchLimit searchLimitFor(const GameLimits& limits, bool whiteToMove, std::int64_t whiteLeftMs,
                                std::int64_t blackLeftMs) {
    switch (limits.kind) {
        case GameLimits::Kind::Nodes: return uci::SearchLimit::nodes(limits.value);
        case GameLimits::Kind::Depth: return uci::SearchLimit::depth(limits.value);
        case GameLimits::Kind::MoveTime: return uci::SearchLimit::moveTime(limits.value);
        case GameLimits::Kind::Clock:
            // An engine is never told it has less than 1 ms: "wtime 0" makes some engines divide by 0.
            return uci::SearchLimit::clock(whiteToMove, std::max<std::int64_t>(1, whiteLeftMs),
                                           std::max<std::int64_t>(1, blackLeftMs), limits.incMs, limits.incMs);
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

}  // namespace

GameRecord playGame(const Side& white, const Side& black, const Opening& opening, const GameSettings& settings,
                    uci::EngineSession& whiteEngine, uci::EngineSession& blackEngine, std::stop_token stop) {
    GameRecord game;
    game.white = white.name;
    game.black = black.name;
    game.openingName = opening.name;
    game.startFen = opening.fen;

    auto start = Position::fromFen(opening.fen);
    if (!start) {
        game.reason = "opening " + opening.name + ": " + start.error().message;
        return game;
    }
    Position pos = *start;
    std::vector<std::string> played;
    for (const auto& text : opening.moves) {
        auto move = parseUciMove(pos, text);
        if (!move) {
            game.reason = "opening " + opening.name + ": " + move.error().message;
            return game;
        }
        MoveRecord book;
        book.uci = text;
        book.san = toSan(pos, *move);
        book.book = true;
        game.moves.push_back(book);
        pos.doMove(*move);
        played.push_back(text);
    }
    if (auto verdict = ruleEnding(pos)) {
        finish(game, verdict->result, verdict->ending, verdict->reason);
        return game;
    }

    Adjudicator adjudicator(settings.adjudication, settings.tables);
    const GameLimits& limits = settings.limits;
    std::int64_t clockLeft[2] = {limits.baseMs, limits.baseMs};  // [White, Black]
    bool newGameSent[2] = {false, false};
    const int restartsBefore = whiteEngine.restarts() + (&blackEngine == &whiteEngine ? 0 : blackEngine.restarts());

    for (std::uint64_t ply = 0;; ++ply) {
        const Color mover = pos.sideToMove();
        const int me = mover == White ? 0 : 1;
        const Side& side = mover == White ? white : black;
        uci::EngineSession& engine = mover == White ? whiteEngine : blackEngine;

        uci::SearchRequest request;
        request.id = ply;
        request.fen = opening.fen;
        request.moves = played;
        request.limit = searchLimitFor(limits, mover == White, clockLeft[0], clockLeft[1]);
        request.options = side.options;
        request.newGame = !newGameSent[me];
        newGameSent[me] = true;

        uci::SearchResult result = engine.search(request, stop);
        const std::int64_t thinkMs =
            std::chrono::duration_cast<std::chrono::milliseconds>(result.thinkTime).count();
        game.thinkTime += result.thinkTime;
        if (result.status == uci::SearchStatus::Cancelled) {
            game.reason = "stopped";
            break;
        }
        if (result.status == uci::SearchStatus::Failed) {
            const bool illegal = result.failure.find("illegal bestmove") != std::string::npos;
            // With a clock, no answer within the time left + the session's grace (the search's
            // deadline, search_deadline.h) is a loss on time; without one it is a forfeit.
            const bool overTime = limits.kind == GameLimits::Kind::Clock && result.fault == uci::SearchFault::PastDeadline;
            if (overTime)
                finish(game, lossFor(mover), Ending::TimeForfeit,
                       colourName(mover) + " loses on time: " + result.failure);
            else
                finish(game, lossFor(mover), illegal ? Ending::IllegalMove : Ending::EngineFault,
                       colourName(mover) + " forfeits: " + result.failure);
            break;
        }
        auto move = parseUciMove(pos, result.bestMove);
        if (!move) {  // the session checks legality already; a game never trusts it blindly
            finish(game, lossFor(mover), Ending::IllegalMove,
                   colourName(mover) + " forfeits: illegal move '" + result.bestMove + "': " + move.error().message);
            break;
        }
        MoveRecord record{result.bestMove, toSan(pos, *move), false, result.score, result.depth, result.nodes, thinkMs};
        if (limits.kind == GameLimits::Kind::Clock) {
            // Measured from "go" written to "bestmove" read, so the pipe counts against the engine;
            // the tolerance absorbs it.
            if (thinkMs > clockLeft[me] + limits.toleranceMs) {
                game.moves.push_back(record);
                finish(game, lossFor(mover), Ending::TimeForfeit,
                       colourName(mover) + " loses on time (" + std::to_string(thinkMs) + " ms used, " +
                           std::to_string(clockLeft[me]) + " ms left)");
                break;
            }
            clockLeft[me] = std::max<std::int64_t>(0, clockLeft[me] - thinkMs) + limits.incMs;
            record.clockLeftMs = clockLeft[me];
        }
        pos.doMove(*move);
        played.push_back(result.bestMove);
        game.moves.push_back(record);

        if (auto verdict = ruleEnding(pos)) {
            finish(game, verdict->result, verdict->ending, verdict->reason);
            break;
        }
        if (auto verdict = adjudicator.afterMove(result.score, mover, pos)) {
            finish(game, verdict->result, verdict->ending, verdict->reason);
            break;
        }
        if (settings.adjudication.maxPlies > 0 && int(played.size()) >= settings.adjudication.maxPlies) {
            finish(game, GameResult::Draw, Ending::MaxLength,
                   "Draw by adjudication: " + std::to_string(settings.adjudication.maxPlies) + " plies");
            break;
        }
    }
    game.restarts = whiteEngine.restarts() + (&blackEngine == &whiteEngine ? 0 : blackEngine.restarts()) - restartsBefore;
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
