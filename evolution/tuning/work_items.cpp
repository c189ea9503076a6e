#include "evolution/tuning/work_items.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "evolution/tuning/suite_positions.h"

namespace mf::tuning {

std::vector<WorkItem> splitWork(const FitnessWork& work, std::size_t candidates, const SplitOptions& options) {
    std::vector<WorkItem> items;
    std::visit(Overloaded{[&](const SuiteWork& suite) {
                   const std::size_t positions = suite.suite.positions.size();
                   const std::size_t chunk = std::max<std::size_t>(options.positionsPerItem, 1);
                   for (std::size_t c = 0; c < candidates; ++c)
                       for (std::size_t first = 0; first < positions; first += chunk)
                           items.push_back(SuiteItem{c, first, std::min(chunk, positions - first)});
               }},
               work);
    return items;
}

std::size_t itemUnits(const WorkItem& item) {
    return std::visit(Overloaded{[](const SuiteItem& suite) { return suite.count; }}, item);
}

std::size_t itemCandidate(const WorkItem& item) {
    return std::visit(Overloaded{[](const SuiteItem& suite) { return suite.candidate; }}, item);
}

ItemResult cancelledResult(const FitnessWork& work, const WorkItem& item) {
    return std::visit(Overloaded{[](const SuiteWork& suite, const SuiteItem& chunk) -> ItemResult {
                          SuiteItemResult result;
                          uci::SearchResult never;
                          never.status = uci::SearchStatus::Cancelled;
                          for (std::size_t p = chunk.first; p < chunk.first + chunk.count; ++p)
                              result.positions.push_back(positionResult(suite.suite.positions.at(p), never, suite.rule));
                          return result;
                      }},
                      work, item);
}

std::vector<CandidateScore> mergeResults(const FitnessWork& work, std::size_t candidates,
                                         const std::vector<WorkItem>& items,
                                         const std::vector<std::optional<ItemResult>>& results) {
    if (results.size() != items.size())
        throw std::invalid_argument("mergeResults: " + std::to_string(results.size()) + " results for " +
                                    std::to_string(items.size()) + " items");
    std::vector<CandidateScore> scores(candidates);
    std::visit(Overloaded{[&](const SuiteWork& suite) {
                   const auto& positions = suite.suite.positions;
                   for (auto& score : scores) score.positions.resize(positions.size());
                   std::vector<std::vector<bool>> filled(candidates, std::vector<bool>(positions.size(), false));
                   for (std::size_t i = 0; i < items.size(); ++i) {
                       const auto& chunk = std::get<SuiteItem>(items[i]);
                       const ItemResult result = results[i] ? *results[i] : cancelledResult(work, items[i]);
                       const auto* positionsOut = std::get_if<SuiteItemResult>(&result);
                       if (chunk.candidate >= candidates || chunk.first + chunk.count > positions.size() ||
                           !positionsOut || positionsOut->positions.size() != chunk.count)
                           throw std::invalid_argument("mergeResults: result " + std::to_string(i) +
                                                       " does not fit its suite item");
                       for (std::size_t k = 0; k < chunk.count; ++k) {
                           scores[chunk.candidate].positions[chunk.first + k] = positionsOut->positions[k];
                           filled[chunk.candidate][chunk.first + k] = true;
                       }
                   }
                   for (std::size_t c = 0; c < candidates; ++c) {
                       CandidateScore& score = scores[c];
                       for (std::size_t p = 0; p < positions.size(); ++p) {
                           PositionResult& position = score.positions[p];
                           if (!filled[c][p]) {  // no item covered it: never searched
                               uci::SearchResult never;
                               never.status = uci::SearchStatus::Cancelled;
                               position = positionResult(positions[p], never, suite.rule);
                           }
                           if (!position.scored) continue;
                           score.thinkTime += position.thinkTime;
                           if (!positions[p].points.empty()) score.maxPoints += positions[p].maxPoints();
                       }
                       summarize(score);
                   }
               }},
               work);
    return scores;
}

}  // namespace mf::tuning
