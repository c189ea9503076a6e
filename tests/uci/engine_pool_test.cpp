// The local engine pool behind the SearchService interface, with fake engines.
#include <gtest/gtest.h>

#include <atomic>
#include <map>
#include <mutex>
#include <set>
#include <thread>

#include "evolution/uci/local_engine_pool.h"
#include "fake_engine_support.h"

using namespace mf::uci;
using namespace mf::uci::testing;
using namespace std::chrono_literals;

namespace {

std::unique_ptr<LocalEnginePool> makePool(EngineConfig config, std::size_t workers) {
    auto pool = LocalEnginePool::create(config, workers);
    if (!pool) ADD_FAILURE() << pool.error().message;
    return pool ? std::move(*pool) : nullptr;
}

const char* answers[] = {"e2e4", "d2d4", "g1f3", "c2c4", "b1c3", "f2f4", "b2b3", "g2g3"};

}  // namespace

TEST(LocalEnginePool, ResultsComeBackByRequestIdOnReusedProcesses) {
    ScratchDir dir;
    auto log = dir.path() / "engines.log";
    // Each request has its own options: kept on one process here (by default an option change
    // starts a fresh one, engine_session_test.cpp).
    auto config = fakeEngine({}, log);
    config.freshProcessOnOptionChange = false;
    auto pool = makePool(config, 2);
    ASSERT_TRUE(pool);
    EXPECT_EQ(pool->workers(), 2u);
    EXPECT_EQ(pool->engine().name, "FakeEngine 1.0");

    std::vector<SearchRequest> requests;
    for (std::uint64_t i = 0; i < 24; ++i)
        requests.push_back(request(1000 + i, SearchLimit::depth(4), {{"Answer", answers[i % 8]}}));
    std::atomic<int> handled{0};
    auto batch = pool->submit(requests, {}, [&](const SearchResult&) { ++handled; });
    batch->wait();
    ASSERT_TRUE(batch->done());
    EXPECT_EQ(handled.load(), 24);
    for (std::uint64_t i = 0; i < 24; ++i) {
        const SearchResult* result = batch->find(1000 + i);
        ASSERT_NE(result, nullptr);
        EXPECT_EQ(result->status, SearchStatus::Completed) << result->failure;
        EXPECT_EQ(result->bestMove, answers[i % 8]) << "request " << i;
        EXPECT_EQ(batch->results()[i].id, 1000 + i);  // submission order
    }
    pool.reset();
    EXPECT_EQ(countLogLines(log, "< uci"), 2);  // two processes served 24 searches
    EXPECT_EQ(countLogLines(log, "< go depth 4"), 24);
}

TEST(LocalEnginePool, ABadEngineFailsAtCreation) {
    auto config = fakeEngine({"--fault=exit-at-start"});
    auto pool = LocalEnginePool::create(config, 2);
    ASSERT_FALSE(pool);
    EXPECT_NE(pool.error().message.find("exited before 'uciok'"), std::string::npos) << pool.error().message;
}

TEST(LocalEnginePool, CheckOptionsBeforeSubmitting) {
    auto pool = makePool(fakeEngine({}), 1);
    ASSERT_TRUE(pool);
    EXPECT_EQ(pool->checkOptions({{"Material", "400"}, {"style", "risky"}}), std::nullopt);
    auto error = pool->checkOptions({{"Material", "-1"}, {"Knight", "300"}});
    ASSERT_TRUE(error);
    EXPECT_NE(error->find("out of range"), std::string::npos) << *error;
    EXPECT_NE(error->find("no option 'Knight'"), std::string::npos) << *error;
}

// No stopwatch: uncancelled, the batch would take 250 s (10 searches of ~50 s on 2 engines,
// with no hang timeout to end them), so ending within a generous 60 s proves the cancel.
TEST(LocalEnginePool, CancellingABatchStopsRunningAndQueuedSearches) {
    auto config = fakeEngine({});
    config.timeouts.unmeasuredSearch = 600s;
    auto pool = makePool(config, 2);
    ASSERT_TRUE(pool);
    std::vector<SearchRequest> requests;
    for (std::uint64_t i = 0; i < 10; ++i)
        requests.push_back(request(i, SearchLimit::depth(1000), {{"DepthStepMs", mf::test_time::scaledMsText(50)}}));  // ~50 s each, scaled
    std::stop_source stop;
    auto batch = pool->submit(requests, stop.get_token());
    std::this_thread::sleep_for(150ms);
    stop.request_stop();
    ASSERT_TRUE(batch->waitFor(mf::test_time::scaled(60s)));
    for (const auto& result : batch->results()) EXPECT_EQ(result.status, SearchStatus::Cancelled);
    // The pool keeps working for the next batch, on the same processes.
    auto next = pool->submit({request(99)});
    next->wait();
    EXPECT_EQ(next->results()[0].status, SearchStatus::Completed);
    EXPECT_EQ(pool->restarts(), 0);
}

TEST(LocalEnginePool, PauseHoldsTheQueueAndResumeContinues) {
    auto pool = makePool(fakeEngine({}), 2);
    ASSERT_TRUE(pool);
    pool->pause();
    std::vector<SearchRequest> requests;
    for (std::uint64_t i = 0; i < 4; ++i) requests.push_back(request(i));
    auto batch = pool->submit(requests);
    EXPECT_FALSE(batch->waitFor(300ms));  // a pause holds for any time: no need to scale it
    EXPECT_EQ(batch->completed(), 0u);
    pool->resume();
    ASSERT_TRUE(batch->waitFor(mf::test_time::scaled(5s)));
    for (const auto& result : batch->results()) EXPECT_EQ(result.status, SearchStatus::Completed);
}

TEST(LocalEnginePool, AFaultyRequestDoesNotSpoilTheOthers) {
    // Every process crashes at its third "go": the crashed search is retried on a fresh process.
    auto pool = makePool(fakeEngine({"--fault=crash", "--fault-at-go=3"}), 2);
    ASSERT_TRUE(pool);
    std::vector<SearchRequest> requests;
    for (std::uint64_t i = 0; i < 12; ++i) requests.push_back(request(i));
    auto batch = pool->submit(requests);
    batch->wait();
    for (const auto& result : batch->results()) EXPECT_EQ(result.status, SearchStatus::Completed) << result.failure;
    EXPECT_GE(pool->restarts(), 2);
}

TEST(LocalEnginePool, DestroyingThePoolCancelsWhatIsLeft) {
    std::shared_ptr<Batch> batch;
    {
        auto pool = makePool(fakeEngine({}), 1);
        ASSERT_TRUE(pool);
        std::vector<SearchRequest> requests;
        for (std::uint64_t i = 0; i < 5; ++i)
            requests.push_back(request(i, SearchLimit::depth(1000), {{"DepthStepMs", "50"}}));
        batch = pool->submit(requests);
        std::this_thread::sleep_for(100ms);
    }
    ASSERT_TRUE(batch->done());
    for (const auto& result : batch->results()) EXPECT_EQ(result.status, SearchStatus::Cancelled);
}

TEST(LocalEnginePool, LineTapLabelsLinesWithTheirWorker) {
    std::mutex mutex;
    std::map<std::size_t, int> goes, bestmoves;
    auto config = fakeEngine({});
    config.lineTap = [&](std::size_t worker, LineDirection direction, std::string_view line) {
        std::lock_guard lock(mutex);  // several workers at once
        if (direction == LineDirection::Sent && line.starts_with("go ")) ++goes[worker];
        if (direction == LineDirection::Received && line.starts_with("bestmove")) ++bestmoves[worker];
    };
    auto pool = makePool(config, 2);
    ASSERT_TRUE(pool);
    std::vector<SearchRequest> requests;
    for (std::uint64_t i = 0; i < 8; ++i) requests.push_back(request(i, SearchLimit::depth(3)));
    pool->submit(requests)->wait();
    pool.reset();
    std::lock_guard lock(mutex);
    int total = 0;
    for (const auto& [worker, count] : goes) {
        EXPECT_LT(worker, 2u);
        EXPECT_EQ(bestmoves[worker], count) << "worker " << worker;
        total += count;
    }
    EXPECT_EQ(total, 8);
}

TEST(LocalEnginePool, StopEndsACreationThatWaitsForEngines) {
    auto config = fakeEngine({"--fault=no-uciok"});
    config.timeouts.startup = std::chrono::milliseconds(60'000);
    std::stop_source stop;
    std::jthread stopper([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        stop.request_stop();
    });
    const auto begin = std::chrono::steady_clock::now();
    auto pool = LocalEnginePool::create(config, 2, stop.get_token());
    ASSERT_FALSE(pool.ok());
    EXPECT_EQ(pool.error().message, "interrupted");
    EXPECT_LT(std::chrono::steady_clock::now() - begin, std::chrono::seconds(2));
}
