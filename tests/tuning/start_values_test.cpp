// tune --start-values: values from an options file or NAME=VALUE lines become the terms' defaults;
// every refusal names the file, the line and the name.

#include <gtest/gtest.h>

#include "evolution/tuning/settings/start_values.h"

namespace mf::tuning {
namespace {

ga::Genome genome() {
    return ga::Genome({ga::Term("piece activity", "Piece Activity", 100, 9, 0, 400),
                       ga::Term("knight", "KnightValue", 300, 9), ga::Term("rook", "RookValue", 500, 9)});
}

TEST(StartValues, OptionsFileLinesAndNameValueLinesSetTheDefaults) {
    auto g = withStartValues(genome(),
                             "# detuned\n"
                             "Piece Activity = 40\n"
                             "knightvalue=250\n"
                             "setoption name RookValue value 520\n",
                             "start.txt");
    ASSERT_TRUE(g) << g.error().message;
    EXPECT_EQ(g->defaults(), (std::vector<int>{40, 250, 520}));
    // A window cut by a ceiling stays where it is; one that follows its default is re-centred.
    EXPECT_EQ((*g)[0].low(), 0);
    EXPECT_EQ((*g)[0].high(), 400);
    EXPECT_EQ((*g)[1].low(), 250 - 256 < 0 ? 0 : 250 - 256);
    EXPECT_EQ((*g)[2].low(), 520 - 256);
}

TEST(StartValues, TermsTheFileDoesNotNameKeepTheirDefaults) {
    auto g = withStartValues(genome(), "KnightValue = 310\n", "start.txt");
    ASSERT_TRUE(g);
    EXPECT_EQ(g->defaults(), (std::vector<int>{100, 310, 500}));
}

TEST(StartValues, RefusalsNameTheFileLineAndTerm) {
    auto unknown = withStartValues(genome(), "KnightValue = 310\nHash = 16\n", "start.txt");
    ASSERT_FALSE(unknown);
    EXPECT_EQ(unknown.error().file, "start.txt");
    EXPECT_EQ(unknown.error().line, 2);
    EXPECT_EQ(unknown.error().field, "Hash");
    auto notInteger = withStartValues(genome(), "RookValue = 5.5\n", "start.txt");
    ASSERT_FALSE(notInteger);
    EXPECT_EQ(notInteger.error().line, 1);
    EXPECT_NE(notInteger.error().message.find("integer"), std::string::npos);
    auto aboveCeiling = withStartValues(genome(), "Piece Activity = 401\n", "start.txt");
    ASSERT_FALSE(aboveCeiling);
    EXPECT_NE(aboveCeiling.error().message.find("0..400"), std::string::npos);
    auto twice = withStartValues(genome(), "RookValue = 500\nrookvalue = 510\n", "start.txt");
    ASSERT_FALSE(twice);
    EXPECT_EQ(twice.error().line, 2);
    auto missing = loadStartValues(genome(), "/nonexistent/start.txt");
    ASSERT_FALSE(missing);
    EXPECT_NE(missing.error().message.find("/nonexistent/start.txt"), std::string::npos);
}

}  // namespace
}  // namespace mf::tuning
