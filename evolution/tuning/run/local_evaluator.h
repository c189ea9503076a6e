#pragma once
// The FitnessEvaluator of one machine: split + run the items on the local engine pool + merge
// (the contract in fitness_evaluator.h). Items are as small as the work allows (one position of
// one candidate), so all engines stay busy across candidate boundaries. At most N items are in the
// pool at a time: pause takes hold exactly (nothing queued inside the pool), and in-flight items
// are known.

#include <condition_variable>
#include <memory>
#include <mutex>

#include "engine/result.h"
#include "evolution/tuning/evaluate/fitness_evaluator.h"
#include "evolution/tuning/evaluate/item_runner.h"
#include "evolution/tuning/measures/evalfit/dataset_scoring.h"
#include "evolution/tuning/measures/games/game_players.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/uci/search_service.h"

namespace mf::tuning {

class LocalEvaluator final : public FitnessEvaluator {
public:
    // Starts `workers` engines (0: one per hardware thread) with the spec's fixed options.
    // `engineLog` (may be empty) receives every engine line from the start: the start-up lines
    // (uci, id, option, uciok, setoption, isready...) before create returns, on the calling
    // thread, also when the start fails; later lines from evaluate() (see setEngineLog).
    static Result<std::unique_ptr<LocalEvaluator>> create(const EngineSpec& engine, std::size_t workers,
                                                          EngineLogHandler engineLog = {}, std::stop_token stop = {});
    // For games work: `workers` game slots, each with one engine of `engine` (the candidates')
    // and one of `baseline`. Fails, naming the engine, when one cannot start, and when the
    // baseline engine refuses `baselineOptions` (the baseline side's values).
    static Result<std::unique_ptr<LocalEvaluator>> createForGames(const EngineSpec& engine, const EngineSpec& baseline,
                                                                  const uci::OptionValues& baselineOptions,
                                                                  std::size_t workers, EngineLogHandler engineLog = {},
                                                                  std::stop_token stop = {});
    // For dataset work on this machine's engines (LocalDatasetScoring), with the engine log.
    static std::unique_ptr<LocalEvaluator> createForDatasets(const EngineSpec& engine, std::size_t workers,
                                                             EngineLogHandler engineLog = {});
    // Uses an existing service (tests, or a pool shared with `solve`): suite work only.
    explicit LocalEvaluator(std::unique_ptr<uci::SearchService> service);
    // Uses existing game players (e.g. the worker ranks of an MPI job): games work only.
    explicit LocalEvaluator(std::unique_ptr<GamePairService> players);
    // Uses position scorers (this machine's: LocalDatasetScoring, or an MPI job's): dataset work only.
    explicit LocalEvaluator(std::unique_ptr<DatasetScoringService> scoring);
    ~LocalEvaluator() override;

    std::size_t workers() const override;
    std::vector<CandidateScore> evaluate(const FitnessWork& work, const std::vector<Candidate>& candidates,
                                         std::stop_token stop, const ProgressHandler& onProgress) override;
    void pause() override;
    void resume() override;
    // Replaces create()'s handler; an empty one turns the copying off (only evaluators made by
    // create() have a tap). Lines are gathered on the pool's workers and handed over from evaluate().
    void setEngineLog(EngineLogHandler handler);

    const uci::SearchService& service() const { return *service_; }  // suite evaluators only

private:
    struct Job;
    struct LogSink;
    static std::shared_ptr<LogSink> makeSink(bool enabled);
    static uci::LineTap tapInto(std::shared_ptr<LogSink> sink);
    static void flushFailedStart(LogSink& sink, const EngineLogHandler& engineLog);
    void dispatch(Job& job);  // caller holds mutex_
    void deliverLog();        // caller does not hold mutex_

    std::unique_ptr<uci::SearchService> service_;  // suite work (null for games)
    std::unique_ptr<GamePairService> players_;     // games work (null for suites)
    std::unique_ptr<DatasetScoringService> scoring_;  // dataset work
    ItemRunner runner_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool paused_ = false;
    Job* job_ = nullptr;  // the evaluate() call in progress
    std::shared_ptr<LogSink> log_;  // shared with the pool's line tap; null: no tap
    EngineLogHandler logHandler_;

};

// The factory RunController uses for local runs: the evaluator for the kind of service the run's
// measure runs its items on (measures/registry.h): LocalEvaluator::create for searches (the
// genome checked against the engine's options first), createForGames with the settings' baseline
// for game slots, createForDatasets for position scorers (their engines start with the first
// item: they load the data set).
EvaluatorFactory localEvaluatorFactory();

}  // namespace mf::tuning
