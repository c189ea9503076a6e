#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/eval.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "engine/search.h"
#include "engine/search_see.h"
#include "engine/timeman.h"
#include "engine/tt.h"

namespace mf {
namespace {

Position fen(std::string_view text) {
    auto p = Position::fromFen(text);
    EXPECT_TRUE(p) << text;
    return *p;
}

Move uci(const Position& pos, std::string_view text) {
    auto m = parseUciMove(pos, text);
    EXPECT_TRUE(m) << text;
    return *m;
}

// The clock never stops depth 1 (Search::shouldStop): a search whose movetime ran out before it
// started, as when a busy machine does not schedule the engine for the whole of a short movetime,
// still answers with a move searched to depth 1. Before, the first clock check (at node 0)
// stopped it with nothing searched (seen as a flaky TablesAndClock test under load 20).
TEST(SearchClock, AMoveTimeUsedUpBeforeTheStartStillSearchesDepthOne) {
    TranspositionTable tt;
    tt.resize(1);
    auto history = std::make_unique<MoveHistory>();
    SearchLimits limits;
    limits.movetimeMs = 20;
    std::vector<std::string> lines;
    Search search(fen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"), limits,
                  Search::Clock::now() - std::chrono::seconds(1), 0, tt, *history, EvalParams{}, SearchParams{},
                  [&](std::string_view line) { lines.emplace_back(line); });
    const SearchResult result = search.run({});
    EXPECT_GE(result.depth, 1);  // (then the clock is read every 1024 nodes: a few more may finish)
    EXPECT_TRUE(std::any_of(lines.begin(), lines.end(), [](const std::string& l) { return l.starts_with("info depth 1 "); }));
}

TEST(TranspositionTable, StoresAndProbesAndClears) {
    TranspositionTable tt;
    tt.resize(1);
    const Position pos = Position::startPosition();
    const Move m = uci(pos, "e2e4");
    TtData d;
    EXPECT_FALSE(tt.probe(0x1234567890abcdefULL, d));
    tt.store(0x1234567890abcdefULL, m, 42, 17, 9, Bound::Exact);
    ASSERT_TRUE(tt.probe(0x1234567890abcdefULL, d));
    EXPECT_EQ(d.move, m);
    EXPECT_EQ(d.value, 42);
    EXPECT_EQ(d.staticEval, 17);
    EXPECT_EQ(d.depth, 9);
    EXPECT_EQ(d.bound, Bound::Exact);
    // A shallower non-exact result does not replace a deeper one of the same search...
    tt.store(0x1234567890abcdefULL, Move::none(), -5, 17, 2, Bound::Upper);
    ASSERT_TRUE(tt.probe(0x1234567890abcdefULL, d));
    EXPECT_EQ(d.depth, 9);
    // ...and a move-less store keeps the known move.
    tt.store(0x1234567890abcdefULL, Move::none(), 60, 17, 12, Bound::Lower);
    ASSERT_TRUE(tt.probe(0x1234567890abcdefULL, d));
    EXPECT_EQ(d.depth, 12);
    EXPECT_EQ(d.move, m);
    tt.clear();
    EXPECT_FALSE(tt.probe(0x1234567890abcdefULL, d));
    EXPECT_EQ(tt.hashfull(), 0);
}

// hashfull samples the first 1000 clusters (3 entries each) and counts this search's entries in
// permille. The keys below land in chosen clusters (the index is key * clusters >> 64).
TEST(TranspositionTable, HashfullCountsThisSearchsEntriesInTheSample) {
    TranspositionTable tt;
    tt.resize(1);
    const std::size_t clusters = tt.sizeInBytes() / 32;
    ASSERT_GE(clusters, 1000u);
    auto keyIn = [clusters](std::size_t cluster, std::uint64_t j) {
        const unsigned __int128 start = (static_cast<unsigned __int128>(cluster) << 64) + clusters - 1;
        return static_cast<std::uint64_t>(start / clusters) + j;  // first key of the cluster, plus j
    };
    EXPECT_EQ(tt.hashfull(), 0);
    for (std::size_t c = 0; c < 500; ++c)
        for (std::uint64_t j = 0; j < 3; ++j) tt.store(keyIn(c, j), Move::none(), 0, 0, 5, Bound::Exact);
    for (std::size_t c = 0; c < 500; ++c)
        for (std::uint64_t j = 0; j < 3; ++j) {
            TtData d;
            ASSERT_TRUE(tt.probe(keyIn(c, j), d)) << "cluster " << c << " entry " << j;
        }
    EXPECT_EQ(tt.hashfull(), 500);  // 1500 of the 3000 sampled entries
    // Entries outside the sample do not count.
    for (std::uint64_t j = 0; j < 3; ++j) tt.store(keyIn(clusters - 1, j), Move::none(), 0, 0, 5, Bound::Exact);
    EXPECT_EQ(tt.hashfull(), 500);
    // A new search: the old entries are not its own.
    tt.newSearch();
    EXPECT_EQ(tt.hashfull(), 0);
    for (std::size_t c = 0; c < 10; ++c)
        for (std::uint64_t j = 0; j < 3; ++j) tt.store(keyIn(c, j), Move::none(), 0, 0, 5, Bound::Exact);
    EXPECT_EQ(tt.hashfull(), 10);
}

TEST(StaticExchange, CountsDefendersAndXrays) {
    struct Case { const char* fen; const char* move; int threshold; bool expected; };
    const Case cases[] = {
        // Pawn takes an undefended knight: wins 320.
        {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320, true},
        {"4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 321, false},
        // Queen takes a pawn defended by a pawn: loses the queen for a pawn.
        {"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", 0, false},
        {"4k3/8/2p5/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -850, true},
        // Rook takes a rook defended by a rook and the king; our second rook behind (x-ray) makes
        // it an even trade, not a loss.
        {"3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0, true},
        {"3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 1, false},
        {"4k3/3r4/8/8/8/8/3R4/4K3 w - - 0 1", "d2d7", 1, false},
        // A knight defended by a pawn, attacked by a queen: taking loses 950 - 320.
        {"4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1", "d1d5", -630, true},
        {"4k3/8/2p5/3n4/8/8/8/3QK3 w - - 0 1", "d1d5", -629, false},
        // Knight takes a pawn defended by a bishop: loses 220.
        {"4k3/8/8/5b2/4p3/8/3N4/4K3 w - - 0 1", "d2e4", 0, false},
        {"4k3/8/8/5b2/4p3/8/3N4/4K3 w - - 0 1", "d2e4", -220, true},
    };
    for (const Case& c : cases) {
        const Position pos = fen(c.fen);
        EXPECT_EQ(seeAtLeast(pos, uci(pos, c.move), c.threshold), c.expected) << c.fen << " " << c.move << " " << c.threshold;
    }
}

char swapCase(char c) {
    if (c >= 'a' && c <= 'z') return static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') return static_cast<char>(c - 'A' + 'a');
    return c;
}

// The same position with colours swapped: board flipped top to bottom, case swapped.
std::string colourFlipped(const std::string& fenText) {
    std::istringstream in(fenText);
    std::string board, side, castling, ep, rest;
    in >> board >> side >> castling >> ep;
    std::getline(in, rest);
    std::vector<std::string> ranks;
    std::istringstream b(board);
    for (std::string r; std::getline(b, r, '/');) ranks.push_back(r);
    std::string flipped;
    for (auto it = ranks.rbegin(); it != ranks.rend(); ++it) {
        if (!flipped.empty()) flipped += '/';
        for (char c : *it) flipped += swapCase(c);
    }
    std::string swappedCastling;
    for (char c : castling) swappedCastling += swapCase(c);
    std::sort(swappedCastling.begin(), swappedCastling.end());  // upper case sorts first: KQkq
    if (ep != "-") ep[1] = ep[1] == '3' ? '6' : '3';
    return flipped + (side == "w" ? " b " : " w ") + swappedCastling + " " + ep + rest;
}

TEST(Evaluation, IsColourSymmetric) {
    const char* fens[] = {
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1",
        "8/5pk1/6p1/8/1r6/6P1/5PK1/R7 w - - 0 40",
        "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
        "6k1/1P6/8/3p4/8/5K2/8/8 b - - 0 60",
    };
    EvalParams params;
    params.attackedSquares = 16;
    params.kingShieldAttacks = 20;
    params.pawnEndgame = 23;
    params.knightEndgame = -31;
    params.rookEndgame = 47;
    params.queenEndgame = -9;
    for (const char* a : fens) {
        const std::string b = colourFlipped(a);
        EXPECT_EQ(evaluate(fen(a), params), evaluate(fen(b), params)) << a << " vs " << b;
        EXPECT_EQ(evaluate(fen(a), EvalParams{}), evaluate(fen(b), EvalParams{})) << a << " vs " << b;
    }
}

TEST(Evaluation, WeightsChangeTheScoreAsDocumented) {
    const Position pos = fen("4k3/8/8/8/8/8/8/1N2K3 w - - 0 1");  // a lone knight: drawish, scaled by 1/8
    EvalParams params;
    const int base = evaluate(pos, params);
    params.knightValue += 800;
    EXPECT_EQ(evaluate(pos, params) - base, 100);  // 800 / 8
    const Position queen = fen("4k3/8/8/8/8/8/8/3QK3 w - - 0 1");
    EvalParams p2;
    const int q = evaluate(queen, p2);
    p2.queenValue += 100;
    EXPECT_EQ(evaluate(queen, p2) - q, 100);
    EXPECT_NE(evaluationReport(queen, p2).find("Material"), std::string::npos);
}

// The defaults with material untapered (every endgame term 0), the start of each check below.
EvalParams untapered() {
    EvalParams p;
    p.pawnEndgame = p.knightEndgame = p.bishopEndgame = p.rookEndgame = p.queenEndgame = 0;
    return p;
}

TEST(Evaluation, EndgameMaterialIsTaperedByPhase) {
    // Phase 0 (kings and pawns): all of PawnEndgame counts, per pawn of difference.
    const Position pawns = fen("4k3/4p3/8/8/8/8/3PP3/4K3 w - - 0 1");
    EvalParams p = untapered();
    const int base = evaluate(pawns, p);
    p.pawnEndgame = 20;
    EXPECT_EQ(evaluate(pawns, p) - base, 20);
    // Phase 12 (a queen and a rook each): half of it.
    const Position half = fen("3qk2r/ppp5/8/8/8/8/PPPP4/3QK2R w - - 0 1");
    EvalParams h = untapered();
    const int halfBase = evaluate(half, h);
    ASSERT_GT(halfBase, 0);
    h.pawnEndgame = 20;
    EXPECT_EQ(evaluate(half, h) - halfBase, 10);
    h.queenEndgame = 200;  // equal queens: no difference
    EXPECT_EQ(evaluate(half, h) - halfBase, 10);
    // Phase 3 (a rook against a knight): 21/24 of each piece's own term, with its sign.
    const Position exchange = fen("4k3/4p3/8/3n4/8/8/4P3/R3K3 w - - 0 1");
    EvalParams x = untapered();
    const int exchangeBase = evaluate(exchange, x);
    ASSERT_GT(exchangeBase, 0);
    x.rookEndgame = 48;
    EXPECT_EQ(evaluate(exchange, x) - exchangeBase, 42);
    x.knightEndgame = 24;  // Black's knight gains
    EXPECT_EQ(evaluate(exchange, x) - exchangeBase, 42 - 21);
    x.bishopEndgame = 400;  // no bishops
    x.queenEndgame = 400;   // no queens
    EXPECT_EQ(evaluate(exchange, x) - exchangeBase, 42 - 21);
    // Phase 24 (a full middlegame, White a knight up in place of a pawn): none of it.
    const Position full = fen("rnbqkbnr/pppppppp/8/8/8/8/NPPPPPPP/RNBQKBNR w KQkq - 0 1");
    EvalParams f = untapered();
    const int fullBase = evaluate(full, f);
    f.knightEndgame = -100;
    f.pawnEndgame = 50;
    EXPECT_EQ(evaluate(full, f), fullBase);
    f.knightValue += 10;
    EXPECT_EQ(evaluate(full, f) - fullBase, 10);
    // Each term alone, at phase 0: the tuned defaults' values count in full.
    EvalParams d;
    EXPECT_EQ(evaluate(pawns, d) - evaluate(pawns, [&] { EvalParams e = d; e.pawnEndgame = 0; return e; }()), d.pawnEndgame);
}

TEST(TimePlan, MovetimeAndClock) {
    SearchLimits l;
    l.movetimeMs = 100;
    EXPECT_EQ(planTime(l, White, 5).maximumMs, 95);
    SearchLimits c;
    c.time[0] = 60000;
    c.time[1] = 1000;
    const TimePlan w = planTime(c, White, 0);
    EXPECT_GT(w.optimumMs, 1000);
    EXPECT_LE(w.maximumMs, 48000);
    const TimePlan b = planTime(c, Black, 0);
    EXPECT_LE(b.maximumMs, 800);
    EXPECT_EQ(planTime(SearchLimits{}, White, 0).maximumMs, TimePlan::Unlimited);
}

SearchResult searchFor(const Position& pos, SearchLimits limits) {
    TranspositionTable tt;
    tt.resize(4);
    auto history = std::make_unique<MoveHistory>();
    EvalParams params;
    Search s(pos, limits, Search::Clock::now(), 0, tt, *history, params, SearchParams{}, [](std::string_view) {});
    return s.run(std::stop_token{});
}

TEST(Search, FindsMatesAndScoresThem) {
    struct Case { const char* fen; const char* move; int mateIn; };
    const Case cases[] = {
        {"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", 1},                                       // back rank
        {"2rr3k/pp3pp1/1nnqbN1p/3pN3/2pP4/2P3Q1/PPB4P/R4RK1 w - - 0 1", "g3g6", 2},             // WAC.001
        {"r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1", "f8c5", 3},            // WAC.004
    };
    for (const Case& c : cases) {
        const Position pos = fen(c.fen);
        SearchLimits limits;
        limits.mate = c.mateIn;
        limits.depth = 30;  // a safety net: `mate` ends the search when the mate is found
        const SearchResult r = searchFor(pos, limits);
        EXPECT_EQ(r.bestMove, uci(pos, c.move)) << c.fen;
        EXPECT_EQ(uciScore(r.score), "mate " + std::to_string(c.mateIn)) << c.fen;
    }
}

TEST(Search, ReportsMatedAndStalemateRoots) {
    SearchLimits limits;
    limits.depth = 3;
    const SearchResult mated = searchFor(fen("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), limits);
    EXPECT_EQ(mated.bestMove, Move::none());
    EXPECT_EQ(uciScore(mated.score), "mate 0");
    const SearchResult stalemate = searchFor(fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), limits);
    EXPECT_EQ(stalemate.bestMove, Move::none());
    EXPECT_EQ(stalemate.score, 0);
}

TEST(Search, NodeLimitIsExactAndReproducible) {
    const Position pos = fen("r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14");
    SearchLimits limits;
    limits.nodes = 30000;
    const SearchResult a = searchFor(pos, limits);
    const SearchResult b = searchFor(pos, limits);
    EXPECT_EQ(a.nodes, 30000u);
    EXPECT_EQ(a.bestMove, b.bestMove);
    EXPECT_EQ(a.score, b.score);
    EXPECT_EQ(a.depth, b.depth);
}

TEST(Search, FiftyMoveRuleMakesAWonPositionADraw) {
    SearchLimits limits;
    limits.depth = 8;
    // A rook up, but every move but a mate now completes the fifty moves.
    const SearchResult fifty = searchFor(fen("8/8/8/4k3/8/8/8/R3K3 w - - 99 120"), limits);
    EXPECT_EQ(fifty.score, 0);
    const SearchResult fresh = searchFor(fen("8/8/8/4k3/8/8/8/R3K3 w - - 0 120"), limits);
    EXPECT_GT(fresh.score, 300);
}

TEST(Search, ThreefoldRepetitionSavesTheLostSide) {
    // Black, a queen for a knight down, has shuffled Ng8-f6 against Qd1-d2; Nf6-g8 now repeats
    // the position a third time, a draw the search must prefer to everything else.
    Position pos = fen("6nk/8/8/8/8/8/8/K2Q4 b - - 0 1");
    for (const char* m : {"g8f6", "d1d2", "f6g8", "d2d1", "g8f6", "d1d2", "f6g8", "d2d1", "g8f6", "d1d2"})
        pos.doMove(uci(pos, m));
    SearchLimits limits;
    limits.depth = 8;
    const SearchResult r = searchFor(pos, limits);
    EXPECT_EQ(r.bestMove, uci(pos, "f6g8"));
    EXPECT_EQ(r.score, 0);
}

}  // namespace
}  // namespace mf
