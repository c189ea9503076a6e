// FEN reading and writing: round trips, and an error naming the field and column for each defect.
#include "engine/position.h"
#include "perft_cases.h"

#include <gtest/gtest.h>

#include <filesystem>

namespace mf {
namespace {

TEST(Fen, StandardPositionsRoundTrip) {
    for (const auto& c : test::standardPerftCases()) {
        auto pos = Position::fromFen(c.fen);
        ASSERT_TRUE(pos) << c.fen << ": " << pos.error().message;
        EXPECT_EQ(pos->fen(), c.fen);
        EXPECT_EQ(Position::fromFen(pos->fen())->fen(), pos->fen());
    }
}

TEST(Fen, EverySuitePositionRoundTrips) {
    const std::string path = std::string(MATEFIND_SHARED_DIR) + "/epd/perftsuite.epd";
    if (!std::filesystem::exists(path)) GTEST_SKIP() << path << " not found (the shared EPD folder is absent)";
    for (const auto& line : test::readPerftSuite(path)) {
        auto pos = Position::fromFen(line.fen);
        ASSERT_TRUE(pos) << line.fen;
        auto again = Position::fromFen(pos->fen());
        ASSERT_TRUE(again);
        EXPECT_EQ(again->fen(), pos->fen());
        EXPECT_TRUE(*again == *pos);
        EXPECT_EQ(again->key(), pos->key());
    }
}

TEST(Fen, FourFieldsGiveDefaultCounters) {
    auto pos = Position::fromFen("4k3/8/8/8/8/8/8/4K3 b - -");
    ASSERT_TRUE(pos);
    EXPECT_EQ(pos->fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 1");
    EXPECT_EQ(pos->gamePly(), 1);
}

TEST(Fen, EnPassantSquareIsKeptOnlyWhenACaptureIsPossible) {
    EXPECT_EQ(Position::fromFen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3")->epSquare(), D6);
    EXPECT_EQ(Position::fromFen("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2")->epSquare(), NoSquare);
}

struct BadFen {
    const char* fen;
    const char* expected; // a fragment of the message: field and column
};

class FenErrors : public ::testing::TestWithParam<BadFen> {};

TEST_P(FenErrors, NameTheFieldAndColumn) {
    const auto r = Position::fromFen(GetParam().fen);
    ASSERT_FALSE(r) << GetParam().fen;
    EXPECT_NE(r.error().message.find(GetParam().expected), std::string::npos)
        << "message: " << r.error().message << "\nexpected to contain: " << GetParam().expected;
}

INSTANTIATE_TEST_SUITE_P(
    Defects, FenErrors,
    ::testing::Values(
        BadFen{"", "expected at least 4 fields"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "found 3"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", "column 58"},
        BadFen{"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement (column 17): rank 7 has 7 squares"},
        BadFen{"rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement (column 19)"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1", "rank 1 has more than 8 squares"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "expected 8 ranks"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "more than 8 ranks"},
        BadFen{"rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "column 14): unexpected character 'x'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "exactly one white king"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "exactly one white king, found 2"},
        BadFen{"Pnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "pawn on rank 8"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move (column 45): expected 'w' or 'b'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkX - 0 1", "castling (column 50): unexpected character 'X'"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KK - 0 1", "castling (column 48): 'K' appears twice"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1", "castling (column 47): 'K' needs the king on e1 and a rook on h1"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant (column 52): expected a square"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", "en passant (column 52): 'e3' is not on rank 6"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "does not follow a two-square pawn advance"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock (column 54)"},
        BadFen{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fullmove number (column 56)"},
        BadFen{"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "the side not to move is in check"},
        BadFen{"4k3/8/8/8/8/8/PPPPPPPP/PPPPK3 w - - 0 1", "pawn on rank 1"},
        BadFen{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 0", "unexpected extra field"}));

// Found by the fuzz target fuzz_fen (UndefinedBehaviorSanitizer): a fullmove number of 1114860685
// overflowed int when turned into the game ply. Counters are now bounded, with the field named.
TEST(Fen, HugeMoveCountersAreRefusedWithTheirField) {
    auto full = Position::fromFen("8/2p5/3p4/KP5r/1R3pk1/8/4P1P1/8 w - - 0 1114860685");
    ASSERT_FALSE(full);
    EXPECT_NE(full.error().message.find("fullmove number"), std::string::npos) << full.error().message;
    auto half = Position::fromFen("8/2p5/3p4/KP5r/1R3pk1/8/4P1P1/8 w - - 2147483647 1");
    ASSERT_FALSE(half);
    EXPECT_NE(half.error().message.find("halfmove clock"), std::string::npos) << half.error().message;
    EXPECT_TRUE(Position::fromFen("8/2p5/3p4/KP5r/1R3pk1/8/4P1P1/8 w - - 100000 1000000"));
}

} // namespace
} // namespace mf
