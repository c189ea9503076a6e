#include <cmath>
#include <sstream>
#include <stdexcept>

#include "evolution/match/elo.h"
#include "evolution/tuning/measures/games/games_measure.h"

namespace mf::tuning {

namespace {

// One finished or unfinished game of a pair into the candidate's tally; `g` 0 is the game the
// candidate (side A) plays White. A couple's pair is one pair played once: its think time goes to
// the member that played it as side A only (`played`), so a run's think time is what the engines
// spent.
void tallyGame(const match::GameRecord& game, int g, bool cancelled, bool played, CandidateScore& score) {
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
    if (!played) return;
    ++score.games.gamesPlayed;
    if (game.ending == match::Ending::TimeForfeit) ++score.games.lostOnTime;
    score.thinkTime += game.thinkTime;
}

}  // namespace

WorkUnit unitKind(const GamesWork&) { return WorkUnit::Games; }

std::size_t candidateUnits(const GamesWork& work) { return 2 * work.openings.size(); }

std::size_t measureUnitsPlayed(const GamesWork& work, std::size_t candidates) {
    return (work.partners ? candidates / 2 : candidates) * candidateUnits(work);
}

std::string describe(const GamesWork& work) {
    std::ostringstream out;
    out << work.openings.size() << " game pairs against "
        << (work.partners ? std::string("the couple's other member") : work.baseline.name) << " from " << work.source << ", "
        << (work.limits.kind == match::GameLimits::Kind::Clock ? "at " + work.limits.describe()
                                                               : work.limits.describe() + " per move")
        << ", fitness by games (1 a win, 1/2 a draw)";
    return out.str();
}

std::vector<GamePairItem> splitItems(const GamesWork& work, std::size_t candidates, const SplitOptions&) {
    std::vector<GamePairItem> items;
    // Partners: one item per pair of each couple, played by its first member (its result counts
    // for both); a last member without a partner plays nothing.
    const std::size_t step = work.partners ? 2 : 1;
    for (std::size_t c = 0; c + step <= candidates; c += step)
        for (std::size_t pair = 0; pair < work.openings.size(); ++pair)
            items.push_back(GamePairItem{c, pair, work.partners ? std::optional<std::size_t>(c + 1) : std::nullopt});
    return items;
}

std::size_t unitsOf(const GamePairItem&) { return 2; }  // a couple's pair is played once

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
std::optional<EloFigure> measureElo(const GamesWork&, const CandidateScore& score) {
    match::Pentanomial p;
    for (std::size_t k = 0; k < 5; ++k) p.counts[k] = score.games.pairHalfPoints[k];
    if (p.pairs() == 0) return std::nullopt;
    const match::EloEstimate e = match::pentanomialElo(p);
    return EloFigure{e.elo, e.low, e.high, 2 * p.pairs()};
}

std::vector<CandidateScore> mergeItems(const GamesWork& work, std::size_t candidates,
                                       const std::vector<GamePairItem>& items,
                                       const std::vector<std::optional<GamePairItemResult>>& results) {
    const std::size_t pairs = work.openings.size();
    std::vector<CandidateScore> scores(candidates);
    std::vector<std::vector<std::optional<GamePairItemResult>>> byPair(
        candidates, std::vector<std::optional<GamePairItemResult>>(pairs));
    // Each candidate's pairs, and for a partner the colours its games were played in (it is side B).
    std::vector<std::vector<bool>> asSideB(candidates, std::vector<bool>(pairs, false));
    for (std::size_t i = 0; i < items.size(); ++i) {
        const GamePairItem& item = items[i];
        if (item.candidate >= candidates || item.pair >= pairs || (item.partner && *item.partner >= candidates))
            throw std::invalid_argument("mergeResults: result " + std::to_string(i) + " does not fit its game pair item");
        if (!results[i]) continue;
        byPair[item.candidate][item.pair] = *results[i];
        if (item.partner) {
            byPair[*item.partner][item.pair] = *results[i];
            asSideB[*item.partner][item.pair] = true;
        }
    }
    for (std::size_t c = 0; c < candidates; ++c) {
        CandidateScore& score = scores[c];
        for (std::size_t p = 0; p < pairs; ++p) {
            GamePairItemResult result;
            if (byPair[c][p]) result = std::move(*byPair[c][p]);
            else result.cancelled = true;  // never ran
            result.pair.index = p;
            // Side A is White in game 0; side B the other way round.
            const GameTally before = score.games;
            for (int g = 0; g < 2; ++g)
                tallyGame(result.pair.games[std::size_t(g)], asSideB[c][p] ? 1 - g : g, result.cancelled, !asSideB[c][p],
                          score);
            // Side A's ratio is the candidate's own; a partner's is side B's of its couple's pair.
            if (const auto& ratio = result.pair.speedRatio[asSideB[c][p] ? 1 : 0]; ratio && *ratio > 0.0) {
                score.games.speedLogSum += std::log(*ratio);
                ++score.games.speedSamples;
            }
            // The speed probe is engine work the run asked for: it counts where the games' does.
            if (!asSideB[c][p]) score.thinkTime += result.pair.speedProbeTime;
            const int played = score.games.games() - before.games();
            if (played == 2)
                ++score.games.pairHalfPoints[std::size_t(2 * (score.games.wins - before.wins) +
                                                         (score.games.draws - before.draws))];
            score.pairs.push_back(std::move(result.pair));
        }
        score.fitness = score.games.points();
    }
    return scores;
}

}  // namespace mf::tuning
