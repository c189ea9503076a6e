#include "evolution/tuning/evaluate/item_runner.h"

#include <stdexcept>
#include <string>

namespace mf::tuning {

std::size_t ItemRunner::workers() const {
    std::size_t workers = 0;
    Measures::any([&]<class M>() {
        const auto* service = std::get<typename M::Service*>(services_);
        if (service) workers = M::workers(*service);
        return service != nullptr;
    });
    return workers;
}

void ItemRunner::run(const FitnessWork& work, const std::vector<Candidate>& candidates, const WorkItem& item,
                     std::stop_token stop, ItemDone done) {
    if (itemCandidate(item) >= candidates.size())
        throw std::invalid_argument("ItemRunner: item names candidate " + std::to_string(itemCandidate(item)) +
                                    " of " + std::to_string(candidates.size()));
    if (itemUnits(item) == 0) throw std::invalid_argument("ItemRunner: an empty item");
    std::visit(
        [&](const auto& measured) {
            using M = MeasureOf<std::decay_t<decltype(measured)>>;
            const auto* own = std::get_if<typename M::Item>(&item);
            if (!own) throw std::invalid_argument("ItemRunner: an item of another kind of work");
            runItem(std::get<typename M::Service*>(services_), measured, *own, candidates, stop,
                    [done = std::move(done)](typename M::ItemResult result) { done(std::move(result)); });
        },
        work);
}

}  // namespace mf::tuning
