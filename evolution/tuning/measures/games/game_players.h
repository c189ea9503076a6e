#pragma once
// The game players of one machine, for the games measure: N slots, each a thread with two engine
// sessions (the tuned engine for the candidates, the baseline's engine), reused across pairs
// (the game runner sends "ucinewgame" before each game, so a pair's games depend only on their
// inputs in nodes or depth mode, whichever slot plays them). Tasks wait in a queue for a free slot.

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "engine/result.h"
#include "evolution/match/game_types.h"  // not game.h: its tablebase headers clash with Qt's macros
#include "evolution/uci/engine_config.h"
#include "evolution/uci/engine_session.h"
#include "evolution/tuning/measures/games/speed_probe.h"

namespace mf::tuning {

// What plays the game pairs of the games measure: this machine's GamePlayers, or the worker
// ranks of an MPI job (evolution/mpi). Side A plays on the candidates' engine, side B on the
// baseline's. Inputs and the result are plain values, so a pair can be played in another process.
class GamePairService {
public:
    using PairDone = std::function<void(match::PairResult)>;
    virtual ~GamePairService() = default;
    // Pairs that are played at once.
    virtual std::size_t slotCount() const = 0;
    // Plays pair `index` from `opening` (match::playPair, without endgame tables) and returns at
    // once; `done` is called exactly once, from another thread, with the pair (unfinished games
    // when `stop` came first). `speed` asks for the sides' speed ratios before the pair (in the
    // pair's speedRatio) and, with a node limit, for the speed charge (speed_probe.h); a service
    // that cannot measure leaves the ratios empty and plays uncharged.
    virtual void playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                          match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                          PairDone done, SpeedProbe speed = {}) = 0;
};

class GamePlayers final : public GamePairService {
public:
    using Task = std::function<void(uci::EngineSession& candidate, uci::EngineSession& baseline)>;

    // Starts 2 x `slots` engines (session labels: 2s for the candidate's, 2s+1 for the baseline's),
    // all before returning: an engine that cannot start is the error, naming the side. A stop
    // request ends the wait at once.
    static Result<std::unique_ptr<GamePlayers>> create(const uci::EngineConfig& candidate,
                                                       const uci::EngineConfig& baseline, std::size_t slots,
                                                       std::stop_token stop = {});
    ~GamePlayers();  // finishes the task each slot is running, drops queued ones, quits the engines
    GamePlayers(const GamePlayers&) = delete;
    GamePlayers& operator=(const GamePlayers&) = delete;

    std::size_t slotCount() const override { return slots_.size(); }
    // The baseline's engine as it announced itself (to check the baseline's option values).
    const uci::EngineIdentity& baselineIdentity() const;
    const uci::EngineIdentity& candidateIdentity() const;

    // Runs `task` on the next free slot's thread; returns at once.
    void post(Task task);
    // post()s match::playPair on the slot's two engines, after the speed probe when asked for.
    void playPair(match::Side a, match::Side b, match::Opening opening, match::GameLimits limits,
                  match::AdjudicationRules adjudication, std::uint64_t index, std::stop_token stop,
                  PairDone done, SpeedProbe speed = {}) override;

private:
    struct Slot {
        std::unique_ptr<uci::EngineSession> candidate;
        std::unique_ptr<uci::EngineSession> baseline;
    };
    GamePlayers() = default;
    void serve(Slot& slot);
    // A side's speed ratio on `session`, measured once per option values while the players live
    // (a candidate plays its pairs on any slot: the first to need it measures it).
    std::optional<double> speedRatio(uci::EngineSession& session, const match::Side& side, const SpeedProbe& speed,
                                     const uci::SearchLimit& limit, std::chrono::nanoseconds& spent,
                                     std::stop_token stop);

    std::vector<Slot> slots_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Task> tasks_;
    bool quitting_ = false;
    std::mutex speedMutex_;
    std::map<uci::OptionValues, double> speeds_;  // option values -> speed ratio (SpeedProbe::start)
    std::vector<std::jthread> threads_;  // last: joined first
};

}  // namespace mf::tuning
