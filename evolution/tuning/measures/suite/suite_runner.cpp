#include <memory>
#include <mutex>
#include <stdexcept>

#include "evolution/tuning/measures/suite/suite_measure.h"
#include "evolution/tuning/measures/suite/suite_positions.h"

namespace mf::tuning {

// Every position of the chunk is one request to the pool, all in one batch; the result is built
// when the last search of the chunk arrives.
void runItem(uci::SearchService* service, const SuiteWork& work, const SuiteItem& item,
             const std::vector<Candidate>& candidates, std::stop_token stop, std::function<void(SuiteItemResult)> done) {
    if (!service) throw std::logic_error("ItemRunner: no search engines for suite work");
    const Candidate& candidate = candidates.at(candidateOf(item));
    struct Pending {
        std::mutex mutex;
        std::vector<uci::SearchResult> results;
        std::size_t arrived = 0;
        std::function<void(SuiteItemResult)> done;
    };
    auto pending = std::make_shared<Pending>();
    pending->results.resize(item.count);
    pending->done = std::move(done);
    std::vector<uci::SearchRequest> requests;
    for (std::size_t k = 0; k < item.count; ++k) {
        uci::SearchRequest request;
        request.id = k;
        request.fen = work.suite.positions.at(item.first + k).fen;
        request.limit = work.rule.limit;
        request.options = candidate.options;
        requests.push_back(std::move(request));
    }
    service->submit(std::move(requests), stop, [pending, &work, item](const uci::SearchResult& result) {
        {
            std::lock_guard lock(pending->mutex);
            pending->results.at(result.id) = result;
            if (++pending->arrived < pending->results.size()) return;
        }
        // The last search of the chunk: nobody else touches `pending` any more.
        SuiteItemResult out;
        for (std::size_t k = 0; k < item.count; ++k)
            out.positions.push_back(positionResult(work.suite.positions[item.first + k], pending->results[k], work.rule));
        pending->done(std::move(out));
    });
}

}  // namespace mf::tuning
