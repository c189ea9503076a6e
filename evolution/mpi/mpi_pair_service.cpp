#include "evolution/mpi/mpi_pair_service.h"

#include "evolution/tuning/measures/games/games_wire.h"

namespace mf::mpi {

namespace {

// A pair that was never played (stopped before it was shipped, or its answer was lost): both
// games unfinished, with the reason.
match::PairResult unplayed(std::uint64_t index, const std::string& why) {
    match::PairResult result;
    result.index = index;
    for (auto& game : result.games) game.reason = why;
    return result;
}

}  // namespace

Result<std::unique_ptr<MpiPairService>> MpiPairService::create(const uci::EngineConfig& engineA,
                                                               const uci::EngineConfig& engineB,
                                                               std::size_t slotsPerRank) {
    StartRequest start = startRequestOf(engineA, ServiceKind::GamePairs, slotsPerRank);
    start.engine.newGame = uci::NewGamePolicy::Never;  // the game runner sends "ucinewgame" before each game
    start.opponent = engineB.command;
    start.opponentStartOptions = engineB.startOptions;
    auto dispatcher = ItemDispatcher::create(start, kSlotsPerGame);
    if (!dispatcher) return dispatcher.error();
    return std::unique_ptr<MpiPairService>(new MpiPairService(std::move(*dispatcher)));
}

void MpiPairService::playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                              match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                              PairDone done, tuning::SpeedProbe speed) {
    const tuning::PairJob job{std::move(a), std::move(b), std::move(opening), limits, adjudication, index, std::move(speed)};
    std::vector<ItemDispatcher::Work> work;
    work.push_back({ItemKind::GamePair, tuning::encodePairJob(job), std::move(stop),
                    [index, done = std::move(done)](const std::string* answer, int rank) {
                        if (!answer) return done(unplayed(index, "stopped"));
                        auto result = tuning::decodePairResult(*answer);
                        // A broken answer is a pair that was not played: unfinished, counted
                        // failed, never scored.
                        done(result ? std::move(*result)
                                    : unplayed(index, "rank " + std::to_string(rank) + ": " + result.error().message));
                    }});
    dispatcher_->submit(std::move(work));
}

}  // namespace mf::mpi
