// Games between fake engines (tests/uci/fake_engine.cpp) that play scripted moves: every rule
// ending and the score adjudications inside a real game, the forfeits (illegal move, crash, hang,
// time), the clock, and the match runner's order and SPRT stop.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "engine/position.h"
#include "evolution/match/game.h"
#include "evolution/match/match_runner.h"
#include "tests/test_time.h"
#include "tests/uci/fake_engine_support.h"

namespace mf::match {
namespace {

using uci::testing::fakeEngine;

uci::EngineConfig engine(std::vector<std::string> arguments = {}, const std::filesystem::path& log = {}) {
    uci::EngineConfig config = fakeEngine(std::move(arguments), log);
    config.newGame = uci::NewGamePolicy::Never;  // the game sends it
    return config;
}

Side scripted(std::string name, std::string script, uci::OptionValues more = {}) {
    Side side{std::move(name), {{"Script", std::move(script)}}};
    for (auto& option : more) side.options.push_back(std::move(option));
    return side;
}

Opening from(std::string fen, std::vector<std::string> moves = {}) { return Opening{"test", std::move(fen), std::move(moves)}; }

GameSettings nodes() {
    GameSettings settings;
    settings.limits = GameLimits::nodes(3000);
    return settings;
}

struct Engines {
    uci::EngineSession white, black;
    explicit Engines(std::vector<std::string> whiteArgs = {}, std::vector<std::string> blackArgs = {})
        : white(engine(std::move(whiteArgs)), 0), black(engine(std::move(blackArgs)), 1) {}
};

const std::string start(Position::StartFen);

TEST(Game, CheckmateByTheRules) {
    Engines e;
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start), nodes(), e.white, e.black);
    EXPECT_EQ(game.result, GameResult::BlackWins);
    EXPECT_EQ(game.ending, Ending::Checkmate);
    EXPECT_EQ(game.reason, "Black mates");
    EXPECT_EQ(game.white, "W");
    ASSERT_EQ(game.moves.size(), 4u);
    EXPECT_EQ(game.moves[3].san, "Qh4#");
    EXPECT_TRUE(game.moves[3].score.has_value());
}

// Harness efficiency (think time / wall) is made of this sum: it keeps each search's fraction of a
// millisecond, which the moves' whole milliseconds drop (about 0.5 ms a move, a fifth of a short
// search). The fake engine's answers are never a whole number of milliseconds long.
TEST(Game, ThinkTimeIsSummedExactlyNotInWholeMilliseconds) {
    Engines e;
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start), nodes(), e.white, e.black);
    ASSERT_EQ(game.moves.size(), 4u);
    std::chrono::milliseconds wholeMs{0};
    for (const auto& move : game.moves) wholeMs += std::chrono::milliseconds(move.timeMs);
    EXPECT_GT(game.thinkTime, wholeMs);
    EXPECT_LT(game.thinkTime, wholeMs + std::chrono::milliseconds(game.moves.size()));
}

TEST(Game, OpeningMovesAreBookAndCountForTheEngines) {
    Engines e;
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start, {"f2f3", "e7e5"}), nodes(), e.white, e.black);
    EXPECT_EQ(game.ending, Ending::Checkmate);
    ASSERT_EQ(game.moves.size(), 4u);
    EXPECT_TRUE(game.moves[0].book);
    EXPECT_TRUE(game.moves[1].book);
    EXPECT_FALSE(game.moves[2].book);
}

TEST(Game, EveryOtherRuleEnding) {
    struct Case {
        std::string fen, script;
        Ending ending;
    };
    const std::string shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";
    for (const auto& c : {Case{start, shuffle, Ending::Repetition},
                          Case{"k7/8/8/8/8/8/1Q6/K7 w - - 0 1", "b2b6", Ending::Stalemate},
                          Case{"4k3/8/8/8/8/8/R7/4K3 w - - 99 80", "a2b2", Ending::FiftyMoves},
                          Case{"4k3/8/8/8/8/8/4r3/4KN2 w - - 0 1", "e1e2", Ending::InsufficientMaterial}}) {
        Engines e;
        GameRecord game = playGame(scripted("W", c.script), scripted("B", c.script), from(c.fen), nodes(), e.white, e.black);
        EXPECT_EQ(game.ending, c.ending) << c.fen << ": " << game.reason;
        EXPECT_EQ(game.result, GameResult::Draw) << c.fen;
    }
}

TEST(Game, ScoreAdjudications) {
    const std::string shuffle = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6";
    {
        Engines e;
        GameSettings settings = nodes();
        settings.adjudication.drawMoves = 1;
        settings.adjudication.drawScoreCp = 5;
        GameRecord game = playGame(scripted("W", shuffle, {{"Score", "3"}}), scripted("B", shuffle, {{"Score", "-2"}}),
                                   from(start), settings, e.white, e.black);
        EXPECT_EQ(game.ending, Ending::AdjudicatedDraw) << game.reason;
        EXPECT_EQ(game.result, GameResult::Draw);
        EXPECT_EQ(game.moves.size(), 2u);
    }
    {
        Engines e;
        GameSettings settings = nodes();
        settings.adjudication.winMoves = 2;
        settings.adjudication.winScoreCp = 900;
        // Both engines see Black winning: White's says -950 (its view), Black's +1000.
        GameRecord game = playGame(scripted("W", shuffle, {{"Score", "-950"}}), scripted("B", shuffle, {{"Score", "1000"}}),
                                   from(start), settings, e.white, e.black);
        EXPECT_EQ(game.ending, Ending::AdjudicatedWin) << game.reason;
        EXPECT_EQ(game.result, GameResult::BlackWins);
        EXPECT_EQ(game.moves.size(), 4u);
    }
    {
        Engines e;
        GameSettings settings = nodes();
        settings.adjudication.maxPlies = 3;
        GameRecord game = playGame(scripted("W", shuffle), scripted("B", shuffle), from(start), settings, e.white, e.black);
        EXPECT_EQ(game.ending, Ending::MaxLength);
        EXPECT_EQ(game.moves.size(), 3u);
    }
}

TEST(Game, ForfeitsForIllegalMoveCrashAndHang) {
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    struct Case {
        std::string fault;
        Ending ending;
        std::string why;
    };
    for (const auto& c : {Case{"--fault=illegal", Ending::IllegalMove, "illegal bestmove 'e7e5'"},
                          Case{"--fault=crash", Ending::EngineFault, "engine exited during the search"},
                          Case{"--fault=hang", Ending::EngineFault, "FakeEngine 1.0 passed its deadline"}}) {
        // White misbehaves at its first search; Black is fine.
        Engines e({c.fault});
        GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start), nodes(), e.white, e.black);
        EXPECT_EQ(game.result, GameResult::BlackWins) << c.fault;
        EXPECT_EQ(game.ending, c.ending) << c.fault << ": " << game.reason;
        EXPECT_NE(game.reason.find("White forfeits: " + c.why), std::string::npos) << game.reason;
        EXPECT_EQ(game.moves.size(), 0u);
        EXPECT_EQ(game.restarts, 1) << "killed after the first attempt, restarted for the retry";
        // Black's engine was not touched: it plays the next game at once.
        Engines fine;
        GameRecord next = playGame(scripted("W", fool), scripted("B", fool), from(start), nodes(), fine.white, e.black);
        EXPECT_EQ(next.ending, Ending::Checkmate);
    }
}

// "bestmove (none)" or "bestmove 0000" while the side to move has legal moves (Glaurung 2.2 does
// it in long games) is retried on a fresh process; when the fresh process says it too, the game
// is forfeited with that reason.
TEST(Game, NoMoveWithLegalMovesIsAForfeitWhenTheRetrySaysItToo) {
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    for (const char* fault : {"--fault=none-move", "--fault=zero-move"}) {
        Engines e({fault});
        GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start), nodes(), e.white, e.black);
        EXPECT_EQ(game.result, GameResult::BlackWins) << fault;
        EXPECT_EQ(game.ending, Ending::EngineFault) << fault << ": " << game.reason;
        EXPECT_NE(game.reason.find("White forfeits: FakeEngine 1.0 answered 'bestmove "), std::string::npos) << game.reason;
        EXPECT_NE(game.reason.find("after a restart"), std::string::npos) << game.reason;
        EXPECT_EQ(game.moves.size(), 0u);
    }
}

// One "(none)" in a live position, which a fresh process answers with a move: the game goes on,
// and the record counts the restart.
TEST(Game, OneNoMoveAnswerIsSurvived) {
    uci::testing::ScratchDir dir;
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    Engines e({"--fault=none-move", "--fault-once=" + (dir.path() / "once").string()});
    GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start), nodes(), e.white, e.black);
    EXPECT_EQ(game.ending, Ending::Checkmate) << game.reason;
    EXPECT_EQ(game.moves.size(), 4u);
    EXPECT_EQ(game.restarts, 1);
}

TEST(Game, ClockIsSentAndKept) {
    uci::testing::ScratchDir dir;
    uci::EngineSession white(engine({}, dir.path() / "white.log"), 0), black(engine({}, dir.path() / "black.log"), 1);
    GameSettings settings;
    settings.limits = GameLimits::clock(2000, 100);
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    GameRecord game = playGame(scripted("W", fool), scripted("B", fool), from(start), settings, white, black);
    EXPECT_EQ(game.ending, Ending::Checkmate) << game.reason;
    ASSERT_EQ(game.moves.size(), 4u);
    // White's clock after its first move: 2000 - think + 100.
    EXPECT_EQ(game.moves[0].clockLeftMs, 2000 - game.moves[0].timeMs + 100);
    white.shutdown();
    std::ifstream log(dir.path() / "white.log");
    std::stringstream text;
    text << log.rdbuf();
    EXPECT_NE(text.str().find("< go wtime 2000 btime 2000 winc 100 binc 100"), std::string::npos) << text.str();
    EXPECT_NE(text.str().find("< ucinewgame"), std::string::npos);
}

TEST(Game, LossOnTime) {
    const std::string fool = "f2f3 e7e5 g2g4 d8h4";
    {
        // White needs about 10 x 50 ms for its move with 300 ms on its clock (+ 50 ms tolerance).
        Engines e;
        GameSettings settings;
        settings.limits = GameLimits::clock(300, 0);
        GameRecord game = playGame(scripted("W", fool, {{"DepthStepMs", "50"}}), scripted("B", fool), from(start), settings,
                                   e.white, e.black);
        EXPECT_EQ(game.ending, Ending::TimeForfeit) << game.reason;
        EXPECT_EQ(game.result, GameResult::BlackWins);
        EXPECT_NE(game.reason.find("White loses on time"), std::string::npos) << game.reason;
    }
    {
        // So slow that the session gives up first (time left + grace): also a loss on time. The
        // grace is a test limit (scaled under a sanitizer), so the engine's ~10 steps are scaled
        // with it to stay past the deadline: 10 x 200 f ms > 300 + 500 f ms.
        Engines e;
        GameSettings settings;
        settings.limits = GameLimits::clock(300, 0);
        const std::string slowStep = mf::test_time::scaledMsText(200);
        GameRecord game = playGame(scripted("W", fool), scripted("B", fool, {{"DepthStepMs", slowStep}}), from(start), settings,
                                   e.white, e.black);
        EXPECT_EQ(game.ending, Ending::TimeForfeit) << game.reason;
        EXPECT_EQ(game.result, GameResult::WhiteWins);
        EXPECT_NE(game.reason.find("Black loses on time (FakeEngine 1.0 passed its deadline"), std::string::npos)
            << game.reason;
    }
}

// The knights go out and back twice: threefold repetition after 8 plies, 4 moves a side.
const std::string knights = "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8";

std::vector<std::string> goLines(const std::filesystem::path& log) {
    std::ifstream in(log);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (line.rfind("< go ", 0) == 0) lines.push_back(line);
    return lines;
}

// cutechess's "2/0.8+0" (scaled): White's engine takes about 0.3 s a move, 0.6 s a period, and
// gets another 0.8 s after every second move, so it plays all four; without the refill its
// third move would have about 0.2 s left, and it loses on time.
TEST(Game, MovesPerPeriodRefillTheClockAndSendMovestogo) {
    const std::int64_t baseMs = 800 * mf::test_time::timeFactor();
    const std::string slow = mf::test_time::scaledMsText(30);
    for (int moves : {2, 0}) {
        uci::testing::ScratchDir dir;
        uci::EngineSession white(engine({}, dir.path() / "white.log"), 0), black(engine(), 1);
        GameSettings settings;
        settings.limits = GameLimits::clock(baseMs, 0, moves);
        GameRecord game = playGame(scripted("W", knights, {{"DepthStepMs", slow}}), scripted("B", knights), from(start),
                                   settings, white, black);
        if (moves == 0) {
            EXPECT_EQ(game.ending, Ending::TimeForfeit) << game.reason;
            EXPECT_EQ(game.result, GameResult::BlackWins) << game.reason;
            continue;
        }
        ASSERT_EQ(game.ending, Ending::Repetition) << game.reason;
        ASSERT_EQ(game.moves.size(), 8u);
        // White's clock: minus each move's time, plus the base after moves 2 and 4.
        std::int64_t left = baseMs;
        for (std::size_t ply = 0; ply < 8; ply += 2) {
            left -= game.moves[ply].timeMs;
            if (ply == 2 || ply == 6) left += baseMs;
            EXPECT_EQ(game.moves[ply].clockLeftMs, left) << "ply " << ply;
        }
        white.shutdown();
        const auto lines = goLines(dir.path() / "white.log");
        ASSERT_EQ(lines.size(), 4u);
        const char* movesToGo[] = {" movestogo 2", " movestogo 1", " movestogo 2", " movestogo 1"};
        for (std::size_t i = 0; i < 4; ++i)
            EXPECT_TRUE(lines[i].ends_with(movesToGo[i])) << lines[i];
        EXPECT_NE(lines[2].find("wtime " + std::to_string(game.moves[2].clockLeftMs)), std::string::npos) << lines[2];
    }
}

// A flag fall loses, unless the opponent has only its king: then it is a draw (cutechess).
TEST(Game, AFlagFallAgainstALoneKingIsADraw) {
    GameSettings settings;
    settings.limits = GameLimits::clock(100, 0);
    const auto slow = uci::OptionValues{{"DepthStepMs", mf::test_time::scaledMsText(60)}};
    {
        Engines e;  // White (king and rook) flags; Black has only its king
        GameRecord game = playGame(scripted("W", "a1a2", slow), scripted("B", "e8d8"),
                                   from("4k3/8/8/8/8/8/8/R3K3 w - - 0 1"), settings, e.white, e.black);
        EXPECT_EQ(game.ending, Ending::TimeForfeit) << game.reason;
        EXPECT_EQ(game.result, GameResult::Draw) << game.reason;
        EXPECT_NE(game.reason.find("White's flag fell, but Black has only its king"), std::string::npos) << game.reason;
    }
    {
        Engines e;  // Black (only a king) flags against a rook: a loss
        GameRecord game = playGame(scripted("W", "a1a2"), scripted("B", "e8d8", slow),
                                   from("4k3/8/8/8/8/8/8/R3K3 b - - 0 1"), settings, e.white, e.black);
        EXPECT_EQ(game.ending, Ending::TimeForfeit) << game.reason;
        EXPECT_EQ(game.result, GameResult::WhiteWins) << game.reason;
        EXPECT_NE(game.reason.find("Black loses on time"), std::string::npos) << game.reason;
    }
}

// A slow side B flags in both games of a pair: two losses on time for B, counted as forfeits
// and as time losses; a flag fall against a lone king is a draw and counts as neither.
TEST(Match, LossesOnTimeAreCounted) {
    MatchConfig config;
    config.a = scripted("A", knights);
    config.b = scripted("B", knights, {{"DepthStepMs", mf::test_time::scaledMsText(60)}});
    config.engineA = engine();
    config.engineB = engine();
    config.openings = {from(start)};
    config.pairs = 1;
    config.game.limits = GameLimits::clock(150 * mf::test_time::timeFactor(), 0, 40);
    MatchSummary summary = runMatch(config);
    ASSERT_EQ(summary.pairsDone, 1) << summary.stopReason;
    EXPECT_EQ(summary.games.wins, 2);
    EXPECT_EQ(summary.endings["time forfeit"], 2);
    EXPECT_EQ(summary.forfeitsB, 2);
    EXPECT_EQ(summary.timeLossesB, 2);
    EXPECT_EQ(summary.timeLossesA, 0);

    PairResult pair;
    pair.games[0].result = GameResult::Draw;  // A (White) flagged against a lone king
    pair.games[0].ending = Ending::TimeForfeit;
    pair.games[1].result = GameResult::WhiteWins;  // B (White) won: A flagged as Black
    pair.games[1].ending = Ending::TimeForfeit;
    MatchSummary counted;
    addPair(counted, pair);
    EXPECT_EQ(counted.games.draws, 1);
    EXPECT_EQ(counted.games.losses, 1);
    EXPECT_EQ(counted.forfeitsA, 1);
    EXPECT_EQ(counted.timeLossesA, 1);
    EXPECT_EQ(counted.forfeitsB, 0);
}

// Side A wins both games from the start position (scholar's mate as White, fool's mate as Black);
// from the stalemate-ish opening both sides' first move is illegal, so each loses its White game.
const std::string scriptA = "e2e4 e7e5 d1h5 d8h4 f1c4 a1a1 h5f7";
const std::string scriptB = "f2f3 e7e5 g2g4 b8c6 a1a1 g8f6";

TEST(Pair, ColoursReversedAndPointsCounted) {
    uci::EngineSession a(engine(), 0), b(engine(), 1);
    PairResult pair = playPair(scripted("A", scriptA), scripted("B", scriptB), from(start), nodes(), a, b, {}, 5);
    EXPECT_EQ(pair.index, 5u);
    ASSERT_TRUE(pair.complete());
    EXPECT_EQ(pair.games[0].white, "A");
    EXPECT_EQ(pair.games[0].result, GameResult::WhiteWins) << pair.games[0].reason;
    EXPECT_EQ(pair.games[1].white, "B");
    EXPECT_EQ(pair.games[1].result, GameResult::BlackWins) << pair.games[1].reason;
    EXPECT_EQ(pair.halfPointsA(), 4);
}

TEST(Match, PairsInOrderAndTheSprtStops) {
    MatchConfig config;
    config.a = scripted("A", scriptA);
    config.b = scripted("B", scriptB);
    config.engineA = engine();
    config.engineB = engine();
    config.openings = {from(start), from("k7/8/8/8/8/8/1Q6/K7 w - - 0 1")};
    config.pairs = 20;
    config.game = nodes();
    config.workers = 2;
    // Pairs alternate 2 points and 1 point for A. With elo0 0, elo1 100 the LLR first crosses the
    // upper bound (2.944) after 7 pairs: mean 5.5/7 = 0.7857143, variance 3/49 = 0.0612245,
    // s1 = 1/(1+10^-0.25) = 0.640065, LLR = 7 * 0.140065 * (1.5714286 - 1.140065) / 0.122449 = 3.45395
    // (after 6 pairs: mean 0.75, variance 0.0625, LLR 6 * 0.140065 * 0.359935 / 0.125 = 2.42, below).
    config.sprt = SprtConfig{0, 100, 0.05, 0.05};
    std::vector<std::uint64_t> order;
    MatchSummary summary = runMatch(config, [&](const PairResult& pair, const MatchSummary& s) {
        order.push_back(pair.index);
        EXPECT_EQ(s.pairsDone, std::int64_t(order.size()));
    });
    EXPECT_EQ(summary.pairsDone, 7);
    EXPECT_EQ(order, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5, 6}));
    EXPECT_EQ(summary.stopReason, "SPRT: H1 accepted");
    ASSERT_TRUE(summary.sprt);
    EXPECT_NEAR(summary.sprt->llr, 3.453949, 1e-5);
    EXPECT_EQ(summary.pairs.counts, (std::array<std::int64_t, 5>{0, 0, 3, 0, 4}));
    EXPECT_EQ(summary.games.wins, 11);
    EXPECT_EQ(summary.games.losses, 3);
    EXPECT_EQ(summary.forfeitsA, 3);
    EXPECT_EQ(summary.forfeitsB, 3);
}

TEST(Match, AnEngineThatCannotStartFailsTheMatchAtOnce) {
    MatchConfig config;
    config.engineA = engine();
    config.engineB = engine({"--fault=exit-at-start"});
    config.openings = {from(start)};
    config.game = nodes();
    MatchSummary summary = runMatch(config);
    EXPECT_EQ(summary.pairsDone, 0);
    EXPECT_NE(summary.stopReason.find("engine of side B cannot start"), std::string::npos) << summary.stopReason;
}

}  // namespace
}  // namespace mf::match
