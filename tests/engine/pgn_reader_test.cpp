// The PGN reader: tags, movetext with every kind of annotation, results, and errors with line
// numbers that leave the other games usable.
#include <gtest/gtest.h>

#include <string>

#include "engine/attacks.h"
#include "engine/notation.h"
#include "engine/pgn_reader.h"

namespace mf {
namespace {

class PgnReader : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }

    static std::string finalFen(const PgnGame& game) {
        Position pos = game.start;
        for (Move m : game.moves) pos.doMove(m);
        return pos.epdFields();
    }
};

TEST_F(PgnReader, FullGameWithAnnotations) {
    const char* text = R"([Event "Test \"quoted\" event"]
[Site "?"]
[White "A"]
[Black "B"]
[Result "1-0"]

% an escape line: ignored entirely ( { [
1. e4 {a comment
spanning lines ( ) } e5 $1 2. Nf3!? (2. f4 exf4 (2... d5) 3. Nf3) Nc6 ; rest ignored ( {
3.Bb5 a6?! 4. Ba4 $14 Nf6 5. O-O 1-0
)";
    PgnFile file = parsePgn(text, "t.pgn");
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().describe();
    ASSERT_EQ(file.games.size(), 1u);
    const PgnGame& g = file.games[0];
    EXPECT_EQ(g.line, 1);
    EXPECT_EQ(g.tag("Event"), "Test \"quoted\" event");
    EXPECT_EQ(g.tag("White"), "A");
    EXPECT_EQ(g.tag("Missing"), "");
    EXPECT_EQ(g.result, "1-0");
    ASSERT_EQ(g.moves.size(), 9u);
    EXPECT_EQ(toUci(g.moves[8]), "e1g1");
    EXPECT_EQ(finalFen(g), "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQ1RK1 b kq -");
}

TEST_F(PgnReader, SeveralGamesResultsAndMoveNumberForms) {
    const char* text = R"([White "x"]

1.d4 d5 2.c4 1/2-1/2

1. e4 1... c5 2.Nf3 0-1
[Event "third"]
1. f3 e5 2. g4 Qh4# *
)";
    PgnFile file = parsePgn(text, "t.pgn");
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().describe();
    ASSERT_EQ(file.games.size(), 3u);
    EXPECT_EQ(file.games[0].result, "1/2-1/2");
    EXPECT_EQ(file.games[0].moves.size(), 3u);
    EXPECT_EQ(file.games[1].line, 5);  // a game without tags starts at its first move
    EXPECT_TRUE(file.games[1].tags.empty());
    EXPECT_EQ(file.games[1].result, "0-1");
    EXPECT_EQ(file.games[1].moves.size(), 3u);
    EXPECT_EQ(file.games[2].tag("Event"), "third");
    EXPECT_EQ(file.games[2].result, "*");
    EXPECT_EQ(file.games[2].moves.size(), 4u);
}

TEST_F(PgnReader, GameWithoutResultEndsAtTheNextTags) {
    PgnFile file = parsePgn("[A \"1\"]\n1. e4 e5\n[A \"2\"]\n1. d4\n", "t.pgn");
    ASSERT_TRUE(file.errors.empty());
    ASSERT_EQ(file.games.size(), 2u);
    EXPECT_EQ(file.games[0].result, "");
    EXPECT_EQ(file.games[0].moves.size(), 2u);
    EXPECT_EQ(file.games[1].moves.size(), 1u);
}

TEST_F(PgnReader, FenTagSetsTheStart) {
    const char* text = R"([SetUp "1"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 w - - 0 40"]

40. e4 Kd7 41. e5 *
)";
    PgnFile file = parsePgn(text, "t.pgn");
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().describe();
    ASSERT_EQ(file.games.size(), 1u);
    EXPECT_EQ(finalFen(file.games[0]), "8/3k4/8/4P3/8/8/8/4K3 b - -");
}

TEST_F(PgnReader, IllegalMoveDropsOnlyThatGame) {
    const char* text = "[G \"1\"]\n1. e4 e5\n2. Nf3 Nf6 3. Ke3 Nc6 1-0\n\n[G \"2\"]\n1. d4 d5 *\n";
    PgnFile file = parsePgn(text, "games.pgn");
    ASSERT_EQ(file.errors.size(), 1u);
    EXPECT_EQ(file.errors[0].file, "games.pgn");
    EXPECT_EQ(file.errors[0].line, 3);
    EXPECT_NE(file.errors[0].message.find("Ke3"), std::string::npos) << file.errors[0].message;
    EXPECT_NE(file.errors[0].message.find("move 3."), std::string::npos) << file.errors[0].message;
    EXPECT_NE(file.errors[0].describe().find("games.pgn:3:"), std::string::npos);
    ASSERT_EQ(file.games.size(), 1u);
    EXPECT_EQ(file.games[0].tag("G"), "2");
}

TEST_F(PgnReader, AmbiguousMoveIsAnError) {
    // After 1.Nc3 and 2.e3 the knights on c3 and g1 both reach e2: "Ne2" is ambiguous.
    PgnFile file = parsePgn("1. Nc3 a6 2. e3 a5 3. Ne2 *\n", "t.pgn");
    ASSERT_EQ(file.errors.size(), 1u);
    EXPECT_EQ(file.errors[0].line, 1);
    EXPECT_NE(file.errors[0].message.find("Ne2"), std::string::npos);
    EXPECT_TRUE(file.games.empty());
}

TEST_F(PgnReader, MalformedInputIsReportedWithItsLine) {
    struct Case {
        const char* text;
        int line;
        const char* words;
    };
    const Case cases[] = {
        {"1. e4 e5\n2. Nf3 { never closed\n", 2, "never closed"},
        {"1. e4 (1. d4 d5\n2. c4\n", 1, "never closed"},
        {"1. e4 e5 ) 2. Nf3 *\n", 1, "without a matching"},
        {"[Event \"x\"\n1. e4 *\n", 1, "not closed by ']'"},
        {"[Event x]\n1. e4 *\n", 1, "no quoted value"},
        {"[Event \"x]\n1. e4 *\n", 1, "not closed by '\"'"},
        {"1. e4 $ e5 *\n", 1, "NAG"},
        {"[FEN \"8/8/8 w - -\"]\n1. e4 *\n", 1, "FEN tag"},
        {"1. e4 e5 2. Bb5 ] *\n", 1, "unexpected ']'"},
        {"( 1. e4 ) *\n", 1, "before any move"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.text);
        PgnFile file = parsePgn(c.text, "bad.pgn");
        ASSERT_EQ(file.errors.size(), 1u);
        EXPECT_EQ(file.errors[0].line, c.line);
        EXPECT_NE(file.errors[0].message.find(c.words), std::string::npos) << file.errors[0].message;
        EXPECT_TRUE(file.games.empty());
    }
}

TEST_F(PgnReader, UnreadableFileIsOneError) {
    PgnFile file = readPgnFile("/nonexistent/dir/none.pgn");
    ASSERT_EQ(file.errors.size(), 1u);
    EXPECT_EQ(file.errors[0].line, 0);
    EXPECT_TRUE(file.games.empty());
}

TEST_F(PgnReader, EmptyAndCommentOnlyTextHoldNoGames) {
    EXPECT_TRUE(parsePgn("", "e.pgn").games.empty());
    PgnFile file = parsePgn("{just a comment}\n; and another\n", "e.pgn");
    EXPECT_TRUE(file.games.empty());
    EXPECT_TRUE(file.errors.empty());
}

TEST_F(PgnReader, CrlfLineEndsAndCountsAreKept) {
    PgnFile file = parsePgn("[A \"1\"]\r\n\r\n1. e4 e5\r\n2. Kf9 *\r\n", "t.pgn");
    ASSERT_EQ(file.errors.size(), 1u);
    EXPECT_EQ(file.errors[0].line, 4);
}

}  // namespace
}  // namespace mf
