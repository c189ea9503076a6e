// SAN and UCI notation: exact spellings, tolerant reading, and round trips over every legal move
// of many positions reached by seeded random play.
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/random.h"
#include "perft_cases.h"

#include <gtest/gtest.h>

namespace mf {
namespace {

Position fen(const char* text) {
    auto pos = Position::fromFen(text);
    EXPECT_TRUE(pos) << text;
    return *pos;
}

std::string san(const char* position, const char* uci) {
    const Position pos = fen(position);
    auto m = parseUciMove(pos, uci);
    EXPECT_TRUE(m) << uci << ": " << (m ? "" : m.error().message);
    return m ? toSan(pos, *m) : "";
}

TEST(San, Spellings) {
    const char* start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    EXPECT_EQ(san(start, "e2e4"), "e4");
    EXPECT_EQ(san(start, "g1f3"), "Nf3");
    // Disambiguation by file, by rank, and by both.
    EXPECT_EQ(san("4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "a1d1"), "Rad1");
    EXPECT_EQ(san("4k3/8/R7/8/8/8/8/R3K3 w - - 0 1", "a1a3"), "R1a3");
    EXPECT_EQ(san("8/8/1k6/8/4Q2Q/8/8/K6Q w - - 0 1", "h4e1"), "Qh4e1");
    EXPECT_EQ(san("8/8/1k6/8/7Q/8/8/K6Q w - - 0 1", "h4e1"), "Q4e1");
    // Captures, en passant, promotions, castling, check and mate.
    EXPECT_EQ(san("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e5d6"), "exd6");
    EXPECT_EQ(san("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q"), "axb8=Q+");
    EXPECT_EQ(san("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n"), "a8=N");
    EXPECT_EQ(san("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1g1"), "O-O");
    EXPECT_EQ(san("3k4/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1"), "O-O-O+");
    EXPECT_EQ(san("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1", "a1a8"), "Ra8#");
}

TEST(San, TolerantReading) {
    const Position promo = fen("4k3/P7/8/8/8/8/8/4K2R w K - 0 1");
    for (const char* text : {"a8=Q", "a8Q", "a8(Q)", "a8=Q+", "a8q", "a7a8q", "a8=Q!?"})
        EXPECT_EQ(parseSan(promo, text).ok() ? toUci(*parseSan(promo, text)) : parseSan(promo, text).error().message, "a7a8q") << text;
    for (const char* text : {"O-O", "0-0", "o-o", "O-O+"})
        EXPECT_EQ(toUci(*parseSan(promo, text)), "e1g1") << text;
    const Position ep = fen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    for (const char* text : {"exd6", "exd6 e.p.", "exd6e.p.", "exd6ep", "ed6", "e5d6", "exd6!"})
        EXPECT_TRUE(parseSan(ep, text)) << text;
    const Position knights = fen("r1bqkbnr/pppppppp/2n5/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 2 2");
    EXPECT_EQ(toUci(*parseSan(knights, "Nf3-d4")), "f3d4");
    EXPECT_EQ(toUci(*parseSan(knights, "Nf3xd4")), "f3d4");
    EXPECT_FALSE(parseSan(knights, "Nd2")); // b1 and f3 both reach d2
    EXPECT_EQ(toUci(*parseSan(knights, "Nbd2")), "b1d2");
}

TEST(San, ErrorsSayWhatIsWrong) {
    const Position pos = fen("r1bqk2r/ppp2ppp/2n5/4P3/2Bp2n1/5N1P/PP1N1PP1/R2Q1RK1 b kq - 1 10");
    auto ambiguous = parseSan(pos, "Ne5");
    ASSERT_FALSE(ambiguous);
    EXPECT_NE(ambiguous.error().message.find("ambiguous"), std::string::npos);
    EXPECT_NE(ambiguous.error().message.find("c6e5"), std::string::npos);
    EXPECT_NE(ambiguous.error().message.find("g4e5"), std::string::npos);
    auto illegal = parseSan(pos, "Qh1");
    ASSERT_FALSE(illegal);
    EXPECT_NE(illegal.error().message.find("not a legal move"), std::string::npos);
    EXPECT_FALSE(parseSan(pos, "Bcx3"));
    EXPECT_FALSE(parseSan(pos, ""));
    EXPECT_FALSE(parseSan(pos, "+"));
    EXPECT_FALSE(parseSan(pos, "O-O-O"));
    EXPECT_FALSE(parseSan(fen("4k3/P7/8/8/8/8/8/4K3 w - - 0 1"), "a8"));
    EXPECT_FALSE(parseUciMove(pos, "e2e4"));
    EXPECT_FALSE(parseUciMove(pos, "zz"));
}

TEST(San, EveryLegalMoveRoundTripsThroughSanAndUci) {
    Random rng(424242);
    int checked = 0;
    for (const auto& c : test::standardPerftCases()) {
        for (int game = 0; game < 10; ++game) {
            Position pos = *Position::fromFen(c.fen);
            for (int ply = 0; ply < 60; ++ply) {
                const MoveList moves(pos);
                if (moves.empty()) break;
                for (const Move m : moves) {
                    const std::string s = toSan(pos, m);
                    auto back = parseSan(pos, s);
                    ASSERT_TRUE(back) << pos.fen() << " " << s << ": " << back.error().message;
                    ASSERT_EQ(*back, m) << pos.fen() << " " << s;
                    auto uci = parseUciMove(pos, toUci(m));
                    ASSERT_TRUE(uci);
                    ASSERT_EQ(*uci, m);
                    ++checked;
                }
                pos.doMove(moves[int(rng.below(std::uint64_t(moves.size())))]);
            }
        }
    }
    EXPECT_GT(checked, 50000);
}

} // namespace
} // namespace mf
