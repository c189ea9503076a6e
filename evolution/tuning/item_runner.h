#pragma once
// The "run" step of the evaluator contract (fitness_evaluator.h): executes one work item on the
// engines of the machine it runs on. LocalEvaluator drives one on its pool; an MPI worker rank
// drives the same class on its own pool with the items rank 0 sends it.

#include <functional>
#include <stop_token>
#include <vector>

#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/work_items.h"
#include "evolution/uci/search_service.h"

namespace mf::tuning {

class ItemRunner {
public:
    using ItemDone = std::function<void(ItemResult)>;

    // `service` must outlive the runner and every item in flight.
    explicit ItemRunner(uci::SearchService& service) : service_(service) {}

    // Engines of this machine that run items at once.
    std::size_t workers() const { return service_.workers(); }

    // Starts `item` of `work` (its candidate index refers to `candidates`) and returns at once.
    // `done` is called exactly once with the item's result, from one of the service's threads
    // (never from inside run()). `work` and `candidates` must stay alive until then. When `stop`
    // is requested, searches in flight are stopped and the item's result counts them cancelled.
    void run(const FitnessWork& work, const std::vector<Candidate>& candidates, const WorkItem& item,
             std::stop_token stop, ItemDone done);

private:
    uci::SearchService& service_;
};

}  // namespace mf::tuning
