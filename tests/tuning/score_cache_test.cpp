// The score cache keeps what selection needs and not the per-position detail: its memory per
// entry must not depend on how many positions the suite has (found by the soak test: the copies'
// position buffers stayed allocated, some 190 bytes a position for every cached chromosome).
// It stays within its memory bound by dropping the least recently used entries, and the bytes it
// counts are the bytes the allocator hands out. (A run that evicts breeds as one that does not:
// score_cache_run_test.cpp.)
#include <gtest/gtest.h>

#include <malloc.h>

#include "evolution/tuning/evaluate/score_cache.h"
#include "evolution/tuning/settings/tuning_settings.h"

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
    ScoreCache cache(true, kDefaultScoreCacheBytes);
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

CandidateScore fitness(double value) {
    CandidateScore score;
    score.fitness = value;
    score.scored = 1;
    return score;
}

TEST(ScoreCache, TheBytesItCountsAreTheBytesTheAllocatorHandsOut) {
    constexpr int kEntries = 5000;
    ScoreCache cache(true, kDefaultScoreCacheBytes);
    const std::size_t before = mallinfo2().uordblks;
    for (int i = 0; i < kEntries; ++i) cache.store(i % 3, {i, 7 * i, 3, 4, 5, i % 11}, fitness(i));
    const std::size_t after = mallinfo2().uordblks;
    const ScoreCacheUse use = cache.use();
    EXPECT_EQ(use.entries, static_cast<std::size_t>(kEntries));
    EXPECT_EQ(use.bytes, kEntries * ScoreCache::entryBytes({1, 2, 3, 4, 5, 6}, fitness(1)));
    if (after <= before) GTEST_SKIP() << "mallinfo2 does not see this build's allocations (AddressSanitizer)";
    const double counted = static_cast<double>(use.bytes), measured = static_cast<double>(after - before);
    EXPECT_NEAR(counted / measured, 1.0, 0.05) << "counted " << counted << " bytes, malloc handed out " << measured;
}

TEST(ScoreCache, PastItsBoundTheLeastRecentlyUsedEntryGoesFirst) {
    const std::size_t entry = ScoreCache::entryBytes({0, 0}, fitness(0));
    ScoreCache cache(true, 3 * entry);
    cache.store(1, {1, 1}, fitness(1));
    cache.store(1, {2, 2}, fitness(2));
    cache.store(1, {3, 3}, fitness(3));
    EXPECT_EQ(cache.use().bytes, 3 * entry);
    ASSERT_TRUE(cache.find(1, {1, 1}));   // {1,1} is now the most recent: {2,2} is the oldest
    cache.store(1, {4, 4}, fitness(4));
    EXPECT_FALSE(cache.find(1, {2, 2}));
    EXPECT_EQ(cache.use().evictions, 1u);
    cache.store(1, {5, 5}, fitness(5));   // {3,3} is the oldest now
    EXPECT_FALSE(cache.find(1, {3, 3}));
    for (int kept : {1, 4, 5}) {
        const auto hit = cache.find(1, {kept, kept});
        ASSERT_TRUE(hit) << kept;
        EXPECT_EQ(hit->fitness, kept);
    }
    const ScoreCacheUse use = cache.use();
    EXPECT_EQ(use.entries, 3u);
    EXPECT_EQ(use.bytes, 3 * entry);
    EXPECT_EQ(use.capacity, 3 * entry);
    EXPECT_EQ(use.evictions, 2u);
}

TEST(ScoreCache, StoringAKeyAgainReplacesItsEntryAndCountsItOnce) {
    const std::size_t entry = ScoreCache::entryBytes({0}, fitness(0));
    ScoreCache cache(true, 2 * entry);
    cache.store(1, {1}, fitness(1));
    cache.store(1, {1}, fitness(10));
    cache.store(2, {1}, fitness(20));  // another work: another entry
    EXPECT_EQ(cache.use().entries, 2u);
    EXPECT_EQ(cache.use().bytes, 2 * entry);
    EXPECT_EQ(cache.use().evictions, 0u);
    EXPECT_EQ(cache.find(1, {1})->fitness, 10);
    EXPECT_EQ(cache.find(2, {1})->fitness, 20);
}

TEST(ScoreCache, ABoundOfNothingKeepsNothingAndNeverHoldsMoreThanItsBound) {
    ScoreCache none(true, 0);
    none.store(1, {1, 2}, fitness(1));
    EXPECT_FALSE(none.find(1, {1, 2}));
    EXPECT_EQ(none.use().entries, 0u);
    EXPECT_TRUE(none.enabled());  // scores are still reproducible: duplicates share a search

    const std::size_t entry = ScoreCache::entryBytes({0, 0}, fitness(0));
    ScoreCache small(true, 5 * entry + entry / 2);
    for (int i = 0; i < 100; ++i) {
        small.store(i % 2, {i, -i}, fitness(i));
        EXPECT_LE(small.use().bytes, small.use().capacity) << "after " << i + 1 << " stores";
    }
    EXPECT_EQ(small.use().entries, 5u);
    EXPECT_EQ(small.use().evictions, 95u);
}

TEST(ScoreCache, IncompleteAndFailedScoresAndADisabledCacheKeepNothing) {
    ScoreCache cache(true, kDefaultScoreCacheBytes);
    CandidateScore failed = fitness(1);
    failed.failed = 1;
    CandidateScore cancelled = fitness(1);
    cancelled.cancelled = 1;
    cache.store(1, {1}, failed);
    cache.store(1, {2}, cancelled);
    EXPECT_EQ(cache.use().entries, 0u);
    ScoreCache disabled(false, kDefaultScoreCacheBytes);
    disabled.store(1, {1}, fitness(1));
    EXPECT_FALSE(disabled.find(1, {1}));
    EXPECT_EQ(disabled.use().entries, 0u);
}

}  // namespace
}  // namespace mf::tuning
