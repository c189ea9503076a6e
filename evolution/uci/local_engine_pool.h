#pragma once
// The SearchService of one machine: N engine processes (default: one per hardware thread), each
// driven by its own worker thread, serving one shared queue. Processes are reused across
// requests and batches; options are re-sent only when they change and "ucinewgame" precedes
// every depth or nodes search (config.newGame), so such a result does not depend on which
// process served it or what came before. config.lineTap sees every line, labelled with the
// worker index (0..workers-1).

#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "engine/result.h"
#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_service.h"

namespace mf::uci {

class LocalEnginePool final : public SearchService {
public:
    // Starts `workers` engines (0: std::thread::hardware_concurrency()) in parallel and waits for
    // their handshakes. Fails with the first engine's error if any cannot start; a stop request
    // ends the wait at once with "interrupted".
    static Result<std::unique_ptr<LocalEnginePool>> create(const EngineConfig& config, std::size_t workers = 0,
                                                           std::stop_token stop = {});
    ~LocalEnginePool() override;  // stops running searches, quits the engines

    std::size_t workers() const override { return sessions_.size(); }
    const EngineIdentity& engine() const override { return identity_; }
    std::shared_ptr<Batch> submit(std::vector<SearchRequest> requests, std::stop_token stop = {},
                                  ResultHandler onResult = {}) override;
    void pause() override;
    void resume() override;

    // Engine restarts after faults so far, over all workers.
    int restarts() const;

private:
    explicit LocalEnginePool(const EngineConfig& config, std::size_t workers);
    void run(std::stop_token stop, std::size_t worker);

    struct Job {
        std::shared_ptr<Batch> batch;
        std::size_t index;
    };

    std::vector<std::unique_ptr<EngineSession>> sessions_;
    EngineIdentity identity_;
    mutable std::mutex mutex_;
    std::condition_variable_any wake_;
    std::deque<Job> queue_;
    bool paused_ = false;
    std::vector<std::jthread> threads_;  // last member: joined first on destruction
};

}  // namespace mf::uci
