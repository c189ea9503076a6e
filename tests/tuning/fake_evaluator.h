#pragma once
// A deterministic FitnessEvaluator for controller tests: no engines. Position p of a suite is
// "solved" by a candidate when its value of term (p mod terms) reaches a threshold that grows
// with p, so fitness rises as values grow and the GA has something to climb. Positions are
// "searched" one at a time on the calling thread, each taking `delay`; pause and stop behave as
// the interface says (no new position while paused, the one in flight finishes; stop returns
// at once with the rest cancelled).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <functional>
#include <mutex>
#include <thread>

#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/measures/suite/suite_positions.h"

namespace mf::tuning::test {

struct FakeCounters {
    std::atomic<std::size_t> evaluateCalls{0};
    std::atomic<std::size_t> candidates{0};
    std::atomic<std::size_t> positions{0};  // positions "searched" (started)
    // Set before the run starts: called as each position starts, with the size of the suite being
    // scored; may block, so a test can hold a known position in flight while it acts.
    std::function<void(std::size_t suiteSize)> onPosition;
};

class FakeEvaluator final : public FitnessEvaluator {
public:
    FakeEvaluator(FakeCounters& counters, std::chrono::microseconds delay, int lowest, int step)
        : counters_(counters), delay_(delay), lowest_(lowest), step_(step) {}

    std::size_t workers() const override { return 1; }
    void pause() override {
        std::lock_guard lock(mutex_);
        paused_ = true;
    }
    void resume() override {
        std::lock_guard lock(mutex_);
        paused_ = false;
        wake_.notify_all();
    }

    std::vector<CandidateScore> evaluate(const FitnessWork& work, const std::vector<Candidate>& candidates,
                                         std::stop_token stop, const ProgressHandler& onProgress) override {
        const uci::Suite& suite = std::get<SuiteWork>(work).suite;
        const ScoringRule& rule = std::get<SuiteWork>(work).rule;
        ++counters_.evaluateCalls;
        counters_.candidates += candidates.size();
        const std::size_t total = candidates.size() * suite.positions.size();
        std::size_t done = 0;
        std::vector<CandidateScore> scores(candidates.size());
        for (std::size_t c = 0; c < candidates.size(); ++c) {
            for (std::size_t p = 0; p < suite.positions.size(); ++p) {
                PositionResult result;
                result.line = suite.positions[p].line;
                result.id = suite.positions[p].id;
                if (!waitWhilePaused(stop, done, total, onProgress)) {
                    result.failure = std::string(kCancelledFailure);
                } else {
                    ++counters_.positions;
                    if (counters_.onPosition) counters_.onPosition(suite.positions.size());
                    if (onProgress) onProgress({done, total, 1});
                    std::this_thread::sleep_for(delay_);
                    const auto& values = candidates[c].values;
                    const int threshold = lowest_ + step_ * static_cast<int>(p);
                    result.scored = true;
                    result.solved = values[p % values.size()] >= threshold;
                    result.played = result.solved ? "good" : "bad";
                    result.expected = "bm good";
                    result.score = positionScore(result.solved, 0, 0.5, rule);
                    ++done;
                }
                scores[c].positions.push_back(result);
            }
            summarize(scores[c]);
        }
        if (onProgress) onProgress({done, total, 0});
        return scores;
    }

private:
    bool waitWhilePaused(std::stop_token stop, std::size_t done, std::size_t total, const ProgressHandler& onProgress) {
        std::unique_lock lock(mutex_);
        while (paused_ && !stop.stop_requested()) {
            lock.unlock();
            if (onProgress) onProgress({done, total, 0});
            lock.lock();
            wake_.wait_for(lock, std::chrono::milliseconds(10));
        }
        return !stop.stop_requested();
    }

    FakeCounters& counters_;
    std::chrono::microseconds delay_;
    int lowest_;
    int step_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool paused_ = false;
};

}  // namespace mf::tuning::test
