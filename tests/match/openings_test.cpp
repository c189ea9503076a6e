// Reading openings files: EPD and FEN lines, PGN main lines to a ply, bad lines reported.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "evolution/match/openings.h"

namespace mf::match {
namespace {

TEST(Openings, EpdAndFenLinesWithErrorsByLine) {
    const std::string text =
        "# a comment\n"
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\n"
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - id \"open e4e5\"; hmvc 0; fmvn 2;\n"
        "\n"
        "not a position\n"
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1\n"
        "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\n";
    OpeningsFile file = parseEpdOpenings(text, "o.epd");
    ASSERT_EQ(file.openings.size(), 2u);
    EXPECT_EQ(file.openings[0].name, "o.epd:2");
    EXPECT_EQ(file.openings[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    EXPECT_EQ(file.openings[1].name, "open e4e5");
    EXPECT_EQ(file.openings[1].fen, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    ASSERT_EQ(file.errors.size(), 3u);
    EXPECT_EQ(file.errors[0].rfind("o.epd:5: ", 0), 0u) << file.errors[0];
    EXPECT_EQ(file.errors[1].rfind("o.epd:6: ", 0), 0u) << file.errors[1];
    EXPECT_NE(file.errors[2].find("o.epd:7: the game is already over (checkmate)"), std::string::npos) << file.errors[2];
}

TEST(Openings, QuotedIdMayHoldASemicolon) {
    // The id's ';' is inside the quotes: it neither ends the operation nor hides the hmvc after it.
    const std::string text = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id \"king's pawn; e4\"; hmvc 3; fmvn 9;\n"
                             "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"unclosed;\n";
    OpeningsFile file = parseEpdOpenings(text, "q.epd");
    ASSERT_EQ(file.openings.size(), 1u);
    EXPECT_EQ(file.openings[0].name, "king's pawn; e4");
    EXPECT_EQ(file.openings[0].fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 3 9");
    ASSERT_EQ(file.errors.size(), 1u);
    EXPECT_NE(file.errors[0].find("q.epd:2: "), std::string::npos) << file.errors[0];
    EXPECT_NE(file.errors[0].find("unterminated quoted string"), std::string::npos) << file.errors[0];
}

TEST(Openings, PgnMainLinesToAPly) {
    const auto path = std::filesystem::temp_directory_path() / ("mf_openings_" + std::to_string(::getpid()) + ".pgn");
    std::ofstream(path) << "[Event \"a\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 3. Bb5 a6 *\n\n"
                           "[Event \"short\"]\n\n1. d4 d5 *\n";
    OpeningsFile file = readOpenings(path.string(), 4);
    ASSERT_EQ(file.openings.size(), 1u);
    EXPECT_EQ(file.openings[0].moves, (std::vector<std::string>{"e2e4", "e7e5", "g1f3", "b8c6"}));
    ASSERT_EQ(file.errors.size(), 1u);
    EXPECT_NE(file.errors[0].find(":5: the main line has 2 plies, fewer than the 4"), std::string::npos) << file.errors[0];
    std::filesystem::remove(path);
}

TEST(Openings, ShuffleIsSeededAndKeepsEveryOpening) {
    std::vector<Opening> openings;
    for (int i = 0; i < 20; ++i) openings.push_back(Opening{std::to_string(i), "", {}});
    auto a = shuffledOpenings(openings, 7), b = shuffledOpenings(openings, 7), c = shuffledOpenings(openings, 8);
    auto names = [](const std::vector<Opening>& o) {
        std::vector<std::string> n;
        for (const auto& x : o) n.push_back(x.name);
        return n;
    };
    EXPECT_EQ(names(a), names(b));
    EXPECT_NE(names(a), names(c));
    EXPECT_NE(names(a), names(openings));
    auto sorted = names(a);
    std::sort(sorted.begin(), sorted.end());
    auto original = names(openings);
    std::sort(original.begin(), original.end());
    EXPECT_EQ(sorted, original);
}

}  // namespace
}  // namespace mf::match
