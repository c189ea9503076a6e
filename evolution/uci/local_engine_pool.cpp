#include "evolution/uci/local_engine_pool.h"

#include <exception>
#include <string>

#include <future>

namespace mf::uci {

LocalEnginePool::LocalEnginePool(const EngineConfig& config, std::size_t workers) {
    for (std::size_t i = 0; i < workers; ++i) sessions_.push_back(std::make_unique<EngineSession>(config, i));
}

Result<std::unique_ptr<LocalEnginePool>> LocalEnginePool::create(const EngineConfig& config, std::size_t workers,
                                                                  std::stop_token stop) {
    if (workers == 0) workers = std::max(1u, std::thread::hardware_concurrency());
    std::unique_ptr<LocalEnginePool> pool(new LocalEnginePool(config, workers));

    // Handshakes in parallel: an engine may take a while to load its network or tables.
    std::vector<std::future<std::optional<std::string>>> starts;
    for (auto& session : pool->sessions_)
        starts.push_back(std::async(std::launch::async, [s = session.get(), stop] { return s->start(stop); }));
    std::optional<std::string> firstError;
    for (auto& start : starts)
        if (auto error = start.get(); error && !firstError) firstError = error;
    if (firstError) return Error{*firstError};

    pool->identity_ = pool->sessions_.front()->identity();
    for (std::size_t i = 0; i < workers; ++i)
        pool->threads_.emplace_back([p = pool.get(), i](std::stop_token stop) { p->run(stop, i); });
    return pool;
}

LocalEnginePool::~LocalEnginePool() {
    for (auto& thread : threads_) thread.request_stop();
    threads_.clear();  // joins; a running search sees the stop through its token
    std::deque<Job> left;
    {
        std::lock_guard lock(mutex_);
        left.swap(queue_);
    }
    for (auto& job : left) {
        SearchResult cancelled;
        cancelled.status = SearchStatus::Cancelled;
        job.batch->deliver(job.index, std::move(cancelled));
    }
}

std::shared_ptr<Batch> LocalEnginePool::submit(std::vector<SearchRequest> requests, std::stop_token stop,
                                               ResultHandler onResult) {
    auto batch = std::make_shared<Batch>(std::move(requests), std::move(stop), std::move(onResult));
    {
        std::lock_guard lock(mutex_);
        for (std::size_t i = 0; i < batch->size(); ++i) queue_.push_back({batch, i});
    }
    wake_.notify_all();
    return batch;
}

void LocalEnginePool::pause() {
    std::lock_guard lock(mutex_);
    paused_ = true;
}

void LocalEnginePool::resume() {
    {
        std::lock_guard lock(mutex_);
        paused_ = false;
    }
    wake_.notify_all();
}

int LocalEnginePool::restarts() const {
    int total = 0;
    for (const auto& session : sessions_) total += session->restarts();
    return total;
}

void LocalEnginePool::run(std::stop_token stop, std::size_t worker) {
    EngineSession& session = *sessions_[worker];
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            if (!wake_.wait(lock, stop, [&] { return !paused_ && !queue_.empty(); })) return;
            job = std::move(queue_.front());
            queue_.pop_front();
        }
        // The search stops when either the caller cancels the batch or the pool shuts down.
        std::stop_source either;
        std::stop_callback byCaller(job.batch->stopToken(), [&] { either.request_stop(); });
        std::stop_callback byPool(stop, [&] { either.request_stop(); });
        SearchResult result;
        try {
            result = session.search(job.batch->request(job.index), either.get_token());
        } catch (const std::exception& error) {
            // Nothing may escape a worker thread (std::terminate would end the whole program);
            // whatever went wrong, the request comes back Failed with the reason.
            result = SearchResult{};
            result.id = job.batch->request(job.index).id;
            result.status = SearchStatus::Failed;
            result.failure = std::string("internal error while searching: ") + error.what();
        }
        job.batch->deliver(job.index, std::move(result));
    }
}

}  // namespace mf::uci
