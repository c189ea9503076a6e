// Split and merge, the halves of the evaluator contract every evaluator shares: however the work
// is cut (one position per item locally, chunks on remote ranks), every unit is covered once and
// merging the items' results gives the same scores; items that never ran count as cancelled.
#include <gtest/gtest.h>

#include <set>
#include <stdexcept>

#include "evolution/tuning/evaluate/work_items.h"
#include "tuning_test_support.h"

using namespace mf;
using namespace mf::tuning;

namespace {

SuiteWork smallSuiteWork(int positions) {
    auto dir = test::scratchDir("work_items");
    SuiteWork work;
    work.suite = uci::loadSuite(test::writeSuite(dir / "suite.epd", positions).string());
    work.rule = {uci::SearchLimit::nodes(100), 0.0, FitnessMeasure::Solved};
    return work;
}

// A made-up but fixed outcome of candidate c on position p: solved when (c + p) % 3 == 0.
PositionResult outcome(std::size_t c, std::size_t p) {
    PositionResult result;
    result.id = "p" + std::to_string(p);
    result.scored = true;
    result.solved = (c + p) % 3 == 0;
    result.score = result.solved ? 1.0 : 0.0;
    result.thinkTime = std::chrono::milliseconds(10 + p);
    return result;
}

std::vector<std::optional<ItemResult>> runAll(const std::vector<WorkItem>& items) {
    std::vector<std::optional<ItemResult>> results;
    for (const WorkItem& item : items) {
        const auto& chunk = std::get<SuiteItem>(item);
        SuiteItemResult result;
        for (std::size_t k = 0; k < chunk.count; ++k) result.positions.push_back(outcome(chunk.candidate, chunk.first + k));
        results.emplace_back(std::move(result));
    }
    return results;
}

}  // namespace

TEST(WorkItems, EverySplitCoversEachUnitOnce) {
    const FitnessWork work = smallSuiteWork(10);
    for (std::size_t chunk : {1u, 3u, 7u, 10u, 50u}) {
        const auto items = splitWork(work, 4, {chunk});
        std::set<std::pair<std::size_t, std::size_t>> seen;
        std::size_t units = 0;
        for (const WorkItem& item : items) {
            const auto& suite = std::get<SuiteItem>(item);
            EXPECT_GE(suite.count, 1u);
            EXPECT_LE(suite.count, chunk);
            EXPECT_EQ(itemCandidate(item), suite.candidate);
            units += itemUnits(item);
            for (std::size_t p = suite.first; p < suite.first + suite.count; ++p)
                EXPECT_TRUE(seen.insert({suite.candidate, p}).second) << "chunk " << chunk;
        }
        EXPECT_EQ(units, 40u) << "chunk " << chunk;
        EXPECT_EQ(seen.size(), 40u) << "chunk " << chunk;
        EXPECT_EQ(unitsPerCandidate(work), 10u);
    }
}

TEST(WorkItems, MergeGivesTheSameScoresForAnySplit) {
    const FitnessWork work = smallSuiteWork(10);
    const auto reference = mergeResults(work, 4, splitWork(work, 4, {1}), runAll(splitWork(work, 4, {1})));
    ASSERT_EQ(reference.size(), 4u);
    for (std::size_t c = 0; c < 4; ++c) {
        int solved = 0;
        for (std::size_t p = 0; p < 10; ++p) solved += (c + p) % 3 == 0;
        EXPECT_EQ(reference[c].solved, solved);
        EXPECT_DOUBLE_EQ(reference[c].fitness, solved);
        EXPECT_EQ(reference[c].scored, 10);
        EXPECT_EQ(reference[c].thinkTime, std::chrono::milliseconds(10 * 10 + 45));
        ASSERT_EQ(reference[c].positions.size(), 10u);
        EXPECT_EQ(reference[c].positions[7].id, "p7");  // suite order
    }
    for (std::size_t chunk : {3u, 7u, 10u}) {
        const auto items = splitWork(work, 4, {chunk});
        const auto scores = mergeResults(work, 4, items, runAll(items));
        for (std::size_t c = 0; c < 4; ++c) {
            EXPECT_EQ(scores[c].fitness, reference[c].fitness) << "chunk " << chunk;
            EXPECT_EQ(scores[c].solved, reference[c].solved);
            EXPECT_EQ(scores[c].thinkTime, reference[c].thinkTime);
            EXPECT_TRUE(scores[c].complete());
        }
    }
}

TEST(WorkItems, ItemsThatNeverRanCountAsCancelled) {
    const FitnessWork work = smallSuiteWork(10);
    const auto items = splitWork(work, 2, {4});  // per candidate: 4 + 4 + 2 positions
    auto results = runAll(items);
    results[1].reset();  // candidate 0, positions 4..7 were stopped before their turn
    const auto scores = mergeResults(work, 2, items, results);
    EXPECT_EQ(scores[0].cancelled, 4);
    EXPECT_EQ(scores[0].scored, 6);
    EXPECT_FALSE(scores[0].complete());
    EXPECT_EQ(scores[0].positions[5].failure, kCancelledFailure);
    EXPECT_EQ(scores[0].positions[5].id, "p5");  // still named after its position
    EXPECT_TRUE(scores[1].complete());

    const ItemResult cancelled = cancelledResult(work, items[1]);
    ASSERT_EQ(std::get<SuiteItemResult>(cancelled).positions.size(), 4u);
    EXPECT_FALSE(std::get<SuiteItemResult>(cancelled).positions[0].scored);
}

TEST(WorkItems, AResultThatDoesNotFitItsItemIsRefused) {
    const FitnessWork work = smallSuiteWork(10);
    const auto items = splitWork(work, 1, {5});
    auto results = runAll(items);
    std::get<SuiteItemResult>(*results[0]).positions.pop_back();
    EXPECT_THROW(mergeResults(work, 1, items, results), std::invalid_argument);
    results = runAll(items);
    results.pop_back();
    EXPECT_THROW(mergeResults(work, 1, items, results), std::invalid_argument);
}
