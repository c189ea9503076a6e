#include <sstream>
#include <stdexcept>

#include "evolution/tuning/measures/games/games_measure.h"

namespace mf::tuning {

namespace {

// One finished or unfinished game of a pair into the candidate's tally; `g` 0 is the game the
// candidate (side A) plays White.
void tallyGame(const match::GameRecord& game, int g, bool cancelled, CandidateScore& score) {
    if (game.result == match::GameResult::Unfinished) {
        (cancelled ? score.cancelled : score.failed)++;
        return;
    }
    ++score.scored;
    const int whitePoints = match::halfPointsForWhite(game.result);
    const int candidatePoints = g == 0 ? whitePoints : 2 - whitePoints;
    const bool fault = game.ending == match::Ending::TimeForfeit || game.ending == match::Ending::IllegalMove ||
                       game.ending == match::Ending::EngineFault;
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

}  // namespace

WorkUnit unitKind(const GamesWork&) { return WorkUnit::Games; }

std::size_t candidateUnits(const GamesWork& work) { return 2 * work.openings.size(); }

std::string describe(const GamesWork& work) {
    std::ostringstream out;
    out << work.openings.size() << " game pairs against " << work.baseline.name << " from " << work.source << ", "
        << work.limits.describe() << " per move, fitness by games (1 a win, 1/2 a draw)";
    return out.str();
}

std::vector<GamePairItem> splitItems(const GamesWork& work, std::size_t candidates, const SplitOptions&) {
    std::vector<GamePairItem> items;
    for (std::size_t c = 0; c < candidates; ++c)
        for (std::size_t pair = 0; pair < work.openings.size(); ++pair) items.push_back(GamePairItem{c, pair});
    return items;
}

std::size_t unitsOf(const GamePairItem&) { return 2; }

std::size_t candidateOf(const GamePairItem& item) { return item.candidate; }

GamePairItemResult cancelledItem(const GamesWork&, const GamePairItem& item) {
    GamePairItemResult result;
    result.pair.index = item.pair;
    result.cancelled = true;
    return result;
}

// Pairs in opening order; fitness = the candidate's points (1 a win, 1/2 a draw), never negative.
// A game that did not finish is not scored: cancelled when stopped, else failed (e.g. a broken
// opening), so the score is not kept in the cache and a stopped evaluation is never used.
std::vector<CandidateScore> mergeItems(const GamesWork& work, std::size_t candidates,
                                       const std::vector<GamePairItem>& items,
                                       const std::vector<std::optional<GamePairItemResult>>& results) {
    const std::size_t pairs = work.openings.size();
    std::vector<CandidateScore> scores(candidates);
    std::vector<std::vector<std::optional<GamePairItemResult>>> byPair(
        candidates, std::vector<std::optional<GamePairItemResult>>(pairs));
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (items[i].candidate >= candidates || items[i].pair >= pairs)
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its game pair item");
        if (results[i]) byPair[items[i].candidate][items[i].pair] = *results[i];
    }
    for (std::size_t c = 0; c < candidates; ++c) {
        CandidateScore& score = scores[c];
        for (std::size_t p = 0; p < pairs; ++p) {
            GamePairItemResult result;
            if (byPair[c][p]) result = std::move(*byPair[c][p]);
            else result.cancelled = true;  // never ran
            result.pair.index = p;
            for (int g = 0; g < 2; ++g) tallyGame(result.pair.games[std::size_t(g)], g, result.cancelled, score);
            score.pairs.push_back(std::move(result.pair));
        }
        score.fitness = score.games.points();
    }
    return scores;
}

}  // namespace mf::tuning
