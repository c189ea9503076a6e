#pragma once
// SearchService: the one door through which the tuner, the CLI and the window get searches done.
//
// Why an interface: fitness evaluation is the whole cost of a tuning run and embarrassingly
// parallel. LocalEnginePool runs the searches on engine processes of this machine, and
// MpiSearchService (evolution/mpi) ships them to worker ranks on many machines. Both implement
// this small interface, so callers never change with the place the searches run. Keep it small:
// a batch in, results out by request id, cancel, pause.

#include <condition_variable>
#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::uci {

// Called once per request as its result arrives, in completion order, from the service's worker
// threads (possibly several at once: guard what the handler touches).
using ResultHandler = std::function<void(const SearchResult&)>;

// The state of one submitted batch, shared between the caller and the service's workers.
class Batch {
public:
    Batch(std::vector<SearchRequest> requests, std::stop_token stop, ResultHandler onResult);

    // Blocks until every request has a result (Completed, Failed or Cancelled).
    void wait();
    // Waits at most `timeout`; true when the batch is done.
    bool waitFor(std::chrono::milliseconds timeout);
    bool done() const;
    std::size_t size() const { return requests_.size(); }
    std::size_t completed() const;
    // The results in submission order; call after wait().
    const std::vector<SearchResult>& results() const { return results_; }
    // The result for a request id (ids are the caller's), or nullptr if not done/unknown.
    const SearchResult* find(std::uint64_t id) const;

    // For implementations of SearchService.
    const SearchRequest& request(std::size_t index) const { return requests_[index]; }
    std::stop_token stopToken() const { return stop_; }
    void deliver(std::size_t index, SearchResult result);

private:
    std::vector<SearchRequest> requests_;
    std::vector<SearchResult> results_;
    std::stop_token stop_;
    ResultHandler onResult_;
    mutable std::mutex mutex_;
    std::condition_variable finished_;
    std::size_t completed_ = 0;
};

class SearchService {
public:
    virtual ~SearchService() = default;

    // How many searches run at the same time.
    virtual std::size_t workers() const = 0;
    // The engine as it announced itself (name, author, options), for building genomes and for
    // checking option values before anything is searched.
    virtual const EngineIdentity& engine() const = 0;
    // Why some values cannot be sent to the engine, or std::nullopt. Use it before submitting.
    std::optional<std::string> checkOptions(const OptionValues& values) const {
        return checkOptionValues(engine(), values);
    }

    // Queues the requests behind those already queued. When `stop` is requested, queued requests
    // of this batch come back Cancelled without running and running ones are stopped.
    virtual std::shared_ptr<Batch> submit(std::vector<SearchRequest> requests, std::stop_token stop = {},
                                          ResultHandler onResult = {}) = 0;

    // While paused no new request is started; running ones finish. Resume continues the queue.
    virtual void pause() = 0;
    virtual void resume() = 0;
};

}  // namespace mf::uci
