#include "evolution/tuning/measures/games/game_players.h"

#include "evolution/match/game.h"

namespace mf::tuning {

Result<std::unique_ptr<GamePlayers>> GamePlayers::create(const uci::EngineConfig& candidate,
                                                         const uci::EngineConfig& baseline, std::size_t slots,
                                                         std::stop_token stop) {
    std::unique_ptr<GamePlayers> players(new GamePlayers());
    players->slots_.resize(std::max<std::size_t>(slots, 1));
    std::vector<std::optional<std::string>> errors(2 * players->slots_.size());
    {
        // Started side by side: engines that load tables or networks take a while each.
        std::vector<std::jthread> starters;
        for (std::size_t s = 0; s < players->slots_.size(); ++s) {
            Slot& slot = players->slots_[s];
            slot.candidate = std::make_unique<uci::EngineSession>(candidate, 2 * s);
            slot.baseline = std::make_unique<uci::EngineSession>(baseline, 2 * s + 1);
            starters.emplace_back([&errors, &slot, s, stop] { errors[2 * s] = slot.candidate->start(stop); });
            starters.emplace_back([&errors, &slot, s, stop] { errors[2 * s + 1] = slot.baseline->start(stop); });
        }
    }
    for (std::size_t i = 0; i < errors.size(); ++i)
        if (errors[i])
            return Error{(i % 2 == 0 ? candidate : baseline).command.program.string() +
                         (i % 2 == 0 ? " (candidates' engine): " : " (baseline's engine): ") + *errors[i]};
    for (Slot& slot : players->slots_)
        players->threads_.emplace_back([raw = players.get(), &slot] { raw->serve(slot); });
    return players;
}

GamePlayers::~GamePlayers() {
    {
        std::lock_guard lock(mutex_);
        quitting_ = true;
        tasks_.clear();
    }
    wake_.notify_all();
    threads_.clear();  // joins
    for (Slot& slot : slots_) {
        slot.candidate->shutdown();
        slot.baseline->shutdown();
    }
}

const uci::EngineIdentity& GamePlayers::baselineIdentity() const { return slots_.front().baseline->identity(); }
const uci::EngineIdentity& GamePlayers::candidateIdentity() const { return slots_.front().candidate->identity(); }

void GamePlayers::post(Task task) {
    {
        std::lock_guard lock(mutex_);
        tasks_.push_back(std::move(task));
    }
    wake_.notify_one();
}

std::optional<double> GamePlayers::speedRatio(uci::EngineSession& session, const match::Side& side,
                                              const SpeedProbe& speed, const uci::SearchLimit& limit,
                                              std::chrono::nanoseconds& spent, std::stop_token stop) {
    {
        std::lock_guard lock(speedMutex_);
        if (auto it = speeds_.find(side.options); it != speeds_.end()) return it->second;
    }
    auto ratio = measureSpeedRatio(session, side.options, speed.start, limit, spent, stop);
    if (ratio) {
        std::lock_guard lock(speedMutex_);
        // A run's candidates are new every generation: the memory is bounded, not kept for ever.
        if (speeds_.size() >= 4096) speeds_.clear();
        speeds_.emplace(side.options, *ratio);
    }
    return ratio;
}

void GamePlayers::playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                           match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                           PairDone done, SpeedProbe speed) {
    post([this, a = std::move(a), b = std::move(b), opening = std::move(opening), limits, adjudication, index, stop,
          done = std::move(done), speed = std::move(speed)](uci::EngineSession& engineA,
                                                             uci::EngineSession& engineB) mutable {
        std::array<std::optional<double>, 2> ratios{};
        std::chrono::nanoseconds spent{0};
        if (speed.measure) {
            const uci::SearchLimit probe = probeLimit(limits);
            ratios[0] = speedRatio(engineA, a, speed, probe, spent, stop);
            if (speed.sideBIsTuned) ratios[1] = speedRatio(engineB, b, speed, probe, spent, stop);
        }
        if (speed.charge && limits.kind == match::GameLimits::Kind::Nodes) {
            a.nodes = chargedNodes(limits.value, ratios[0].value_or(1.0));
            b.nodes = chargedNodes(limits.value, ratios[1].value_or(1.0));
        }
        const match::GameSettings settings{limits, adjudication, nullptr};
        match::PairResult pair = match::playPair(a, b, opening, settings, engineA, engineB, stop, index);
        pair.speedRatio = ratios;
        pair.speedProbeTime = spent;
        done(std::move(pair));
    });
}

void GamePlayers::serve(Slot& slot) {
    for (;;) {
        Task task;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return quitting_ || !tasks_.empty(); });
            if (quitting_) return;
            task = std::move(tasks_.front());
            tasks_.pop_front();
        }
        task(*slot.candidate, *slot.baseline);
    }
}

}  // namespace mf::tuning
