#pragma once
// The DatasetScoringService of an MPI job (measure evalfit), on rank 0: every DatasetItem (one
// candidate x a chunk of the data set's positions) is a work item shipped to a worker rank. It
// travels as the data set's path and digest, the scoring path (auto | fast | uci) and uci limit,
// the chunk (first, count) and the candidate's options: the positions themselves never do, every
// rank reads the data file from the same path (as it starts engines from the same paths) and
// keeps it between items. The rank scores the chunk on its own scorers, tuning::LocalDatasetScoring
// (`enginesPerRank` engine processes, each loading the positions once), and sends the q values
// back as plain numbers, or the failure. Faults are handled there as locally: a crashed or hung
// engine is restarted and the chunk retried once; a second failure fails it, never scores it.
//
// The LocalEvaluator's split and merge do not change: they see one service whose workers() is
// the sum of every rank's slots (kSlotsPerEngine per scorer, so a scorer that finishes finds the
// next chunk queued on its rank instead of waiting for a round trip). Pause is the evaluator's
// (it hands out no more items; items in flight finish). Stop (the item's token): an item not yet
// shipped comes back cancelled at once, an item in flight is cancelled on its rank and comes back
// cancelled. One thread of ours talks MPI; the caller's threads only queue.
//
// Creating the service runs the start-up check before any work is handed out: a rank whose engine
// is missing or another build, whose matefind-cli build differs, or whose copy of a data file is
// missing or differs from rank 0's, is named with its host. The destructor releases the ranks.

#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/mpi/item_dispatcher.h"
#include "evolution/tuning/measures/evalfit/dataset_scoring.h"

namespace mf::mpi {

class MpiDatasetScoring final : public tuning::DatasetScoringService {
public:
    // Rank 0 only, with at least one worker rank. `dataFiles`: the run's data sets (checked on
    // every rank before the start; another file can still be scored, its digest is checked with
    // its first item). `enginesPerRank` 0: each rank's hardware threads.
    static Result<std::unique_ptr<MpiDatasetScoring>> create(const tuning::EngineSpec& engine,
                                                             const std::vector<std::filesystem::path>& dataFiles,
                                                             std::size_t enginesPerRank);

    static constexpr std::size_t kSlotsPerEngine = 2;
    std::size_t workers() const override { return dispatcher_->slots(); }
    // Scorers (engine processes) working at once over all worker ranks.
    std::size_t engines() const { return dispatcher_->engines(); }
    void score(const tuning::DatasetWork& work, const tuning::DatasetItem& item, const uci::OptionValues& options,
               std::stop_token stop, Done done) override;

    // Items returned per rank so far.
    std::vector<RankLoad> load() const { return dispatcher_->load(); }

private:
    MpiDatasetScoring(std::unique_ptr<ItemDispatcher> dispatcher, std::map<std::string, std::string> digests,
                      tuning::EngineSpec engine)
        : engine_(std::move(engine)), digests_(std::move(digests)), dispatcher_(std::move(dispatcher)) {}
    std::string digestOf(const std::string& file);
    tuning::DatasetScoringService& traceScoring();

    // The trace path is scored on rank 0, from traces its own engines take once: a candidate then
    // costs a pass over memory, which no rank could do faster than the one holding the traces, and
    // the results are those of a run without MPI by construction. The ranks score the direct path
    // (the traces' check, the winner's confirmation).
    tuning::EngineSpec engine_;
    std::unique_ptr<tuning::LocalDatasetScoring> traceScoring_;
    std::mutex mutex_;  // guards digests_ and traceScoring_
    std::map<std::string, std::string> digests_;  // data file -> its digest on rank 0
    std::unique_ptr<ItemDispatcher> dispatcher_;  // last: its thread stops first
};

}  // namespace mf::mpi
