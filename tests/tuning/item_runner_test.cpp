// The item runner on real engine processes (the fake engine of tests/uci): chunks of several
// positions merge to the same scores as the local evaluator's one-position items (however the
// work is cut, the scores are the same), and a stopped item comes back with its searches cancelled.
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "evolution/tuning/evaluate/item_runner.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/uci/local_engine_pool.h"
#include "tuning_test_support.h"

using namespace mf;
using namespace mf::tuning;

namespace {

uci::EngineConfig fakeConfig() {
    uci::EngineConfig config;
    config.command.program = MATEFIND_FAKE_ENGINE;
    return config;
}

std::vector<Candidate> candidates() {
    return {Candidate{{120}, {{"Material", "120"}}}, Candidate{{130}, {{"Material", "130"}}},
            Candidate{{140}, {{"Material", "140"}}}};
}

// Runs every item of `work` through `runner`, all at once, and merges.
std::vector<CandidateScore> runItems(ItemRunner& runner, const FitnessWork& work, const std::vector<Candidate>& cands,
                                     std::size_t chunk, std::stop_token stop = {}) {
    const auto items = splitWork(work, cands.size(), {chunk});
    std::vector<std::optional<ItemResult>> results(items.size());
    std::mutex mutex;
    std::condition_variable done;
    std::size_t arrived = 0;
    for (std::size_t i = 0; i < items.size(); ++i)
        runner.run(work, cands, items[i], stop, [&, i](ItemResult result) {
            std::lock_guard lock(mutex);
            results[i] = std::move(result);
            ++arrived;
            done.notify_all();
        });
    std::unique_lock lock(mutex);
    done.wait(lock, [&] { return arrived == items.size(); });
    return mergeResults(work, cands.size(), items, results);
}

}  // namespace

TEST(ItemRunner, ChunkedItemsMergeToTheLocalEvaluatorsScores) {
    auto dir = test::scratchDir("item_runner");
    SuiteWork suite;
    suite.suite = uci::loadSuite(test::writeSuite(dir / "suite.epd", 5).string());
    suite.rule = {uci::SearchLimit::depth(3), 0.0, FitnessMeasure::Solved};
    const FitnessWork work = suite;

    EngineSpec spec;
    spec.program = MATEFIND_FAKE_ENGINE;
    auto local = LocalEvaluator::create(spec, 2);
    ASSERT_TRUE(local) << local.error().message;
    const auto reference = (*local)->evaluate(work, candidates(), {}, {});

    auto pool = uci::LocalEnginePool::create(fakeConfig(), 2);
    ASSERT_TRUE(pool) << pool.error().message;
    ItemRunner runner(**pool);
    for (std::size_t chunk : {2u, 5u}) {
        const auto scores = runItems(runner, work, candidates(), chunk);
        ASSERT_EQ(scores.size(), reference.size());
        for (std::size_t c = 0; c < scores.size(); ++c) {
            EXPECT_EQ(scores[c].fitness, reference[c].fitness) << "chunk " << chunk << " candidate " << c;
            EXPECT_EQ(scores[c].solved, reference[c].solved);
            EXPECT_EQ(scores[c].scored, reference[c].scored);
            EXPECT_EQ(scores[c].failed, reference[c].failed);  // the fake's e2e4 is illegal elsewhere
            EXPECT_TRUE(scores[c].complete());
            for (std::size_t p = 0; p < 5; ++p) EXPECT_EQ(scores[c].positions[p].played, reference[c].positions[p].played);
        }
    }
    EXPECT_GT(reference[0].solved, 0);  // the fake engine plays e2e4: the first position is solved
}

TEST(ItemRunner, AStoppedItemComesBackCancelled) {
    auto dir = test::scratchDir("item_runner_stop");
    SuiteWork suite;
    suite.suite = uci::loadSuite(test::writeSuite(dir / "suite.epd", 4).string());
    suite.rule = {uci::SearchLimit::depth(3), 0.0, FitnessMeasure::Solved};
    const FitnessWork work = suite;
    auto pool = uci::LocalEnginePool::create(fakeConfig(), 1);
    ASSERT_TRUE(pool) << pool.error().message;
    ItemRunner runner(**pool);
    std::stop_source stop;
    stop.request_stop();
    const auto scores = runItems(runner, work, candidates(), 4, stop.get_token());
    for (const auto& score : scores) {
        EXPECT_FALSE(score.complete());
        EXPECT_EQ(score.scored, 0);
    }
}
