// The score cache keeps what selection needs and not the per-position detail: its memory per
// entry must not depend on how many positions the suite has (found by the soak test: the copies'
// position buffers stayed allocated, some 190 bytes a position for every cached chromosome).
#include <gtest/gtest.h>

#include <malloc.h>

#include "evolution/tuning/score_cache.h"

namespace mf::tuning {
namespace {

CandidateScore scoreOnPositions(int positions) {
    CandidateScore score;
    score.fitness = 3.5;
    score.solved = 3;
    score.scored = positions;
    for (int p = 0; p < positions; ++p) {
        PositionResult r;
        r.line = p + 1;
        r.id = "a position id long enough to be allocated " + std::to_string(p);
        r.expected = "bm Nf3 and some more text to allocate";
        r.played = "Nf3 and some more text to allocate too";
        r.scored = true;
        score.positions.push_back(r);
    }
    return score;
}

TEST(ScoreCache, EntriesKeepTheScoreButNotThePositionsMemory) {
    constexpr int kEntries = 2000, kPositions = 50;
    const CandidateScore score = scoreOnPositions(kPositions);
    ScoreCache cache(true);
    const std::size_t before = mallinfo2().uordblks;
    for (int i = 0; i < kEntries; ++i) cache.store(1, {i, 2 * i, 3}, score);
    const std::size_t after = mallinfo2().uordblks;
    const auto hit = cache.find(1, {7, 14, 3});
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->fitness, 3.5);
    EXPECT_EQ(hit->solved, 3);
    EXPECT_EQ(hit->scored, kPositions);
    EXPECT_TRUE(hit->positions.empty());
    // The detail would be kEntries * kPositions * (4 strings + fields) > 20 MB; an entry without
    // it is a map node, three ints and a CandidateScore: well under 1 kB. (Under AddressSanitizer
    // mallinfo2 does not see the allocations and the bound holds trivially.)
    const std::size_t perEntry = after > before ? (after - before) / kEntries : 0;
    EXPECT_LT(perEntry, 1024u) << "bytes held per cached score";
}

}  // namespace
}  // namespace mf::tuning
