#include "evolution/suite/self_play.h"

#include <cstdlib>
#include <map>
#include <optional>
#include <utility>

#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "evolution/suite/game_schedule.h"
#include "evolution/suite/labelling.h"
#include "evolution/suite/random_opening.h"

namespace mf::suite {

namespace {

struct LiveGame {
    int index = 0;
    GameRecord record;
    Position pos = Position::startPosition();
    std::vector<std::string> uciMoves;
    int openingPlies = 0;
    int decisivePlies = 0;  // consecutive plies with |score| >= adjudicateCp
    bool over = false;
    bool dropped = false;
    bool told = false;  // the progress handler has had it among the ended games
};

bool gameEnded(const Position& pos) { return MoveList(pos).size() == 0 || pos.isDraw(0); }

uci::SearchService& moverOf(const std::vector<uci::SearchService*>& engines, const LiveGame& g) {
    const std::size_t n = engines.size();
    const std::size_t white = std::size_t(g.index) % n;
    return *engines[g.pos.sideToMove() == White ? white : (white + 1) % n];
}

// Applies one search result to its game.
void advance(LiveGame& g, const uci::SearchResult& r, const SelfPlayConfig& config, SelfPlayReport& report) {
    const std::string where = g.record.name + " ply " + std::to_string(g.record.moves.size() + 1);
    if (r.status != uci::SearchStatus::Completed) {
        ++report.failedSearches;
        if (r.fault == uci::SearchFault::NoMove) ++report.cutByNoMove;
        if (r.fault == uci::SearchFault::PastDeadline) ++report.cutPastDeadline;
        report.failures.push_back(where + ": " + std::string(uci::toString(r.status)) + " " + r.failure);
        g.over = true;
        return;
    }
    if (r.attempts >= 2) {
        ++report.recoveredSearches;
        report.recoveries.push_back(where + ": recovered by a retry on a fresh process (" + r.bestMove + ")");
    }
    auto move = parseUciMove(g.pos, r.bestMove);
    if (!move) {  // the session checks legality already; stay safe anyway
        ++report.failedSearches;
        report.failures.push_back(where + ": unreadable bestmove " + r.bestMove);
        g.over = true;
        return;
    }
    const int cp = r.score ? toCentipawns(*r.score) : 0;
    if (int(g.record.moves.size()) == g.openingPlies && std::abs(cp) > config.openingWindow) {
        g.dropped = true;
        g.over = true;
        ++report.unbalanced;
        return;
    }
    g.decisivePlies = std::abs(cp) >= config.adjudicateCp ? g.decisivePlies + 1 : 0;
    const Color mover = g.pos.sideToMove();
    g.pos.doMove(*move);
    g.record.moves.push_back(*move);
    g.uciMoves.push_back(r.bestMove);
    if (gameEnded(g.pos)) {
        g.over = true;
        // No legal move and in check: the side that just moved mated; else a draw by rule.
        g.record.result = MoveList(g.pos).size() == 0 && g.pos.inCheck() ? (mover == White ? "1-0" : "0-1") : "1/2-1/2";
    } else if (g.decisivePlies >= config.adjudicatePlies) {
        g.over = true;
        // The score is the mover's view: a decisive score for the mover means the mover wins.
        g.record.result = (cp > 0) == (mover == White) ? "1-0" : "0-1";
        g.record.adjudicatedFromPly = int(g.record.moves.size()) - config.adjudicatePlies;
    } else if (int(g.record.moves.size()) >= config.maxPlies) {
        g.over = true;  // result stays "*": unknown
        ++report.atPlyLimit;
    }
}

}  // namespace

std::string SelfPlayReport::describe() const {
    auto count = [](int n, const char* one, const char* many) { return std::to_string(n) + " " + (n == 1 ? one : many); };
    std::string text = count(recoveredSearches, "search", "searches") + " recovered by a retry on a fresh process; " +
                       count(failedSearches, "game", "games") + " cut by a failed search";
    if (failedSearches > 0) {
        const int other = failedSearches - cutByNoMove - cutPastDeadline;
        text += " (" + std::to_string(cutByNoMove) + " no move in a live position, " + std::to_string(cutPastDeadline) +
                " past the deadline, " + std::to_string(other) + " other)";
    }
    text += "; " + count(atPlyLimit, "game", "games") + " still running at the ply limit; " +
            count(unbalanced, "game", "games") + " dropped as unbalanced";
    if (stopped) text += "; stopped with " + count(leftInPlay, "game", "games") + " in play (left out)";
    return text;
}

namespace {

LiveGame newGame(int index, const SelfPlayConfig& config, bool noEngines) {
    LiveGame g;
    g.index = index;
    g.record.name = "self-play game " + std::to_string(index + 1);
    const Position start = Position::startPosition();
    g.pos = start;
    Random rng(mixSeed(config.seed, std::uint64_t(index)));
    for (Move m : randomOpening(rng, start, config.randomPlies)) {
        g.uciMoves.push_back(toUci(m));
        g.pos.doMove(m);
        g.record.moves.push_back(m);
    }
    g.openingPlies = int(g.record.moves.size());
    g.over = noEngines || gameEnded(g.pos);
    return g;
}

// Begins the games the schedule allows now (game_schedule.h); false when none is in play afterwards.
bool refill(const GameSchedule& schedule, const SelfPlayConfig& config, std::vector<LiveGame>& games, bool noEngines) {
    for (;;) {
        int live = 0, kept = 0;
        for (const LiveGame& g : games) {
            if (!g.over) ++live;
            else if (schedule.usable(g.dropped, g.record.result)) ++kept;
        }
        if (!schedule.mayBegin(int(games.size()), kept, live, config.liveGames)) return live > 0;
        games.push_back(newGame(int(games.size()), config, noEngines));
    }
}

// Ended games that count towards `games`.
int countedGames(const GameSchedule& schedule, const std::vector<LiveGame>& games) {
    int n = 0;
    for (const LiveGame& g : games) n += g.over && schedule.counted(g.dropped, g.record.result) ? 1 : 0;
    return n;
}

// The search of the move a game in play needs now; the request's id is the game's index.
uci::SearchRequest nextSearch(const LiveGame& g, const SelfPlayConfig& config) {
    uci::SearchRequest request;
    request.id = std::uint64_t(g.index);
    request.fen = std::string(Position::StartFen);
    request.moves = g.uciMoves;
    request.limit = config.limit;
    return request;
}

// One round: a search for every game in play, applied to its game.
void playRound(const std::vector<uci::SearchService*>& engines, std::vector<LiveGame>& games,
               const SelfPlayConfig& config, SelfPlayReport& report, std::stop_token stop) {
    std::map<uci::SearchService*, std::vector<uci::SearchRequest>> rounds;  // requests carry the game index as id
    for (const LiveGame& g : games) {
        if (g.over) continue;
        rounds[&moverOf(engines, g)].push_back(nextSearch(g, config));
    }
    std::vector<std::shared_ptr<uci::Batch>> batches;
    for (auto& [service, requests] : rounds) batches.push_back(service->submit(std::move(requests), stop));
    for (auto& batch : batches) {
        batch->wait();
        for (const uci::SearchResult& r : batch->results()) {
            if (r.status == uci::SearchStatus::Cancelled) continue;
            advance(games[std::size_t(r.id)], r, config, report);
        }
    }
}

}  // namespace

std::vector<GameRecord> playGames(const std::vector<uci::SearchService*>& engines, const SelfPlayConfig& config,
                                  SelfPlayReport& report, const SelfPlayProgressHandler& progress,
                                  std::stop_token stop) {
    const GameSchedule schedule(config);
    std::vector<LiveGame> games;
    int done = -1;
    auto tell = [&] {
        SelfPlayProgress now;
        now.done = countedGames(schedule, games);
        now.total = schedule.target();
        for (LiveGame& g : games)
            if (g.over && !g.dropped && !std::exchange(g.told, true)) now.ended.push_back(&g.record);
        if (progress && (now.done != done || !now.ended.empty())) progress(now);
        done = now.done;
    };
    while (!stop.stop_requested() && refill(schedule, config, games, engines.empty())) {
        tell();
        if (stop.stop_requested()) break;  // the progress handler may stop
        playRound(engines, games, config, report, stop);
    }
    tell();
    report.started = int(games.size());
    report.stopped = stop.stop_requested();
    std::vector<GameRecord> out;
    for (LiveGame& g : games) {
        if (!g.over) {
            ++report.leftInPlay;  // stopped: its result is unknown
            continue;
        }
        if (g.dropped) continue;
        ++report.played;
        out.push_back(std::move(g.record));
    }
    return out;
}

GameOutcome playOneGame(uci::SearchService& engine, const SelfPlayConfig& config, int index, std::stop_token stop) {
    LiveGame g = newGame(index, config, false);
    GameOutcome out;
    out.index = index;
    while (!g.over && !stop.stop_requested()) {
        auto batch = engine.submit({nextSearch(g, config)}, stop);
        batch->wait();
        const uci::SearchResult& r = batch->results().front();
        if (r.status == uci::SearchStatus::Cancelled) break;  // stopped: the game stays in play
        advance(g, r, config, out.report);
    }
    out.ended = g.over;
    out.dropped = g.dropped;
    out.record = std::move(g.record);
    return out;
}

}  // namespace mf::suite
