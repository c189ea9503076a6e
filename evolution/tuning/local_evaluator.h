#pragma once
// The FitnessEvaluator of one machine: every position of every candidate is one request to the
// mf_uci engine pool (N engine processes), so all engines stay busy across candidate boundaries.
// At most N requests are in the pool at a time: pause takes hold exactly (nothing queued inside
// the pool), and in-flight searches are known.

#include <condition_variable>
#include <memory>
#include <mutex>

#include "engine/result.h"
#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/run_controller.h"
#include "evolution/uci/search_service.h"

namespace mf::tuning {

class LocalEvaluator final : public FitnessEvaluator {
public:
    // Starts `workers` engines (0: one per hardware thread) with the spec's fixed options.
    static Result<std::unique_ptr<LocalEvaluator>> create(const EngineSpec& engine, std::size_t workers);
    // Uses an existing service (tests, or a pool shared with `solve`).
    explicit LocalEvaluator(std::unique_ptr<uci::SearchService> service);
    ~LocalEvaluator() override;

    std::size_t workers() const override;
    std::vector<CandidateScore> evaluate(const uci::Suite& suite, const std::vector<Candidate>& candidates,
                                         const ScoringRule& rule, std::stop_token stop,
                                         const ProgressHandler& onProgress) override;
    void pause() override;
    void resume() override;
    // Engine lines of evaluators made by create() (the pool's line tap); an empty handler turns
    // the copying off. Lines are gathered on the pool's workers and handed over from evaluate().
    void setEngineLog(EngineLogHandler handler) override;

    const uci::SearchService& service() const { return *service_; }

private:
    struct Job;
    struct LogSink;
    void dispatch(Job& job);  // caller holds mutex_
    void deliverLog();        // caller does not hold mutex_

    std::unique_ptr<uci::SearchService> service_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool paused_ = false;
    Job* job_ = nullptr;  // the evaluate() call in progress
    std::shared_ptr<LogSink> log_;  // shared with the pool's line tap; null: no tap
    EngineLogHandler logHandler_;

};

// The factory RunController uses for local runs: LocalEvaluator::create(settings.engine, settings.workers).
EvaluatorFactory localEvaluatorFactory();

}  // namespace mf::tuning
