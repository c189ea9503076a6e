#include "evolution/tuning/item_runner.h"

#include <memory>
#include <mutex>
#include <stdexcept>

#include "evolution/match/game.h"
#include "evolution/tuning/suite_positions.h"

namespace mf::tuning {

namespace {

// A suite chunk: every position is one request to the pool, all in one batch; the result is
// built when the last search of the chunk arrives.
void runSuiteItem(uci::SearchService& service, const SuiteWork& work, const Candidate& candidate,
                  const SuiteItem& item, std::stop_token stop, ItemRunner::ItemDone done) {
    struct Pending {
        std::mutex mutex;
        std::vector<uci::SearchResult> results;
        std::size_t arrived = 0;
        ItemRunner::ItemDone done;
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
    service.submit(std::move(requests), stop, [pending, &work, item](const uci::SearchResult& result) {
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

// A game pair: played on a free game slot (of this machine or of a worker rank), the candidate
// as side A.
void runGamePair(GamePairService& players, const GamesWork& work, const Candidate& candidate, const GamePairItem& item,
                 std::stop_token stop, ItemRunner::ItemDone done) {
    match::Side side{"candidate", candidate.options};
    players.playPair(std::move(side), work.baseline, work.openings.at(item.pair), work.limits, work.adjudication,
                     item.pair, stop, [stop, done = std::move(done)](match::PairResult pair) {
                         GamePairItemResult result;
                         result.pair = std::move(pair);
                         result.cancelled = stop.stop_requested() && !result.pair.complete();
                         done(std::move(result));
                     });
}

}  // namespace

std::size_t ItemRunner::workers() const {
    if (service_) return service_->workers();
    if (players_) return players_->slotCount();
    return data_ ? data_->workers() : 0;
}

void ItemRunner::run(const FitnessWork& work, const std::vector<Candidate>& candidates, const WorkItem& item,
                     std::stop_token stop, ItemDone done) {
    if (itemCandidate(item) >= candidates.size())
        throw std::invalid_argument("ItemRunner: item names candidate " + std::to_string(itemCandidate(item)) +
                                    " of " + std::to_string(candidates.size()));
    if (itemUnits(item) == 0) throw std::invalid_argument("ItemRunner: an empty item");
    std::visit(Overloaded{[&](const SuiteWork& suite, const SuiteItem& chunk) {
                              if (!service_) throw std::logic_error("ItemRunner: no search engines for suite work");
                              runSuiteItem(*service_, suite, candidates[chunk.candidate], chunk, stop, std::move(done));
                          },
                          [&](const GamesWork& games, const GamePairItem& pair) {
                              if (!players_) throw std::logic_error("ItemRunner: no game players for games work");
                              runGamePair(*players_, games, candidates[pair.candidate], pair, stop, std::move(done));
                          },
                          [&](const DatasetWork& data, const DatasetItem& chunk) {
                              if (!data_) throw std::logic_error("ItemRunner: no position scorers for dataset work");
                              data_->score(data, chunk, candidates[chunk.candidate].options, stop,
                                           [done = std::move(done)](DatasetItemResult result) { done(std::move(result)); });
                          },
                          [](const auto&, const auto&) {
                              throw std::invalid_argument("ItemRunner: an item of another kind of work");
                          }},
               work, item);
}

}  // namespace mf::tuning
