// Self-play's bookkeeping of searches that went wrong, against a scripted search service (no
// engine process): a search recovered by a retry (attempts 2) is counted and its game goes on
// unchanged; a failed search cuts its game, counted by kind of fault; games at the ply limit are
// counted apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>
#include <memory>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/attacks.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "evolution/suite/dispatched_self_play.h"
#include "evolution/suite/self_play.h"

namespace mf::suite {
namespace {

// Answers every request at once with what `answer` says, on the caller's thread.
class ScriptedService final : public uci::SearchService {
public:
    using Answer = std::function<uci::SearchResult(const uci::SearchRequest&)>;
    explicit ScriptedService(Answer answer) : answer_(std::move(answer)) { identity_.name = "Scripted"; }
    std::size_t workers() const override { return 1; }
    const uci::EngineIdentity& engine() const override { return identity_; }
    std::shared_ptr<uci::Batch> submit(std::vector<uci::SearchRequest> requests, std::stop_token stop,
                                       uci::ResultHandler onResult) override {
        auto batch = std::make_shared<uci::Batch>(std::move(requests), stop, std::move(onResult));
        for (std::size_t i = 0; i < batch->size(); ++i) batch->deliver(i, answer_(batch->request(i)));
        return batch;
    }
    void pause() override {}
    void resume() override {}

private:
    Answer answer_;
    uci::EngineIdentity identity_;
};

// A legal move picked by the ply (so games wander instead of repeating), score 0.
uci::SearchResult legalMove(const uci::SearchRequest& request) {
    Position pos = Position::startPosition();
    for (const std::string& text : request.moves) pos.doMove(*parseUciMove(pos, text));
    MoveList moves(pos);
    uci::SearchResult r;
    r.status = uci::SearchStatus::Completed;
    r.attempts = 1;
    r.bestMove = toUci(moves[int((request.moves.size() * 7) % std::size_t(moves.size()))]);
    r.score = uci::Score{};
    return r;
}

class SelfPlay : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
    SelfPlayConfig config() const {
        SelfPlayConfig c;
        c.games = 4;
        c.maxPlies = 40;
        c.seed = 5;
        return c;
    }
};

TEST_F(SelfPlay, ARecoveredSearchIsCountedAndItsGameGoesOnUnchanged) {
    ScriptedService plain(legalMove);
    SelfPlayReport plainReport;
    const auto expected = playGames({&plain}, config(), plainReport);
    ASSERT_EQ(expected.size(), 4u);
    EXPECT_EQ(plainReport.recoveredSearches, 0);

    // Game 2 (id 1) needs a second process for its move at ply 12.
    ScriptedService retried([](const uci::SearchRequest& request) {
        uci::SearchResult r = legalMove(request);
        if (request.id == 1 && request.moves.size() == 11) r.attempts = 2;
        return r;
    });
    SelfPlayReport report;
    const auto games = playGames({&retried}, config(), report);
    EXPECT_EQ(report.recoveredSearches, 1);
    ASSERT_EQ(report.recoveries.size(), 1u);
    EXPECT_EQ(report.recoveries[0].rfind("self-play game 2 ply 12: recovered by a retry on a fresh process", 0), 0u)
        << report.recoveries[0];
    EXPECT_EQ(report.failedSearches, 0);
    ASSERT_EQ(games.size(), expected.size());
    for (std::size_t i = 0; i < games.size(); ++i) {
        EXPECT_EQ(games[i].moves, expected[i].moves) << i;
        EXPECT_EQ(games[i].result, expected[i].result) << i;
    }
    EXPECT_NE(report.describe().find("1 search recovered by a retry on a fresh process; 0 games cut"), std::string::npos)
        << report.describe();
}

TEST_F(SelfPlay, FailedSearchesCutTheirGamesAndAreCountedByFault) {
    ScriptedService failing([](const uci::SearchRequest& request) {
        uci::SearchResult r = legalMove(request);
        const std::size_t ply = request.moves.size();
        if (ply == 14 && request.id <= 2) {
            r.status = uci::SearchStatus::Failed;
            r.fault = request.id == 0   ? uci::SearchFault::NoMove
                      : request.id == 1 ? uci::SearchFault::PastDeadline
                                        : uci::SearchFault::Engine;
            r.failure = "scripted failure";
            r.attempts = request.id == 2 ? 2 : 1;
        }
        return r;
    });
    SelfPlayReport report;
    const auto games = playGames({&failing}, config(), report);
    ASSERT_EQ(games.size(), 4u);
    EXPECT_EQ(report.failedSearches, 3);
    EXPECT_EQ(report.cutByNoMove, 1);
    EXPECT_EQ(report.cutPastDeadline, 1);
    EXPECT_EQ(report.recoveredSearches, 0);  // a second attempt that failed too is no recovery
    for (int i = 0; i < 3; ++i) {
        EXPECT_EQ(games[std::size_t(i)].result, "*") << i;
        EXPECT_EQ(games[std::size_t(i)].moves.size(), 14u) << i;  // kept up to the failure
    }
    ASSERT_EQ(report.failures.size(), 3u);
    EXPECT_EQ(report.failures[0].rfind("self-play game 1 ply 15: failed scripted failure", 0), 0u) << report.failures[0];
    EXPECT_NE(report.describe().find("3 games cut by a failed search (1 no move in a live position, 1 past the deadline, 1 other)"),
              std::string::npos)
        << report.describe();
}

TEST_F(SelfPlay, GamesStillRunningAtThePlyLimitAreCountedApart) {
    ScriptedService plain(legalMove);
    SelfPlayReport report;
    const auto games = playGames({&plain}, config(), report);
    int unfinished = 0;
    for (const GameRecord& g : games)
        if (g.result == "*") {
            ++unfinished;
            EXPECT_EQ(g.moves.size(), 40u);
        }
    EXPECT_GT(unfinished, 0);  // a 40-ply limit stops wandering games
    EXPECT_EQ(report.atPlyLimit, unfinished);
    EXPECT_EQ(report.failedSearches, 0);
}

// Games that end with a result by adjudication at ply 28, except that the games whose id is a
// multiple of 3 open unbalanced (dropped after their first search).
uci::SearchResult adjudicatedUnlessEveryThird(const uci::SearchRequest& request) {
    uci::SearchResult r = legalMove(request);
    const std::size_t ply = request.moves.size();
    const bool opening = ply == 0;
    r.score = uci::Score{};
    r.score->value = opening && request.id % 3 == 0 ? 500 : ply >= 20 ? 1200 : 0;
    return r;
}

std::vector<std::string> names(const std::vector<GameRecord>& games) {
    std::vector<std::string> out;
    for (const GameRecord& g : games) out.push_back(g.name);
    return out;
}

TEST_F(SelfPlay, GamesCountsTheGamesKeptWhenUnusableOnesAreReplaced) {
    ScriptedService engine(adjudicatedUnlessEveryThird);
    SelfPlayConfig c = config();
    c.randomPlies = 0;
    c.games = 6;
    c.replaceUnusable = true;
    SelfPlayReport report;
    const auto games = playGames({&engine}, c, report);
    // Games 1, 4 and 7 (ids 0, 3, 6) open unbalanced: nine begun, six kept, all with a result.
    EXPECT_EQ(names(games), (std::vector<std::string>{"self-play game 2", "self-play game 3", "self-play game 5",
                                                      "self-play game 6", "self-play game 8", "self-play game 9"}));
    for (const GameRecord& g : games) EXPECT_NE(g.result, "*") << g.name;
    EXPECT_EQ(report.started, 9);
    EXPECT_EQ(report.unbalanced, 3);
    EXPECT_EQ(report.played, 6);
    // Two games in play at a time give the same games, move for move: the scheduling changes nothing.
    c.liveGames = 2;
    SelfPlayReport fewReport;
    const auto few = playGames({&engine}, c, fewReport);
    ASSERT_EQ(names(few), names(games));
    for (std::size_t i = 0; i < few.size(); ++i) EXPECT_EQ(few[i].moves, games[i].moves) << i;
    EXPECT_EQ(fewReport.started, 9);
    // Without replacing, `games` counts the games begun, as before.
    c.replaceUnusable = false;
    SelfPlayReport plainReport;
    EXPECT_EQ(playGames({&engine}, c, plainReport).size(), 4u);  // six begun, two dropped
    EXPECT_EQ(plainReport.started, 6);
}

TEST_F(SelfPlay, ReplacingStopsAtTheBoundOnGamesBegun) {
    ScriptedService lopsided([](const uci::SearchRequest& request) {
        uci::SearchResult r = legalMove(request);
        r.score->value = 900;  // every opening unbalanced
        return r;
    });
    SelfPlayConfig c = config();
    c.games = 3;
    c.replaceUnusable = true;
    c.maxStarted = 5;
    SelfPlayReport report;
    EXPECT_TRUE(playGames({&lopsided}, c, report).empty());
    EXPECT_EQ(report.started, 5);
    EXPECT_EQ(report.unbalanced, 5);
}

TEST_F(SelfPlay, AStopKeepsTheGamesThatEndedAndLeavesOutThoseInPlay) {
    ScriptedService engine(adjudicatedUnlessEveryThird);
    SelfPlayConfig c = config();
    c.randomPlies = 0;
    c.games = 20;
    c.replaceUnusable = true;
    c.liveGames = 2;
    std::stop_source stop;
    SelfPlayReport report;
    const auto games = playGames({&engine}, c, report, [&](const SelfPlayProgress& p) {
        if (p.done >= 3) stop.request_stop();
    }, stop.get_token());
    ASSERT_GE(games.size(), 3u);
    EXPECT_LT(games.size(), 20u);
    for (const GameRecord& g : games) EXPECT_NE(g.result, "*") << g.name;  // only ended games
    EXPECT_TRUE(report.stopped);
    EXPECT_GT(report.leftInPlay, 0);
    EXPECT_NE(report.describe().find("stopped with "), std::string::npos) << report.describe();
}

// A mix of every kind of game: ids that are multiples of 3 open unbalanced, ids 1, 5, 9, ...
// wander to the ply limit (no result), id 4 is cut by a failed search at ply 14, id 8 needs a
// retry at ply 12, the others are adjudicated.
uci::SearchResult everyKindOfGame(const uci::SearchRequest& request) {
    uci::SearchResult r = adjudicatedUnlessEveryThird(request);
    if (request.id % 4 == 1 && request.id % 3 != 0) r.score->value = 0;
    if (request.id == 4 && request.moves.size() == 14) {
        r.status = uci::SearchStatus::Failed;
        r.failure = "scripted failure";
    }
    if (request.id == 8 && request.moves.size() == 12) r.attempts = 2;
    return r;
}

// Plays each game begun with playOneGame on a thread of its own, the games begun last first
// (the latest game waiting is taken each time), so games end out of order.
class LastFirstPlayer {
public:
    explicit LastFirstPlayer(uci::SearchService& engine, const SelfPlayConfig& config)
        : engine_(engine), config_(config), thread_([this](std::stop_token stop) { serve(stop); }) {}
    ~LastFirstPlayer() {
        thread_.request_stop();
        wake_.notify_all();
    }
    void begin(int index, std::stop_token stop, GameDone done) {
        std::lock_guard lock(mutex_);
        waiting_.push_back({index, std::move(stop), std::move(done)});
        maxWaiting_ = std::max(maxWaiting_, waiting_.size());
        wake_.notify_all();
    }
    std::vector<int> order;  // the games in the order they were played
    std::size_t maxWaiting() const { return maxWaiting_; }

private:
    struct Waiting {
        int index;
        std::stop_token stop;
        GameDone done;
    };
    void serve(std::stop_token stop) {
        for (;;) {
            Waiting next;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return stop.stop_requested() || !waiting_.empty(); });
                if (waiting_.empty()) return;
                next = std::move(waiting_.back());
                waiting_.pop_back();
            }
            order.push_back(next.index);
            next.done(playOneGame(engine_, config_, next.index, next.stop));
        }
    }
    uci::SearchService& engine_;
    const SelfPlayConfig& config_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<Waiting> waiting_;
    std::size_t maxWaiting_ = 0;
    std::jthread thread_;
};

TEST_F(SelfPlay, DispatchedGamesAreTheLocalGamesInGameOrderWhicheverEndsFirst) {
    ScriptedService engine(everyKindOfGame);
    SelfPlayConfig c = config();
    c.randomPlies = 0;
    c.games = 7;
    c.replaceUnusable = true;
    c.liveGames = 3;
    SelfPlayReport localReport;
    std::vector<int> localProgress;
    std::vector<std::string> localEnded;  // every game the handler was told had ended
    const auto local = playGames({&engine}, c, localReport, [&](const SelfPlayProgress& p) {
        localProgress.push_back(p.done);
        for (const GameRecord* g : p.ended) localEnded.push_back(g->name);
    });

    SelfPlayReport report;
    std::vector<int> progress;
    std::vector<std::string> ended;
    LastFirstPlayer player(engine, c);
    const auto games = playDispatchedGames(
        [&](int index, std::stop_token stop, GameDone done) { player.begin(index, stop, std::move(done)); }, 4, c, report,
        [&](const SelfPlayProgress& p) {
            progress.push_back(p.done);
            for (const GameRecord* g : p.ended) ended.push_back(g->name);
        });
    // The handlers heard of each returned game once, whichever way it was played (the resultless
    // ones too: they are returned), and of no dropped game.
    std::sort(localEnded.begin(), localEnded.end());
    std::sort(ended.begin(), ended.end());
    std::vector<std::string> returned = names(local);
    std::sort(returned.begin(), returned.end());
    EXPECT_EQ(localEnded, returned);
    EXPECT_EQ(ended, returned);

    ASSERT_EQ(names(games), names(local));
    for (std::size_t i = 0; i < games.size(); ++i) {
        EXPECT_EQ(games[i].moves, local[i].moves) << i;
        EXPECT_EQ(games[i].result, local[i].result) << i;
        EXPECT_EQ(games[i].adjudicatedFromPly, local[i].adjudicatedFromPly) << i;
    }
    EXPECT_EQ(report.describe(), localReport.describe());
    EXPECT_EQ(report.started, localReport.started);
    EXPECT_EQ(report.played, localReport.played);
    EXPECT_EQ(report.failedSearches, 1);
    EXPECT_EQ(report.recoveredSearches, 1);
    EXPECT_GT(report.unbalanced, 0);
    EXPECT_GT(report.atPlyLimit, 0);
    EXPECT_FALSE(std::is_sorted(player.order.begin(), player.order.end())) << "the games should end out of order";
    EXPECT_LE(player.maxWaiting(), 4u);  // never more than inPlay begun and not done
    EXPECT_EQ(progress.front(), 0);
    EXPECT_EQ(progress.back(), 7);
    EXPECT_TRUE(std::is_sorted(progress.begin(), progress.end()));
}

TEST_F(SelfPlay, ADispatchedStopKeepsTheGamesThatEndedAndWaitsForThoseInPlay) {
    ScriptedService engine(adjudicatedUnlessEveryThird);
    SelfPlayConfig c = config();
    c.randomPlies = 0;
    c.games = 20;
    c.replaceUnusable = true;
    std::stop_source stop;
    LastFirstPlayer player(engine, c);
    // The stop comes when 3 games are kept: the games begun but not yet played come back in play.
    SelfPlayReport report;
    const auto games = playDispatchedGames(
        [&](int index, std::stop_token token, GameDone done) { player.begin(index, token, std::move(done)); }, 5, c,
        report, [&](const SelfPlayProgress& p) {
            if (p.done >= 3) stop.request_stop();
        },
        stop.get_token());
    ASSERT_GE(games.size(), 3u);
    EXPECT_LT(games.size(), 20u);
    for (const GameRecord& g : games) EXPECT_NE(g.result, "*") << g.name;
    EXPECT_TRUE(report.stopped);
    EXPECT_GT(report.leftInPlay, 0);
    EXPECT_EQ(report.started, report.played + report.unbalanced + report.leftInPlay);
}

}  // namespace
}  // namespace mf::suite
