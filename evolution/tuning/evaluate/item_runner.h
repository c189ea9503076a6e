#pragma once
// The "run" step of the evaluator contract (fitness_evaluator.h): executes one work item on the
// engines of the machine it runs on. LocalEvaluator drives one on its pool; an MPI run drives the
// same class with services whose engines are on the worker ranks. Each measure runs its own items
// (runItem in its folder under measures/) on its own kind of service.

#include <functional>
#include <stop_token>
#include <tuple>
#include <vector>

#include "evolution/tuning/common/candidate_score.h"
#include "evolution/tuning/evaluate/work_items.h"
#include "evolution/uci/search_service.h"

namespace mf::tuning {

class ItemRunner {
public:
    using ItemDone = std::function<void(ItemResult)>;

    // What runs the items: one service per measure (Measures::Services: searches for suites, game
    // players for games, position scorers for evalfit). Any may be null when the machine's engines
    // are made for another measure; an item of that measure is then refused (std::logic_error).
    // All must outlive every item in flight.
    explicit ItemRunner(Measures::Services services) : services_(services) {}
    // Suite work only.
    explicit ItemRunner(uci::SearchService& service) { std::get<uci::SearchService*>(services_) = &service; }
    // One measure's service alone.
    template <class Service>
    static ItemRunner runningOn(Service* service) {
        Measures::Services services{};
        std::get<Service*>(services) = service;
        return ItemRunner(services);
    }

    // Items of this machine that run at once (engines searching, or game slots).
    std::size_t workers() const;

    // Starts `item` of `work` (its candidate index refers to `candidates`) and returns at once.
    // `done` is called exactly once with the item's result, from one of the service's threads
    // (never from inside run()). `work` and `candidates` must stay alive until then. When `stop`
    // is requested, searches in flight are stopped and the item's result counts them cancelled.
    void run(const FitnessWork& work, const std::vector<Candidate>& candidates, const WorkItem& item,
             std::stop_token stop, ItemDone done);

private:
    Measures::Services services_{};
};

}  // namespace mf::tuning
