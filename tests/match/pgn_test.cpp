// The PGN writer, read back by the project's PGN reader (evolution/suite).
#include <gtest/gtest.h>

#include "engine/notation.h"
#include "engine/pgn_reader.h"
#include "evolution/match/pgn_writer.h"

namespace mf::match {
namespace {

// A game record built by playing UCI moves from `fen` (the first `book` of them from the opening).
GameRecord record(const std::string& fen, const std::vector<std::string>& moves, int book) {
    GameRecord game;
    game.white = "Side \"A\"";
    game.black = "B";
    game.startFen = fen;
    Position pos = *Position::fromFen(fen);
    int i = 0;
    for (const auto& text : moves) {
        Move m = *parseUciMove(pos, text);
        MoveRecord r;
        r.uci = text;
        r.san = toSan(pos, m);
        r.book = i < book;
        if (!r.book) {
            r.score = uci::Score{uci::ScoreKind::Centipawns, i % 2 ? -35 : 3, uci::ScoreBound::Exact};
            r.depth = 12;
            r.timeMs = 123;
        }
        game.moves.push_back(r);
        pos.doMove(m);
        ++i;
    }
    return game;
}

TEST(PgnWriter, RoundTripThroughThePgnReader) {
    GameRecord game = record(std::string(Position::StartFen), {"f2f3", "e7e5", "g2g4", "d8h4"}, 2);
    game.moves[2].score = uci::Score{uci::ScoreKind::Mate, 3, uci::ScoreBound::Exact};
    game.result = GameResult::BlackWins;
    game.ending = Ending::Checkmate;
    game.reason = "Black mates {really}";
    PgnHeader header;
    header.date = "2026.11.23";
    header.round = "3.2";
    header.timeControl = "10+0.1";
    const std::string text = writePgn(game, header);
    EXPECT_NE(text.find("1. f3 {book} e5 {book} 2. g4 {+M3/12 0.123s} Qh4# {-0.35/12 0.123s}"), std::string::npos) << text;
    EXPECT_NE(text.find("{Black\nmates (really)} 0-1"), std::string::npos) << text;

    // Two games in one file, the second from a FEN with Black to move.
    GameRecord second = record("4k3/8/8/8/8/8/4P3/4K3 b - - 3 40", {"e8d7", "e2e4", "d7e6"}, 0);
    second.result = GameResult::Draw;
    second.ending = Ending::AdjudicatedDraw;
    second.reason = "Draw by adjudication";
    const std::string both = text + writePgn(second, header);
    EXPECT_NE(both.find("40... Kd7"), std::string::npos) << both;

    PgnFile file = parsePgn(both, "written.pgn");
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().describe();
    ASSERT_EQ(file.games.size(), 2u);
    const auto& first = file.games[0];
    EXPECT_EQ(first.tag("Event"), "MateFind match");
    EXPECT_EQ(first.tag("White"), "Side \"A\"");
    EXPECT_EQ(first.tag("Black"), "B");
    EXPECT_EQ(first.tag("Date"), "2026.11.23");
    EXPECT_EQ(first.tag("Round"), "3.2");
    EXPECT_EQ(first.tag("Result"), "0-1");
    EXPECT_EQ(first.tag("PlyCount"), "4");
    EXPECT_EQ(first.tag("TimeControl"), "10+0.1");
    EXPECT_EQ(first.tag("Termination"), "normal");
    EXPECT_EQ(first.tag("FEN"), "");  // the standard start needs no SetUp
    EXPECT_EQ(first.result, "0-1");
    ASSERT_EQ(first.moves.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(toUci(first.moves[i]), game.moves[i].uci);

    const auto& other = file.games[1];
    EXPECT_EQ(other.tag("SetUp"), "1");
    EXPECT_EQ(other.tag("FEN"), "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40");
    EXPECT_EQ(other.tag("Termination"), "adjudication");
    EXPECT_EQ(other.result, "1/2-1/2");
    EXPECT_EQ(other.start.fen(), second.startFen);
    ASSERT_EQ(other.moves.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(toUci(other.moves[i]), second.moves[i].uci);
}

TEST(PgnWriter, LongGamesWrapBefore80Columns) {
    std::vector<std::string> moves;
    for (int i = 0; i < 10; ++i)
        for (const char* m : {"g1f3", "g8f6", "f3g1", "f6g8"}) moves.push_back(m);
    GameRecord game = record(std::string(Position::StartFen), moves, 0);
    const std::string text = writePgn(game, PgnHeader{});
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t end = text.find('\n', start);
        EXPECT_LT(end - start, 80u) << text.substr(start, end - start);
        start = end + 1;
    }
    PgnFile file = parsePgn(text, "long.pgn");
    ASSERT_EQ(file.games.size(), 1u);
    EXPECT_EQ(file.games[0].moves.size(), 40u);
    EXPECT_EQ(file.games[0].result, "*");
}

}  // namespace
}  // namespace mf::match

namespace mf::match {
namespace {

// A game that went on after an engine was restarted (a crash, or "(none)" answered with a move by
// a fresh process) says how often in its header; an ordinary game has no such tag.
TEST(PgnWriter, RestartsAreCountedInTheHeader) {
    GameRecord game = record(std::string(Position::StartFen), {"f2f3", "e7e5"}, 0);
    EXPECT_EQ(writePgn(game, {}).find("EngineRestarts"), std::string::npos);
    game.restarts = 1;
    EXPECT_NE(writePgn(game, {}).find("[EngineRestarts \"1\"]\n"), std::string::npos);
}

}  // namespace
}  // namespace mf::match
