#include "evolution/mpi/worker_games.h"

namespace mf::mpi {

WorkerGames::~WorkerGames() {
    for (Game& game : games_) game.thread.join();
}

void WorkerGames::joinFinished() {
    for (auto it = games_.begin(); it != games_.end();) {
        if (it->finished->load()) {
            it->thread.join();
            it = games_.erase(it);
        } else {
            ++it;
        }
    }
}

void WorkerGames::play(SelfPlayGameJob job, std::stop_token stop, std::function<void(suite::GameOutcome)> done) {
    joinFinished();
    auto finished = std::make_shared<std::atomic<bool>>(false);
    std::jthread thread([this, job = std::move(job), stop, done = std::move(done), finished] {
        done(suite::playOneGame(engines_, job.config, job.index, stop));
        finished->store(true);
    });
    games_.push_back({std::move(finished), std::move(thread)});
}

}  // namespace mf::mpi
