// The bundled engine's fast path (`evalfit scores`) against the generic UCI path (one search per
// position; `go depth 0` is the bundled engine's quiescence search): the same q for every
// position, at the default weights and at changed ones.
#include <gtest/gtest.h>

#include <filesystem>

#include "engine/attacks.h"
#include "evolution/dataset/dataset_reader.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "tests/uci/scaled_timeouts.h"

namespace mf::dataset {
namespace {

const char* const Positions =
    "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - [0.5]\n"
    "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - [1.0]\n"   // mate in one pending
    "4k3/8/8/3q4/4P3/8/8/4K3 w - - [1.0]\n"                                     // a capture pending
    "4k3/8/8/3q4/4P3/8/8/4K3 b - - [0.0]\n"                                     // Black to move
    "8/5pk1/6p1/8/3N4/6P1/5PK1/8 w - - [0.5]\n"
    "r3k2r/pp1n1ppp/2p1pn2/q2p4/1bPP4/2N1PN2/PPQ2PPP/R1B1KB1R w KQkq - [0.5]\n";

std::filesystem::path engine() { return std::filesystem::path(MATEFIND_BIN_DIR) / "matefind-engine"; }

class EvalfitScoring : public ::testing::Test {
protected:
    static void SetUpTestSuite() { attacks::init(); }
    void SetUp() override {
        if (!std::filesystem::exists(engine())) GTEST_SKIP() << "matefind-engine not built at " << engine();
        data_ = parseDataset(Positions, "mem");
        ASSERT_TRUE(data_.errors.empty());
    }
    std::vector<CandidateScores> run(EvalfitPath path, const std::vector<uci::OptionValues>& candidates) {
        EvalfitEngineConfig config;
        config.program = engine();
        config.workers = workers_;
        config.path = path;
        config.timeouts = uci::testing::scaledDefaultTimeouts();
        config.uciLimit = uci::SearchLimit::depth(0);
        auto scorer = EvalfitScorer::create(config, data_.positions);
        EXPECT_TRUE(scorer.ok()) << scorer.error().message;
        if (!scorer.ok()) return {};
        EXPECT_EQ((*scorer)->fastPath(), path != EvalfitPath::Uci);
        return (*scorer)->score(candidates, {});
    }
    Dataset data_;
    std::size_t workers_ = 2;
};

TEST_F(EvalfitScoring, FastPathGivesTheUciPathsScores) {
    const std::vector<uci::OptionValues> candidates = {{}, {{"KnightValue", "470"}, {"BishopValue", "200"}}, {{"Tempo", "0"}}};
    const auto fast = run(EvalfitPath::Auto, candidates);
    const auto slow = run(EvalfitPath::Uci, candidates);
    ASSERT_EQ(fast.size(), 3u);
    ASSERT_EQ(slow.size(), 3u);
    for (std::size_t c = 0; c < 3; ++c) {
        ASSERT_TRUE(fast[c].failure.empty()) << fast[c].failure;
        ASSERT_TRUE(slow[c].failure.empty()) << slow[c].failure;
        EXPECT_EQ(fast[c].q, slow[c].q) << "candidate " << c;
        ASSERT_EQ(fast[c].q.size(), data_.positions.size());
    }
    // The weights reach the engine: a knight worth 170 more raises White's knight-up ending by that much.
    EXPECT_EQ(fast[1].q[4] - fast[0].q[4], 170);
    // White's view on one board with either side to move: White's pawn takes the queen (a pawn up
    // after it), or Black keeps the queen.
    EXPECT_GT(fast[0].q[2], 0);
    EXPECT_LT(fast[0].q[3], -500);
}

// Each candidate is scored with its own options and the engine's defaults for the rest, whichever
// process it lands on: with one process, a candidate that leaves out the options of the one before
// it must not inherit them (it did, so the test above passed or failed by how candidates were shared
// out between two processes).
TEST_F(EvalfitScoring, ACandidateDoesNotInheritTheOptionsOfTheOneBefore) {
    workers_ = 1;
    const std::vector<uci::OptionValues> candidates = {{{"KnightValue", "420"}}, {{"Tempo", "0"}}, {}};
    const auto fast = run(EvalfitPath::Fast, candidates);
    workers_ = 2;
    const auto fresh = run(EvalfitPath::Fast, {{}, {{"Tempo", "0"}}});
    ASSERT_EQ(fast.size(), 3u);
    ASSERT_EQ(fresh.size(), 2u);
    EXPECT_EQ(fast[2].q, fresh[0].q) << "defaults after a changed knight";
    EXPECT_EQ(fast[1].q, fresh[1].q) << "Tempo 0 after a changed knight";
}

TEST_F(EvalfitScoring, UnknownOptionFailsTheCandidateNotTheRun) {
    const auto fast = run(EvalfitPath::Fast, {{{"NoSuchWeight", "3"}}, {}});
    ASSERT_EQ(fast.size(), 2u);
    EXPECT_NE(fast[0].failure.find("NoSuchWeight"), std::string::npos) << fast[0].failure;
    EXPECT_TRUE(fast[1].failure.empty()) << fast[1].failure;
}

}  // namespace
}  // namespace mf::dataset
