#pragma once
// The "run" step of the evaluator contract (fitness_evaluator.h): executes one work item on the
// engines of the machine it runs on. LocalEvaluator drives one on its pool; an MPI worker rank
// drives the same class on its own pool with the items rank 0 sends it.

#include <functional>
#include <stop_token>
#include <vector>

#include "evolution/tuning/dataset_scoring.h"
#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/game_players.h"
#include "evolution/tuning/work_items.h"
#include "evolution/uci/search_service.h"

namespace mf::tuning {

class ItemRunner {
public:
    using ItemDone = std::function<void(ItemResult)>;

    // What runs the items: `service` the suite items (searches), `players` the game pair items,
    // `data` the dataset items. Any may be null when the machine's engines are made for another
    // kind of work; an item of that kind is then refused (std::logic_error). All must outlive
    // every item in flight.
    explicit ItemRunner(uci::SearchService& service) : service_(&service) {}
    ItemRunner(uci::SearchService* service, GamePairService* players, DatasetScoringService* data = nullptr)
        : service_(service), players_(players), data_(data) {}

    // Items of this machine that run at once (engines searching, or game slots).
    std::size_t workers() const;

    // Starts `item` of `work` (its candidate index refers to `candidates`) and returns at once.
    // `done` is called exactly once with the item's result, from one of the service's threads
    // (never from inside run()). `work` and `candidates` must stay alive until then. When `stop`
    // is requested, searches in flight are stopped and the item's result counts them cancelled.
    void run(const FitnessWork& work, const std::vector<Candidate>& candidates, const WorkItem& item,
             std::stop_token stop, ItemDone done);

private:
    uci::SearchService* service_ = nullptr;
    GamePairService* players_ = nullptr;
    DatasetScoringService* data_ = nullptr;
};

}  // namespace mf::tuning
