#include "evolution/tuning/work_items.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "evolution/dataset/evalfit_measure.h"
#include "evolution/dataset/texel_error.h"
#include "evolution/tuning/suite_positions.h"

namespace mf::tuning {

namespace {

// Pairs in opening order; fitness = the candidate's points (1 a win, 1/2 a draw), never negative.
// A game that did not finish is not scored: cancelled when stopped, else failed (e.g. a broken
// opening), so the score is not kept in the cache and a stopped evaluation is never used.
void mergeGames(const GamesWork& games, const std::vector<WorkItem>& items,
                const std::vector<std::optional<ItemResult>>& results, std::vector<CandidateScore>& scores) {
    const std::size_t pairs = games.openings.size();
    std::vector<std::vector<std::optional<GamePairItemResult>>> byPair(scores.size(),
                                                                     std::vector<std::optional<GamePairItemResult>>(pairs));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto* item = std::get_if<GamePairItem>(&items[i]);
        const auto* result = results[i] ? std::get_if<GamePairItemResult>(&*results[i]) : nullptr;
        if (!item || item->candidate >= scores.size() || item->pair >= pairs || (results[i] && !result))
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its game pair item");
        if (result) byPair[item->candidate][item->pair] = *result;
    }
    for (std::size_t c = 0; c < scores.size(); ++c) {
        CandidateScore& score = scores[c];
        for (std::size_t p = 0; p < pairs; ++p) {
            GamePairItemResult result;
            if (byPair[c][p]) result = std::move(*byPair[c][p]);
            else result.cancelled = true;  // never ran
            result.pair.index = p;
            for (int g = 0; g < 2; ++g) {
                const match::GameRecord& game = result.pair.games[std::size_t(g)];
                if (game.result == match::GameResult::Unfinished) {
                    (result.cancelled ? score.cancelled : score.failed)++;
                    continue;
                }
                ++score.scored;
                const int whitePoints = match::halfPointsForWhite(game.result);
                const int candidatePoints = g == 0 ? whitePoints : 2 - whitePoints;  // A is White in games[0]
                const bool fault = game.ending == match::Ending::TimeForfeit ||
                                   game.ending == match::Ending::IllegalMove || game.ending == match::Ending::EngineFault;
                if (candidatePoints == 2) {
                    ++score.games.wins;
                    if (fault) ++score.games.baselineForfeits;
                } else if (candidatePoints == 1) {
                    ++score.games.draws;
                } else {
                    ++score.games.losses;
                    if (fault) ++score.games.forfeits;
                }
                score.thinkTime += game.thinkTime;
            }
            score.pairs.push_back(std::move(result.pair));
        }
        score.fitness = score.games.points();
    }
}

// E over all positions from every chunk's q; fitness = E0 / E. A candidate with a failed chunk is
// not scored (fitness 0, failed 1: never bred from, never cached); a cancelled chunk makes the
// score incomplete.
void mergeDataset(const DatasetWork& data, const std::vector<WorkItem>& items,
                  const std::vector<std::optional<ItemResult>>& results, std::vector<CandidateScore>& scores) {
    const std::size_t positions = data.fens.size();
    std::vector<std::vector<int>> q(scores.size(), std::vector<int>(positions, 0));
    std::vector<std::vector<bool>> filled(scores.size(), std::vector<bool>(positions, false));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const auto* item = std::get_if<DatasetItem>(&items[i]);
        const auto* result = results[i] ? std::get_if<DatasetItemResult>(&*results[i]) : nullptr;
        if (!item || item->candidate >= scores.size() || item->first + item->count > positions ||
            (results[i] && (!result || (!result->cancelled && result->failure.empty() && result->q.size() != item->count))))
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its dataset item");
        CandidateScore& score = scores[item->candidate];
        if (!result || result->cancelled) {
            score.cancelled += static_cast<int>(item->count);
            continue;
        }
        if (!result->failure.empty()) {
            if (score.failure.empty()) score.failure = result->failure;
            continue;
        }
        for (std::size_t k = 0; k < item->count; ++k) {
            q[item->candidate][item->first + k] = result->q[k];
            filled[item->candidate][item->first + k] = true;
        }
    }
    for (std::size_t c = 0; c < scores.size(); ++c) {
        CandidateScore& score = scores[c];
        std::size_t covered = 0;
        for (bool f : filled[c]) covered += f;
        if (!score.failure.empty() || score.cancelled > 0 || covered != positions) {
            // Not scored: fitness 0. Positions no item covered count as cancelled.
            if (score.failure.empty()) score.cancelled = static_cast<int>(positions - covered);
            else score.failed = 1;
            score.fitness = 0.0;
            continue;
        }
        const double e = dataset::meanSquaredError(q[c], data.results, data.k);
        score.error = e;
        score.fitness = dataset::evalfitFitness(e, data.startError);
        score.scored = static_cast<int>(positions);
        if (data.keepScores) score.q = std::move(q[c]);
    }
}

}  // namespace

std::vector<WorkItem> splitWork(const FitnessWork& work, std::size_t candidates, const SplitOptions& options) {
    std::vector<WorkItem> items;
    std::visit(Overloaded{[&](const SuiteWork& suite) {
                   const std::size_t positions = suite.suite.positions.size();
                   const std::size_t chunk = std::max<std::size_t>(options.positionsPerItem, 1);
                   for (std::size_t c = 0; c < candidates; ++c)
                       for (std::size_t first = 0; first < positions; first += chunk)
                           items.push_back(SuiteItem{c, first, std::min(chunk, positions - first)});
               },
                          [&](const GamesWork& games) {
                              for (std::size_t c = 0; c < candidates; ++c)
                                  for (std::size_t pair = 0; pair < games.openings.size(); ++pair)
                                      items.push_back(GamePairItem{c, pair});
                          },
                          [&](const DatasetWork& data) {
                              const std::size_t positions = data.fens.size();
                              const std::size_t whole = data.path == "uci" ? kUciPositionsPerItem : positions;
                              const std::size_t chunk =
                                  options.datasetPositionsPerItem == 0 ? whole : options.datasetPositionsPerItem;
                              for (std::size_t c = 0; c < candidates; ++c)
                                  for (std::size_t first = 0; first < positions; first += chunk)
                                      items.push_back(DatasetItem{c, first, std::min(chunk, positions - first)});
                          }},
               work);
    return items;
}

std::size_t itemUnits(const WorkItem& item) {
    return std::visit(Overloaded{[](const SuiteItem& suite) { return suite.count; },
                                 [](const GamePairItem&) -> std::size_t { return 2; },
                                 [](const DatasetItem& data) { return data.count; }},
                      item);
}

std::size_t itemCandidate(const WorkItem& item) {
    return std::visit(Overloaded{[](const SuiteItem& suite) { return suite.candidate; },
                                 [](const GamePairItem& pair) { return pair.candidate; },
                                 [](const DatasetItem& data) { return data.candidate; }},
                      item);
}

ItemResult cancelledResult(const FitnessWork& work, const WorkItem& item) {
    return std::visit(Overloaded{[](const SuiteWork& suite, const SuiteItem& chunk) -> ItemResult {
                          SuiteItemResult result;
                          uci::SearchResult never;
                          never.status = uci::SearchStatus::Cancelled;
                          for (std::size_t p = chunk.first; p < chunk.first + chunk.count; ++p)
                              result.positions.push_back(positionResult(suite.suite.positions.at(p), never, suite.rule));
                          return result;
                      },
                                 [](const GamesWork&, const GamePairItem& pair) -> ItemResult {
                                     GamePairItemResult result;
                                     result.pair.index = pair.pair;
                                     result.cancelled = true;
                                     return result;
                                 },
                                 [](const DatasetWork&, const DatasetItem&) -> ItemResult {
                                     DatasetItemResult result;
                                     result.cancelled = true;
                                     return result;
                                 },
                                 [](const auto&, const auto&) -> ItemResult {
                                     throw std::invalid_argument("cancelledResult: an item of another kind of work");
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
                       const auto* item = std::get_if<SuiteItem>(&items[i]);
                       if (!item) throw std::invalid_argument("mergeResults: item " + std::to_string(i) + " is no suite item");
                       const SuiteItem& chunk = *item;
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
               },
                          [&](const GamesWork& games) { mergeGames(games, items, results, scores); },
                          [&](const DatasetWork& data) { mergeDataset(data, items, results, scores); }},
               work);
    return scores;
}

}  // namespace mf::tuning
