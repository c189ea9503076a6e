#include "evolution/tuning/evaluate/work_items.h"

#include <stdexcept>
#include <string>

namespace mf::tuning {

namespace {

// The items and results of one measure, out of the variants; anything of another measure is a bug.
template <class M>
std::vector<typename M::Item> itemsOf(const std::vector<WorkItem>& items) {
    std::vector<typename M::Item> out;
    out.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto* item = std::get_if<typename M::Item>(&items[i]);
        if (!item) throw std::invalid_argument("mergeResults: item " + std::to_string(i) + " belongs to another measure");
        out.push_back(*item);
    }
    return out;
}

template <class M>
std::vector<std::optional<typename M::ItemResult>> resultsOf(const std::vector<std::optional<ItemResult>>& results) {
    std::vector<std::optional<typename M::ItemResult>> out(results.size());
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (!results[i]) continue;
        const auto* result = std::get_if<typename M::ItemResult>(&*results[i]);
        if (!result)
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " belongs to another measure");
        out[i] = *result;
    }
    return out;
}

}  // namespace

std::vector<WorkItem> splitWork(const FitnessWork& work, std::size_t candidates, const SplitOptions& options) {
    return std::visit(
        [&](const auto& measured) {
            const auto own = splitItems(measured, candidates, options);
            return std::vector<WorkItem>(own.begin(), own.end());
        },
        work);
}

std::size_t itemUnits(const WorkItem& item) {
    return std::visit([](const auto& own) { return unitsOf(own); }, item);
}

std::size_t itemCandidate(const WorkItem& item) {
    return std::visit([](const auto& own) { return candidateOf(own); }, item);
}

ItemResult cancelledResult(const FitnessWork& work, const WorkItem& item) {
    return std::visit(
        [&](const auto& measured) -> ItemResult {
            using M = MeasureOf<std::decay_t<decltype(measured)>>;
            const auto* own = std::get_if<typename M::Item>(&item);
            if (!own) throw std::invalid_argument("cancelledResult: an item of another kind of work");
            return cancelledItem(measured, *own);
        },
        work);
}

std::vector<CandidateScore> mergeResults(const FitnessWork& work, std::size_t candidates,
                                         const std::vector<WorkItem>& items,
                                         const std::vector<std::optional<ItemResult>>& results) {
    if (results.size() != items.size())
        throw std::invalid_argument("mergeResults: " + std::to_string(results.size()) + " results for " +
                                    std::to_string(items.size()) + " items");
    return std::visit(
        [&](const auto& measured) {
            using M = MeasureOf<std::decay_t<decltype(measured)>>;
            return mergeItems(measured, candidates, itemsOf<M>(items), resultsOf<M>(results));
        },
        work);
}

}  // namespace mf::tuning
