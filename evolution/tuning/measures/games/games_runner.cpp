#include <stdexcept>

#include "evolution/tuning/measures/games/games_measure.h"

namespace mf::tuning {

// Played on a free game slot (of this machine or of a worker rank).
void runItem(GamePairService* players, const GamesWork& work, const GamePairItem& item,
             const std::vector<Candidate>& candidates, std::stop_token stop,
             std::function<void(GamePairItemResult)> done) {
    if (!players) throw std::logic_error("ItemRunner: no game players for games work");
    match::Side side{"candidate", candidates.at(item.candidate).options};
    const match::Side opponent =
        item.partner ? match::Side{"partner", candidates.at(*item.partner).options} : work.baseline;
    players->playPair(std::move(side), opponent, work.openings.at(item.pair), work.limits, work.adjudication,
                      item.pair, stop, [stop, done = std::move(done)](match::PairResult pair) {
                          GamePairItemResult result;
                          result.pair = std::move(pair);
                          result.cancelled = stop.stop_requested() && !result.pair.complete();
                          done(std::move(result));
                      },
                      work.speed);
}

}  // namespace mf::tuning
