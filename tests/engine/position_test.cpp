// Make/unmake, incremental keys, check and pin bookkeeping, and generation by kind, exercised over
// random games driven by a seeded generator.
#include "engine/movegen.h"
#include "engine/perft.h"
#include "engine/position.h"
#include "engine/random.h"
#include "engine/zobrist.h"
#include "perft_cases.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>

namespace mf {
namespace {

std::vector<Position> startingPositions() {
    std::vector<Position> out;
    for (const auto& c : test::standardPerftCases()) out.push_back(*Position::fromFen(c.fen));
    return out;
}

std::set<std::uint16_t> asSet(const Move* begin, const Move* end) {
    std::set<std::uint16_t> s;
    for (const Move* m = begin; m != end; ++m) s.insert(m->raw());
    return s;
}

// Calls check(pos) at every ply of `games` random games of up to `plies` moves from each start.
template<class Check>
void forRandomGames(std::uint64_t seed, int games, int plies, Check check) {
    Random rng(seed);
    for (const Position& start : startingPositions()) {
        for (int g = 0; g < games; ++g) {
            Position pos = start;
            std::vector<Move> played;
            for (int ply = 0; ply < plies; ++ply) {
                check(pos);
                MoveList moves(pos);
                if (moves.empty()) break;
                const Move m = moves[int(rng.below(std::uint64_t(moves.size())))];
                pos.doMove(m);
                played.push_back(m);
            }
            // Unwinding the whole game gives the start back, keys included.
            for (auto it = played.rbegin(); it != played.rend(); ++it) pos.undoMove(*it);
            ASSERT_EQ(pos.fen(), start.fen());
            ASSERT_EQ(pos.key(), start.key());
        }
    }
}

TEST(Position, IncrementalKeysEqualKeysComputedFromScratch) {
    forRandomGames(20240601, 20, 120, [](const Position& pos) {
        ASSERT_EQ(pos.key(), pos.computeKey()) << pos.fen();
        ASSERT_EQ(pos.pawnKey(), pos.computePawnKey()) << pos.fen();
        ASSERT_EQ(pos.materialKey(), pos.computeMaterialKey()) << pos.fen();
        // The same position read from its FEN has the same key.
        ASSERT_EQ(Position::fromFen(pos.fen())->key(), pos.key()) << pos.fen();
    });
}

TEST(Position, GivesCheckMatchesTheCheckersAfterTheMove) {
    forRandomGames(7, 8, 100, [](const Position& pos) {
        for (const Move m : MoveList(pos)) {
            Position after = pos;
            after.doMove(m);
            ASSERT_EQ(pos.givesCheck(m), after.inCheck()) << pos.fen() << " move " << m.raw();
        }
    });
}

TEST(Position, CheckersAndBlockersMatchADirectComputation) {
    forRandomGames(99, 8, 100, [](const Position& pos) {
        const Color us = pos.sideToMove();
        ASSERT_EQ(pos.checkers(), pos.attackersTo(pos.kingSquare(us)) & pos.pieces(~us));
        // A piece is a blocker for c's king iff removing it exposes the king to a new slider attack.
        for (Color c : {White, Black}) {
            const Square ksq = pos.kingSquare(c);
            Bitboard expected = 0;
            // Enemy sliders aligned with the king are the attackers themselves, never blockers.
            const Bitboard snipers = ((rookAttacks(ksq, 0) & pos.pieces(Rook, Queen))
                                      | (bishopAttacks(ksq, 0) & pos.pieces(Bishop, Queen)))
                                     & pos.pieces(~c);
            Bitboard candidates = pos.pieces() & ~squareBb(ksq) & ~snipers;
            while (candidates) {
                const Square s = popLsb(candidates);
                const Bitboard occ = pos.pieces() ^ squareBb(s);
                const Bitboard sliders = ((rookAttacks(ksq, occ) & pos.pieces(Rook, Queen))
                                          | (bishopAttacks(ksq, occ) & pos.pieces(Bishop, Queen)))
                                         & pos.pieces(~c) & ~squareBb(s);
                const Bitboard before = ((rookAttacks(ksq, pos.pieces()) & pos.pieces(Rook, Queen))
                                         | (bishopAttacks(ksq, pos.pieces()) & pos.pieces(Bishop, Queen)))
                                        & pos.pieces(~c);
                if (sliders & ~before) expected |= squareBb(s);
            }
            ASSERT_EQ(pos.blockersForKing(c), expected) << pos.fen();
        }
    });
}

TEST(MoveGeneration, KindsPartitionTheMovesAndLegalIsTheirLegalSubset) {
    forRandomGames(12345, 8, 100, [](const Position& pos) {
        Move a[MaxMoves], b[MaxMoves], all[MaxMoves], legal[MaxMoves];
        Move* const legalEnd = generate<GenType::Legal>(pos, legal);
        const auto legalSet = asSet(legal, legalEnd);
        std::set<std::uint16_t> filtered;
        if (pos.inCheck()) {
            Move* const end = generate<GenType::Evasions>(pos, all);
            for (Move* m = all; m != end; ++m)
                if (pos.isLegalAssumingPseudoLegal(*m)) filtered.insert(m->raw());
        } else {
            Move* const capEnd = generate<GenType::Captures>(pos, a);
            Move* const quietEnd = generate<GenType::Quiets>(pos, b);
            Move* const allEnd = generate<GenType::NonEvasions>(pos, all);
            auto caps = asSet(a, capEnd), quiets = asSet(b, quietEnd);
            ASSERT_EQ(caps.size() + quiets.size(), asSet(all, allEnd).size()) << pos.fen();
            for (Move* m = a; m != capEnd; ++m) {
                ASSERT_FALSE(quiets.count(m->raw())) << pos.fen();
                ASSERT_TRUE(pos.isCapture(*m) || m->kind() == MoveKind::Promotion) << pos.fen();
            }
            for (Move* m = b; m != quietEnd; ++m)
                ASSERT_TRUE(!pos.isCapture(*m) && m->kind() != MoveKind::Promotion) << pos.fen();
            for (Move* m = all; m != allEnd; ++m)
                if (pos.isLegalAssumingPseudoLegal(*m)) filtered.insert(m->raw());
        }
        ASSERT_EQ(filtered, legalSet) << pos.fen();
        ASSERT_EQ(countLegalMoves(pos), int(legalSet.size())) << pos.fen();
    });
}

TEST(MoveGeneration, IsLegalAcceptsExactlyTheGeneratedMoves) {
    forRandomGames(555, 1, 60, [](const Position& pos) {
        const MoveList moves(pos);
        // Every from/to pair with every kind and promotion piece.
        for (int from = 0; from < 64; ++from)
            for (int to = 0; to < 64; ++to)
                for (int kind = 0; kind < 4; ++kind)
                    for (PieceType promo : {Knight, Bishop, Rook, Queen}) {
                        if (kind != int(MoveKind::Promotion) && promo != Knight) continue;
                        const Move m = Move::make(Square(from), Square(to), MoveKind(kind), promo);
                        ASSERT_EQ(pos.isLegal(m), moves.contains(m)) << pos.fen() << " " << from << "-" << to << " kind " << kind;
                    }
    });
}

TEST(Position, RepetitionNeedsThreeOccurrencesBeforeTheRootAndTwoInside) {
    Position pos = Position::startPosition();
    const Move shuffle[] = {Move(G1, F3), Move(G8, F6), Move(F3, G1), Move(F6, G8)};
    for (const Move m : shuffle) pos.doMove(m);
    EXPECT_TRUE(pos.isRepetition(5));   // the earlier occurrence is inside the search tree
    EXPECT_FALSE(pos.isRepetition(0));  // before the root it is only the second occurrence
    for (const Move m : shuffle) pos.doMove(m);
    EXPECT_TRUE(pos.isRepetition(0));   // third occurrence
    EXPECT_TRUE(pos.isDraw(0));
}

// A position kept in a data set drops its game's states: it keeps its board and keys, holds one
// state, plays on, and no longer sees the occurrences before it.
TEST(Position, ForgetHistoryKeepsTheBoardAndOneState) {
    Position pos = Position::startPosition();
    const Move shuffle[] = {Move(G1, F3), Move(G8, F6), Move(F3, G1), Move(F6, G8)};
    for (int round = 0; round < 20; ++round)
        for (const Move m : shuffle) pos.doMove(m);
    ASSERT_TRUE(pos.isRepetition(0));
    const std::string fen = pos.fen();
    const std::uint64_t key = pos.key();
    EXPECT_GT(pos.historyBytes(), 64 * sizeof(StateInfo));  // 81 states
    pos.forgetHistory();
    EXPECT_EQ(pos.historyBytes(), sizeof(StateInfo));
    EXPECT_EQ(pos.fen(), fen);
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(pos.key(), pos.computeKey());
    EXPECT_FALSE(pos.isRepetition(0));
    pos.doMove(Move(G1, F3));
    pos.undoMove(Move(G1, F3));
    EXPECT_EQ(pos.fen(), fen);
}

TEST(Position, InsufficientMaterial) {
    EXPECT_TRUE(Position::fromFen("8/8/4k3/8/8/3KB3/8/8 w - - 0 1")->hasInsufficientMaterial());
    EXPECT_TRUE(Position::fromFen("8/8/4k3/8/8/3K4/8/8 w - - 0 1")->hasInsufficientMaterial());
    EXPECT_TRUE(Position::fromFen("8/2b5/4k3/8/8/3KB3/8/8 w - - 0 1")->hasInsufficientMaterial());  // same colour
    EXPECT_FALSE(Position::fromFen("8/3b4/4k3/8/8/3KB3/8/8 w - - 0 1")->hasInsufficientMaterial()); // opposite
    EXPECT_FALSE(Position::fromFen("8/8/4k3/8/8/3KNN2/8/8 w - - 0 1")->hasInsufficientMaterial());
    EXPECT_FALSE(Position::fromFen("8/8/4k3/8/8/3K4/4P3/8 w - - 0 1")->hasInsufficientMaterial());
}

TEST(Position, FiftyMoveRule) {
    EXPECT_TRUE(Position::fromFen("8/8/4k3/8/8/3K4/R7/8 w - - 100 80")->isDraw(0));
    EXPECT_FALSE(Position::fromFen("8/8/4k3/8/8/3K4/R7/8 w - - 99 80")->isDraw(0));
}

TEST(Position, NullMoveFlipsTheSideAndRestores) {
    Position pos = *Position::fromFen("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3");
    const auto key = pos.key();
    pos.doNullMove();
    EXPECT_EQ(pos.sideToMove(), Black);
    EXPECT_EQ(pos.epSquare(), NoSquare);
    EXPECT_EQ(pos.key(), pos.computeKey());
    pos.undoNullMove();
    EXPECT_EQ(pos.key(), key);
    EXPECT_EQ(pos.epSquare(), D6);
}

TEST(Position, CopiesAreIndependent) {
    Position a = Position::startPosition();
    Position b = a;
    b.doMove(Move(E2, E4));
    EXPECT_EQ(a.fen(), std::string(Position::StartFen));
    EXPECT_NE(a.key(), b.key());
    b.undoMove(Move(E2, E4));
    EXPECT_TRUE(a == b);
}

} // namespace
} // namespace mf
