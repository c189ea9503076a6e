#include "evolution/mpi/mpi_self_play.h"

#include "evolution/mpi/self_play_payloads.h"

namespace mf::mpi {

namespace {

std::string gameName(int index) { return "self-play game " + std::to_string(index + 1); }

// A game whose answer could not be read: cut, as a game whose search failed (never kept).
suite::GameOutcome lostGame(int index, const std::string& why) {
    suite::GameOutcome outcome;
    outcome.index = index;
    outcome.ended = true;
    outcome.record.name = gameName(index);
    outcome.report.failedSearches = 1;
    outcome.report.failures.push_back(gameName(index) + ": " + why);
    return outcome;
}

}  // namespace

Result<std::unique_ptr<MpiSelfPlay>> MpiSelfPlay::create(const uci::EngineConfig& config, std::size_t enginesPerRank) {
    // A search pool on every rank, as MpiSearchService starts one.
    const StartRequest start = startRequestOf(config, ServiceKind::Searches, enginesPerRank);
    auto dispatcher = ItemDispatcher::create(start, kGamesPerEngine);
    if (!dispatcher) return dispatcher.error();
    return std::unique_ptr<MpiSelfPlay>(new MpiSelfPlay(std::move(*dispatcher)));
}

std::string MpiSelfPlay::describe() const {
    const std::size_t ranks = dispatcher_->load().size();
    return std::to_string(dispatcher_->engines()) + " process(es) on " + std::to_string(ranks) + " worker rank" +
           (ranks == 1 ? "" : "s");
}

void MpiSelfPlay::begin(const suite::SelfPlayConfig& config, int index, std::stop_token stop, suite::GameDone done) {
    std::vector<ItemDispatcher::Work> work;
    work.push_back({ItemKind::SelfPlayGame, encode(SelfPlayGameJob{config, index}), std::move(stop),
                    [index, done = std::move(done)](const std::string* answer, int rank) {
                        if (!answer) {  // stopped before it was shipped: never begun, so in play
                            suite::GameOutcome unplayed;
                            unplayed.index = index;
                            unplayed.record.name = gameName(index);
                            return done(std::move(unplayed));
                        }
                        auto outcome = decodeGameOutcome(*answer);
                        if (!outcome)
                            return done(lostGame(index, "rank " + std::to_string(rank) + ": " + outcome.error().message));
                        outcome->index = index;  // a job the rank could not read comes back without it
                        if (outcome->record.name.empty()) outcome->record.name = gameName(index);
                        done(std::move(*outcome));
                    }});
    dispatcher_->submit(std::move(work));
}

std::vector<suite::GameRecord> MpiSelfPlay::play(const suite::SelfPlayConfig& config, suite::SelfPlayReport& report,
                                                 const suite::SelfPlayProgressHandler& progress, std::stop_token stop) {
    return suite::playDispatchedGames(
        [this, &config](int index, std::stop_token token, suite::GameDone done) {
            begin(config, index, std::move(token), std::move(done));
        },
        int(dispatcher_->slots()), config, report, progress, stop);
}

}  // namespace mf::mpi
