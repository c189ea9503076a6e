#pragma once
// The self-play games of make-dataset --mpi on a worker rank: each game a thread of its own that
// plays it with suite::playOneGame, its searches queued on the rank's engine pool (the same
// LocalEnginePool a local run plays on, with its restarts and one retry on a fresh process). Rank
// 0 sends at most two games per engine, so an engine always has the other game's search queued
// while a game thread applies a move. Used from the worker's one MPI thread.

#include <atomic>
#include <functional>
#include <list>
#include <memory>
#include <stop_token>
#include <thread>

#include "evolution/mpi/self_play_payloads.h"
#include "evolution/uci/search_service.h"

namespace mf::mpi {

class WorkerGames {
public:
    explicit WorkerGames(uci::SearchService& engines) : engines_(engines) {}
    // Waits for every game: stop them first (their items' stop tokens), or this waits for their ends.
    ~WorkerGames();
    WorkerGames(const WorkerGames&) = delete;
    WorkerGames& operator=(const WorkerGames&) = delete;

    // Plays the job's game until it ends or `stop`; `done` gets the outcome on the game's thread.
    void play(SelfPlayGameJob job, std::stop_token stop, std::function<void(suite::GameOutcome)> done);

private:
    struct Game {
        std::shared_ptr<std::atomic<bool>> finished;
        std::jthread thread;
    };
    void joinFinished();

    uci::SearchService& engines_;
    std::list<Game> games_;
};

}  // namespace mf::mpi
