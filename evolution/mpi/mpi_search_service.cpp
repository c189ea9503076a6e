#include "evolution/mpi/mpi_search_service.h"


namespace mf::mpi {

Result<std::unique_ptr<MpiSearchService>> MpiSearchService::create(const uci::EngineConfig& config,
                                                                   std::size_t enginesPerRank) {
    const StartRequest start = startRequestOf(config, ServiceKind::Searches, enginesPerRank);
    auto dispatcher = ItemDispatcher::create(start, kSlotsPerEngine);
    if (!dispatcher) return dispatcher.error();
    return std::unique_ptr<MpiSearchService>(new MpiSearchService(std::move(*dispatcher)));
}

std::shared_ptr<uci::Batch> MpiSearchService::submit(std::vector<uci::SearchRequest> requests, std::stop_token stop,
                                                     uci::ResultHandler onResult) {
    auto batch = std::make_shared<uci::Batch>(std::move(requests), std::move(stop), std::move(onResult));
    std::vector<ItemDispatcher::Work> work;
    for (std::size_t i = 0; i < batch->size(); ++i)
        work.push_back({ItemKind::Search, encode(batch->request(i)), batch->stopToken(),
                        [batch, i](const std::string* answer, int rank) {
                            uci::SearchResult value;
                            if (!answer) {  // stopped before it was shipped, or the service went away
                                value.status = uci::SearchStatus::Cancelled;
                            } else if (auto result = decodeSearchResult(*answer)) {
                                value = std::move(*result);
                            } else {
                                value.status = uci::SearchStatus::Failed;
                                value.failure = "rank " + std::to_string(rank) + ": " + result.error().message;
                            }
                            batch->deliver(i, std::move(value));
                        }});
    dispatcher_->submit(std::move(work));
    return batch;
}

void shutdownWorkers() {
    Channel channel;
    for (int r = 1; r < size(); ++r) channel.send(r, Tag::Shutdown, {});
    channel.flush();
}

}  // namespace mf::mpi
