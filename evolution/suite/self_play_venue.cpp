#include "evolution/suite/self_play_venue.h"

#include "evolution/uci/local_engine_pool.h"

namespace mf::suite {

namespace {

// Games in play per engine process.
constexpr std::size_t kLiveGamesPerWorker = 4;

class LocalSelfPlayVenue final : public SelfPlayVenue {
public:
    explicit LocalSelfPlayVenue(std::unique_ptr<uci::LocalEnginePool> pool) : pool_(std::move(pool)) {}
    std::string describe() const override { return std::to_string(pool_->workers()) + " process(es)"; }
    std::vector<GameRecord> play(const SelfPlayConfig& config, SelfPlayReport& report,
                                 const SelfPlayProgressHandler& progress, std::stop_token stop) override {
        SelfPlayConfig sp = config;
        sp.liveGames = int(kLiveGamesPerWorker * pool_->workers());
        return playGames({pool_.get()}, sp, report, progress, stop);
    }

private:
    std::unique_ptr<uci::LocalEnginePool> pool_;
};

}  // namespace

Result<std::unique_ptr<SelfPlayVenue>> localSelfPlayVenue(const uci::EngineConfig& config, std::size_t workers) {
    auto pool = uci::LocalEnginePool::create(config, workers);
    if (!pool) return Error{"engine " + config.command.program.string() + ": " + pool.error().message};
    return std::unique_ptr<SelfPlayVenue>(std::make_unique<LocalSelfPlayVenue>(std::move(pool.value())));
}

}  // namespace mf::suite
