#include "evolution/mpi/worker.h"

#include <algorithm>
#include <condition_variable>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>
#include <vector>

#include "evolution/dataset/dataset_reader.h"
#include "evolution/mpi/channel.h"
#include "evolution/wire/file_digest.h"
#include "evolution/mpi/mpi_search_service.h"
#include "evolution/mpi/worker_games.h"
#include "evolution/tuning/measures/evalfit/evalfit_wire.h"
#include "evolution/tuning/measures/games/games_wire.h"
#include "evolution/tuning/measures/evalfit/dataset_scoring.h"
#include "evolution/tuning/measures/games/game_players.h"
#include "evolution/uci/local_engine_pool.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

namespace {

class Worker {
public:
    int run();

private:
    void start(const std::string& bytes);
    void startSearchPool(const StartRequest& request, StartReport& report);
    void startGamePlayers(const StartRequest& request, StartReport& report);
    void startDatasetScoring(const StartRequest& request, StartReport& report);
    void playPair(std::uint64_t id, const std::string& payload);
    void scoreChunk(std::uint64_t id, const std::string& payload);
    void playGame(std::uint64_t id, const std::string& payload);
    Result<const tuning::DatasetWork*> datasetOf(const tuning::DatasetJob& job);
    void runItem(const std::string& bytes);
    void cancel(const std::string& bytes);
    void release();
    void sendFinished();
    void finishItem(std::uint64_t id, std::string payload);

    Channel channel_;
    std::unique_ptr<uci::LocalEnginePool> pool_;          // search items
    std::unique_ptr<WorkerGames> games_;                  // self-play games, their searches on pool_
    std::unique_ptr<tuning::GamePlayers> players_;        // game pair items
    std::unique_ptr<tuning::DatasetScoringService> scoring_;  // data set chunks
    // The data sets read so far, by file, digest, scoring path and limit: kept between items (the
    // scorers hold pointers into them) and dropped after the scorers on Release. Only this
    // thread reads or changes the map.
    std::map<std::string, std::unique_ptr<tuning::DatasetWork>> datasets_;
    std::mutex mutex_;  // guards running_ and outbox_ (the pool's threads finish items)
    std::condition_variable finished_;
    std::map<std::uint64_t, std::stop_source> running_;
    std::vector<ItemDone> outbox_;
};

uci::SearchResult failedResult(std::uint64_t id, std::string why) {
    uci::SearchResult result;
    result.id = id;
    result.status = uci::SearchStatus::Failed;
    result.failure = std::move(why);
    return result;
}

void Worker::start(const std::string& bytes) {
    release();
    StartReport report;
    report.host = hostName();
    report.buildDigest = fileDigest(ownExecutable());
    auto request = decodeStartRequest(bytes);
    if (!request) {
        report.error = request.error().message;
        channel_.send(0, Tag::StartReport, encode(report));
        return;
    }
    const auto program = resolveProgram(request->engine.command.program);
    report.engineDigest = program.empty() ? std::string{} : fileDigest(program);
    switch (request->kind) {
    case ServiceKind::Searches: startSearchPool(*request, report); break;
    case ServiceKind::GamePairs: startGamePlayers(*request, report); break;
    case ServiceKind::DatasetScoring: startDatasetScoring(*request, report); break;
    }
    channel_.send(0, Tag::StartReport, encode(report));
}

// Searches: a local engine pool, as a local run's.
void Worker::startSearchPool(const StartRequest& request, StartReport& report) {
    const auto program = resolveProgram(request.engine.command.program);
    if (program.empty() || !std::filesystem::exists(program)) {
        report.error = "engine '" + request.engine.command.program.string() + "' not found on this host";
        return;
    }
    auto pool = uci::LocalEnginePool::create(request.engine, static_cast<std::size_t>(request.engines));
    if (!pool) {
        report.error = request.engine.command.program.string() + ": " + pool.error().message;
        return;
    }
    pool_ = std::move(pool.value());
    games_ = std::make_unique<WorkerGames>(*pool_);
    report.started = true;
    report.engines = pool_->workers();
    report.identity = pool_->engine();
}

// Game pairs: as LocalEvaluator::createForGames sets them up, `engines` slots each with one
// engine of the command (side A) and one of the opponent (side B); "ucinewgame" comes from the
// game runner before each game, not before each search.
void Worker::startGamePlayers(const StartRequest& request, StartReport& report) {
    const auto program = resolveProgram(request.engine.command.program);
    const auto opponent = resolveProgram(request.opponent.program);
    report.opponentDigest = opponent.empty() ? std::string{} : fileDigest(opponent);
    if (program.empty() || !std::filesystem::exists(program)) {
        report.error = "engine '" + request.engine.command.program.string() + "' not found on this host";
        return;
    }
    if (opponent.empty() || !std::filesystem::exists(opponent)) {
        report.error = "opponent's engine '" + request.opponent.program.string() + "' not found on this host";
        return;
    }
    uci::EngineConfig mine = request.engine;
    mine.newGame = uci::NewGamePolicy::Never;
    uci::EngineConfig theirs = mine;
    theirs.command = request.opponent;
    theirs.startOptions = request.opponentStartOptions;
    const std::size_t slots = request.engines > 0 ? static_cast<std::size_t>(request.engines)
                                                  : std::max<std::size_t>(1, std::thread::hardware_concurrency());
    auto players = tuning::GamePlayers::create(mine, theirs, slots);
    if (!players) {
        report.error = players.error().message;
        return;
    }
    players_ = std::move(players.value());
    report.started = true;
    report.engines = players_->slotCount();
    report.identity = players_->candidateIdentity();
    report.opponentIdentity = players_->baselineIdentity();
}

// Data set scoring: as the local evalfit measure (LocalDatasetScoring), `engines` scorer threads,
// each starting its engine process with its first chunk. The data files are only checked here
// (their digests go to rank 0's start check); each is read with the first item that needs it.
void Worker::startDatasetScoring(const StartRequest& request, StartReport& report) {
    for (const auto& file : request.dataFiles) report.dataDigests.push_back(fileDigest(file.path));
    const auto program = resolveProgram(request.engine.command.program);
    if (program.empty() || !std::filesystem::exists(program)) {
        report.error = "engine '" + request.engine.command.program.string() + "' not found on this host";
        return;
    }
    tuning::EngineSpec engine;
    engine.program = request.engine.command.program;
    engine.arguments = request.engine.command.arguments;
    engine.fixedOptions = request.engine.startOptions;
    engine.keepProcess = !request.engine.freshProcessOnOptionChange;
    scoring_ = std::make_unique<tuning::LocalDatasetScoring>(engine, static_cast<std::size_t>(request.engines));
    report.started = true;
    report.engines = scoring_->workers();
}

// The job's data set as this rank reads it, the same as rank 0's: same digest, same number of
// positions (the same build reads the same bytes the same way).
Result<const tuning::DatasetWork*> Worker::datasetOf(const tuning::DatasetJob& job) {
    const std::string key = job.file + '\n' + job.digest + '\n' + std::string(dataset::evalfitPathName(job.path)) + '\n' +
                            std::to_string(static_cast<int>(job.uciLimit.kind)) + ' ' + std::to_string(job.uciLimit.value);
    if (auto it = datasets_.find(key); it != datasets_.end()) return it->second.get();
    const std::string digest = fileDigest(job.file);
    if (digest.empty()) return Error{"data file '" + job.file + "' not found or unreadable on " + hostName()};
    if (digest != job.digest)
        return Error{"data file '" + job.file + "' on " + hostName() + " differs from rank 0's (" + digest + " vs " +
                     job.digest + ")"};
    std::vector<dataset::DatasetLineError> errors;
    auto work = std::make_unique<tuning::DatasetWork>(
        tuning::datasetWorkOf(dataset::DatasetIndex::read(job.file, errors), job.path, job.uciLimit));
    if (work->size() != job.positions)
        return Error{"data file '" + job.file + "' on " + hostName() + ": " + std::to_string(work->size()) +
                     " positions, rank 0 read " + std::to_string(job.positions)};
    const tuning::DatasetWork* kept = work.get();
    datasets_.emplace(key, std::move(work));
    return kept;
}

void Worker::scoreChunk(std::uint64_t id, const std::string& payload) {
    auto failed = [](std::string why) {
        tuning::DatasetAnswer answer;
        answer.failure = std::move(why);
        return tuning::encodeDatasetAnswer(answer);
    };
    auto job = tuning::decodeDatasetJob(payload);
    if (!job) return finishItem(id, failed(job.error().message));
    if (!scoring_) return finishItem(id, failed("no position scorers on this rank"));
    auto work = datasetOf(*job);
    if (!work) return finishItem(id, failed(work.error().message));
    std::stop_source stop;
    {
        std::lock_guard lock(mutex_);
        running_[id] = stop;
    }
    tuning::DatasetItem item;
    item.first = static_cast<std::size_t>(job->first);
    item.count = static_cast<std::size_t>(job->count);
    scoring_->score(**work, item, job->options, stop.get_token(), [this, id](tuning::DatasetItemResult result) {
        tuning::DatasetAnswer answer;
        answer.q = std::move(result.q);
        answer.failure = std::move(result.failure);
        answer.cancelled = result.cancelled;
        finishItem(id, tuning::encodeDatasetAnswer(answer));
    });
}

// A self-play game of make-dataset --mpi on the rank's engine pool. A job that cannot be played
// comes back as a game cut by a failed search, with the reason (rank 0 names the game).
void Worker::playGame(std::uint64_t id, const std::string& payload) {
    auto unplayed = [](int index, const std::string& game, const std::string& why) {
        suite::GameOutcome outcome;
        outcome.index = index;
        outcome.ended = true;
        outcome.report.failedSearches = 1;
        outcome.report.failures.push_back(game + " on " + hostName() + ": " + why);
        return encode(outcome);
    };
    auto job = decodeSelfPlayGameJob(payload);
    if (!job) return finishItem(id, unplayed(0, "a self-play game job", job.error().message));
    if (!games_)
        return finishItem(id, unplayed(job->index, "self-play game " + std::to_string(job->index + 1),
                                       "no engines on this rank"));
    std::stop_source stop;
    {
        std::lock_guard lock(mutex_);
        running_[id] = stop;
    }
    games_->play(std::move(*job), stop.get_token(),
                 [this, id](suite::GameOutcome outcome) { finishItem(id, encode(outcome)); });
}

void Worker::playPair(std::uint64_t id, const std::string& payload) {
    auto job = tuning::decodePairJob(payload);
    auto unplayed = [](std::uint64_t index, const std::string& why) {
        match::PairResult result;
        result.index = index;
        for (auto& game : result.games) game.reason = why;  // unfinished, not cancelled: never scored
        return result;
    };
    if (!job) return finishItem(id, tuning::encodePairResult(unplayed(0, job.error().message)));
    if (!players_) return finishItem(id, tuning::encodePairResult(unplayed(job->index, "no game players on this rank")));
    std::stop_source stop;
    {
        std::lock_guard lock(mutex_);
        running_[id] = stop;
    }
    players_->playPair(std::move(job->a), std::move(job->b), std::move(job->opening), job->limits, job->adjudication,
                       job->index, stop.get_token(),
                       [this, id](match::PairResult result) { finishItem(id, tuning::encodePairResult(result)); },
                       std::move(job->speed));
}

void Worker::finishItem(std::uint64_t id, std::string payload) {
    std::lock_guard lock(mutex_);
    running_.erase(id);
    outbox_.push_back({id, std::move(payload)});
    finished_.notify_all();
}

void Worker::runItem(const std::string& bytes) {
    auto item = decodeItem(bytes);
    if (!item) {
        // Without an id rank 0 cannot be answered; the message is a bug, not a user error.
        std::cerr << "matefind-cli worker rank " << rank() << ": " << item.error().message << "\n";
        return;
    }
    const std::uint64_t id = item->id;
    switch (item->kind) {
    case ItemKind::Search: {
        auto request = decodeSearchRequest(item->payload);
        if (!request) return finishItem(id, encode(failedResult(0, request.error().message)));
        if (!pool_) return finishItem(id, encode(failedResult(request->id, "no engines on this rank")));
        std::stop_source stop;
        {
            std::lock_guard lock(mutex_);
            running_[id] = stop;
        }
        pool_->submit({std::move(*request)}, stop.get_token(),
                      [this, id](const uci::SearchResult& result) { finishItem(id, encode(result)); });
        return;
    }
    case ItemKind::GamePair: return playPair(id, item->payload);
    case ItemKind::DatasetChunk: return scoreChunk(id, item->payload);
    case ItemKind::SelfPlayGame: return playGame(id, item->payload);
    }
}

void Worker::cancel(const std::string& bytes) {
    auto id = decodeId(bytes);
    if (!id) return;
    std::lock_guard lock(mutex_);
    if (auto it = running_.find(*id); it != running_.end()) it->second.request_stop();
}

void Worker::release() {
    {
        std::lock_guard lock(mutex_);
        for (auto& [id, stop] : running_) stop.request_stop();
    }
    games_.reset();  // joins the game threads (stopped above) before their engines go
    pool_.reset();  // joins the pool's threads; their last results land in the outbox
    players_.reset();  // the same for the game slots (queued pairs are dropped)
    scoring_.reset();  // the same for the scorers (queued chunks answer cancelled); then their data
    datasets_.clear();
    std::lock_guard lock(mutex_);
    running_.clear();
    outbox_.clear();  // rank 0 no longer waits for them
}

void Worker::sendFinished() {
    std::vector<ItemDone> done;
    {
        std::lock_guard lock(mutex_);
        done.swap(outbox_);
    }
    for (const auto& item : done) channel_.send(0, Tag::ItemDone, encode(item));
}

int Worker::run() {
    for (;;) {
        bool busy = false;
        while (auto message = channel_.poll(0)) {
            busy = true;
            switch (message->tag) {
            case Tag::Start: start(message->bytes); break;
            case Tag::Item: runItem(message->bytes); break;
            case Tag::Cancel: cancel(message->bytes); break;
            case Tag::Release: release(); break;
            case Tag::Shutdown:
                release();
                channel_.flush();
                return 0;
            default:
                std::cerr << "matefind-cli worker rank " << rank() << ": unexpected message tag "
                          << static_cast<int>(message->tag) << "\n";
            }
        }
        sendFinished();
        channel_.progress();
        if (!busy) {
            // Sleep until an item finishes or it is time to look for messages again: a blocking
            // MPI receive would spin a core that the engines need.
            std::unique_lock lock(mutex_);
            finished_.wait_for(lock, std::chrono::microseconds(100), [&] { return !outbox_.empty(); });
        }
    }
}

}  // namespace

int runWorker() {
    Worker worker;
    return worker.run();
}

int runJob(int* argc, char*** argv, const std::function<int()>& rankZero) {
    if (auto started = initialise(argc, argv); !started) {
        std::cerr << "MPI: " << started.error().message << "\n";
        return 1;
    }
    if (rank() != 0) {
        const int code = runWorker();
        finalise();
        return code;
    }
    int code = 1;
    try {
        code = rankZero();
    } catch (...) {
        shutdownWorkers();
        finalise();
        throw;
    }
    shutdownWorkers();
    finalise();
    return code;
}

}  // namespace mf::mpi
