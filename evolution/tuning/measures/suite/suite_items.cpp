#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "evolution/tuning/measures/suite/suite_measure.h"
#include "evolution/tuning/measures/suite/suite_positions.h"

namespace mf::tuning {

namespace {

PositionResult neverSearched(const uci::SuitePosition& position, const ScoringRule& rule) {
    uci::SearchResult never;
    never.status = uci::SearchStatus::Cancelled;
    return positionResult(position, never, rule);
}

}  // namespace

WorkUnit unitKind(const SuiteWork&) { return WorkUnit::Positions; }

std::size_t candidateUnits(const SuiteWork& work) { return work.suite.positions.size(); }

std::string describe(const SuiteWork& work) {
    std::ostringstream out;
    out << "suite " << work.suite.path << " (" << work.suite.positions.size() << " positions), "
        << work.rule.limit.describe() << ", prize " << work.rule.prize << ", fitness by "
        << fitnessMeasureName(work.rule.measure);
    return out.str();
}

std::vector<SuiteItem> splitItems(const SuiteWork& work, std::size_t candidates, const SplitOptions& options) {
    std::vector<SuiteItem> items;
    const std::size_t positions = work.suite.positions.size();
    const std::size_t chunk = std::max<std::size_t>(options.positionsPerItem, 1);
    for (std::size_t c = 0; c < candidates; ++c)
        for (std::size_t first = 0; first < positions; first += chunk)
            items.push_back(SuiteItem{c, first, std::min(chunk, positions - first)});
    return items;
}

std::size_t unitsOf(const SuiteItem& item) { return item.count; }

std::size_t candidateOf(const SuiteItem& item) { return item.candidate; }

SuiteItemResult cancelledItem(const SuiteWork& work, const SuiteItem& item) {
    SuiteItemResult result;
    for (std::size_t p = item.first; p < item.first + item.count; ++p)
        result.positions.push_back(neverSearched(work.suite.positions.at(p), work.rule));
    return result;
}

std::vector<CandidateScore> mergeItems(const SuiteWork& work, std::size_t candidates, const std::vector<SuiteItem>& items,
                                       const std::vector<std::optional<SuiteItemResult>>& results) {
    const auto& positions = work.suite.positions;
    std::vector<CandidateScore> scores(candidates);
    for (auto& score : scores) score.positions.resize(positions.size());
    std::vector<std::vector<bool>> filled(candidates, std::vector<bool>(positions.size(), false));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const SuiteItem& chunk = items[i];
        if (chunk.candidate >= candidates || chunk.first + chunk.count > positions.size())
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its suite item");
        const SuiteItemResult result = results[i] ? *results[i] : cancelledItem(work, chunk);
        if (result.positions.size() != chunk.count)
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its suite item");
        for (std::size_t k = 0; k < chunk.count; ++k) {
            scores[chunk.candidate].positions[chunk.first + k] = result.positions[k];
            filled[chunk.candidate][chunk.first + k] = true;
        }
    }
    for (std::size_t c = 0; c < candidates; ++c) {
        CandidateScore& score = scores[c];
        for (std::size_t p = 0; p < positions.size(); ++p) {
            PositionResult& position = score.positions[p];
            if (!filled[c][p]) position = neverSearched(positions[p], work.rule);  // no item covered it
            if (!position.scored) continue;
            score.thinkTime += position.thinkTime;
            if (!positions[p].points.empty()) score.maxPoints += positions[p].maxPoints();
        }
        summarize(score);
    }
    return scores;
}

}  // namespace mf::tuning
