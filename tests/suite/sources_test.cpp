// Where candidates come from (seeded sampling, random openings, EPD lists, duplicates) and how
// the suite is written.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>

#include "engine/attacks.h"
#include "engine/epd.h"
#include "engine/movegen.h"
#include "engine/notation.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/random_opening.h"
#include "evolution/suite/suite_entry.h"

namespace mf::suite {
namespace {

class Sources : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }

    // A legal game of `plies` half-moves from a seeded random walk.
    static GameRecord randomGame(std::uint64_t seed, int plies) {
        Random rng(seed);
        GameRecord game;
        game.name = "g";
        game.moves = randomOpening(rng, game.start, plies);
        return game;
    }
};

TEST_F(Sources, RandomOpeningsAreLegalAndRepeatable) {
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        Random a(seed), b(seed);
        const auto first = randomOpening(a, Position::startPosition(), 8);
        const auto second = randomOpening(b, Position::startPosition(), 8);
        ASSERT_EQ(first.size(), 8u);
        EXPECT_EQ(first, second);
        Position pos = Position::startPosition();
        for (Move m : first) {
            ASSERT_TRUE(MoveList(pos).contains(m));
            pos.doMove(m);
        }
        EXPECT_GT(MoveList(pos).size(), 0);  // the game goes on
    }
    Random a(1), b(2);
    EXPECT_NE(randomOpening(a, Position::startPosition(), 8), randomOpening(b, Position::startPosition(), 8));
}

TEST_F(Sources, SamplingHonoursPlyAndCountAndSeed) {
    const GameRecord game = randomGame(7, 60);
    ASSERT_EQ(game.moves.size(), 60u);
    SampleRules rules;
    rules.minPly = 20;
    rules.perGame = 5;
    const auto sample = sampleGame(game, 3, rules, 42);
    ASSERT_EQ(sample.size(), 5u);
    std::set<std::string> origins;
    for (const Candidate& c : sample) {
        const int ply = std::stoi(c.origin.substr(c.origin.rfind(' ') + 1));
        EXPECT_GE(ply, 20);
        EXPECT_EQ(c.position.gamePly(), ply);
        EXPECT_EQ(c.lastMove, game.moves[std::size_t(ply - 1)]);
        origins.insert(c.origin);
    }
    EXPECT_EQ(origins.size(), 5u);
    // Same seed and game index: same choice; another game index: another choice (almost surely).
    const auto again = sampleGame(game, 3, rules, 42);
    const auto other = sampleGame(game, 4, rules, 42);
    std::vector<std::string> a, b, c;
    for (const auto& x : sample) a.push_back(x.origin);
    for (const auto& x : again) b.push_back(x.origin);
    for (const auto& x : other) c.push_back(x.origin);
    EXPECT_EQ(a, b);
    EXPECT_NE(a, c);

    rules.perGame = 0;  // everything eligible
    EXPECT_EQ(sampleGame(game, 3, rules, 42).size(), 41u);
}

TEST_F(Sources, PieceCountRange) {
    GameRecord game;
    auto start = Position::fromFen("4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 1");  // 10 men
    ASSERT_TRUE(start.ok());
    game.start = *start;
    for (const char* san : {"a4", "a5", "b4", "axb4"}) {
        Position pos = game.start;
        for (Move m : game.moves) pos.doMove(m);
        auto m = parseSan(pos, san);
        ASSERT_TRUE(m.ok()) << san;
        game.moves.push_back(*m);
    }
    SampleRules rules;
    rules.minPly = 0;
    rules.perGame = 0;
    rules.minPieces = 10;
    EXPECT_EQ(sampleGame(game, 0, rules, 1).size(), 3u);  // the capture leaves 9
    rules.minPieces = 0;
    rules.maxPieces = 9;
    EXPECT_EQ(sampleGame(game, 0, rules, 1).size(), 1u);
}

TEST_F(Sources, DuplicatesCompareTheFirstFourFields) {
    auto a = Position::fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
    auto b = Position::fromFen("4k3/8/8/8/8/8/4P3/4K3 w - - 12 40");  // counters differ only
    auto c = Position::fromFen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    ASSERT_TRUE(a.ok() && b.ok() && c.ok());
    PositionKeySet seen;
    auto kept = removeDuplicates({{*a, Move::none(), "a"}, {*b, Move::none(), "b"}, {*c, Move::none(), "c"}}, seen);
    ASSERT_EQ(kept.size(), 2u);
    EXPECT_EQ(kept[0].origin, "a");
    EXPECT_EQ(kept[1].origin, "c");
    // Keys already seen (an excluded suite) are dropped too.
    EXPECT_TRUE(removeDuplicates({{*b, Move::none(), "b"}}, seen).empty());
}

TEST_F(Sources, EpdAndFenListsAreCandidates) {
    const std::string path = ::testing::TempDir() + "suite_sources_list.epd";
    {
        std::ofstream out(path);
        out << "# a comment\n"
            << "4k3/8/8/8/8/8/4P3/4K3 w - - bm e4; id \"x\";\n"
            << "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
            << "not a position\n";
    }
    EpdFile file = readEpdFile(path);
    std::remove(path.c_str());
    EXPECT_EQ(file.errors.size(), 1u);
    const auto candidates = candidatesFromEpd(file, SampleRules{});
    ASSERT_EQ(candidates.size(), 2u);
    EXPECT_EQ(candidates[0].origin, path + ":2");
    EXPECT_EQ(candidates[0].lastMove, Move::none());
    EXPECT_EQ(candidates[1].position.epdFields(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -");
}

TEST_F(Sources, WrittenSuiteReadsBack) {
    auto pos = Position::fromFen("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    ASSERT_TRUE(pos.ok());
    SuiteEntry entry;
    entry.position = *pos;
    entry.best = {*parseSan(*pos, "Bb5")};
    entry.ce = 40;
    entry.depth = 12;
    entry.comment = "Engine depth 12: best Bb5 +40, second d4 -70; margin 110 cp";
    entry.origin = "self-play game 1 ply 4";
    const std::string text = writeSuite({"first header line", "second"}, {entry, entry}, "unit");
    EXPECT_EQ(text.rfind("# first header line\n# second\n", 0), 0u);
    const std::string path = ::testing::TempDir() + "suite_written.epd";
    { std::ofstream(path) << text; }
    EpdFile file = readEpdFile(path);
    std::remove(path.c_str());
    ASSERT_TRUE(file.errors.empty()) << file.errors.front().message;
    ASSERT_EQ(file.entries.size(), 2u);
    const EpdRecord& r = file.entries[0].record;
    EXPECT_EQ(r.id(), "unit.001");
    EXPECT_EQ(file.entries[1].record.id(), "unit.002");
    ASSERT_NE(r.find("bm"), nullptr);
    EXPECT_EQ(r.find("bm")->operands, std::vector<std::string>{"Bb5"});
    ASSERT_NE(r.find("c0"), nullptr);
    EXPECT_EQ(r.find("c0")->operands.front(), entry.comment);  // the ';' inside survives quoting
    EXPECT_EQ(r.find("ce")->operands.front(), "40");
    EXPECT_EQ(r.find("acd")->operands.front(), "12");
    EXPECT_EQ(r.find("c1")->operands.front(), entry.origin);
}

TEST(ShellQuote, QuotesOnlyWhatNeedsIt) {
    EXPECT_EQ(shellQuote("--depth"), "--depth");
    EXPECT_EQ(shellQuote("/usr/games/stockfish"), "/usr/games/stockfish");
    EXPECT_EQ(shellQuote("a b"), "'a b'");
    EXPECT_EQ(shellQuote("it's"), "'it'\\''s'");
    EXPECT_EQ(shellQuote(""), "''");
}

TEST(MixSeed, IndependentStreams) {
    EXPECT_NE(mixSeed(1, 0), mixSeed(1, 1));
    EXPECT_NE(mixSeed(1, 0), mixSeed(2, 0));
    // Streams of nearby seeds and indices do not collide (a plain seed + index would).
    std::set<std::uint64_t> seen;
    for (std::uint64_t seed = 0; seed < 32; ++seed)
        for (std::uint64_t index = 0; index < 32; ++index) seen.insert(mixSeed(seed, index));
    EXPECT_EQ(seen.size(), 32u * 32u);
}

}  // namespace
}  // namespace mf::suite
