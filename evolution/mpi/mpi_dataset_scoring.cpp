#include "evolution/mpi/mpi_dataset_scoring.h"

#include "evolution/wire/file_digest.h"
#include "evolution/tuning/measures/evalfit/evalfit_wire.h"

namespace mf::mpi {

// The byte format and the build fingerprints live below MPI (evolution/wire).
using namespace mf::wire;

Result<std::unique_ptr<MpiDatasetScoring>> MpiDatasetScoring::create(const tuning::EngineSpec& engine,
                                                                     const std::vector<std::filesystem::path>& dataFiles,
                                                                     std::size_t enginesPerRank) {
    const uci::EngineConfig config = tuning::engineConfigOf(engine);
    StartRequest start = startRequestOf(config, ServiceKind::DatasetScoring, enginesPerRank);
    std::map<std::string, std::string> digests;
    for (const auto& file : dataFiles) {
        DataFile data{file.string(), fileDigest(file)};
        digests[data.path] = data.digest;
        start.dataFiles.push_back(std::move(data));
    }
    auto dispatcher = ItemDispatcher::create(start, kSlotsPerEngine);
    if (!dispatcher) return dispatcher.error();
    return std::unique_ptr<MpiDatasetScoring>(new MpiDatasetScoring(std::move(*dispatcher), std::move(digests), engine));
}

std::string MpiDatasetScoring::digestOf(const std::string& file) {
    std::lock_guard lock(mutex_);
    auto it = digests_.find(file);
    if (it == digests_.end()) it = digests_.emplace(file, fileDigest(file)).first;
    return it->second;
}

tuning::DatasetScoringService& MpiDatasetScoring::traceScoring() {
    std::lock_guard lock(mutex_);
    if (!traceScoring_) traceScoring_ = std::make_unique<tuning::LocalDatasetScoring>(engine_, 0);
    return *traceScoring_;
}

void MpiDatasetScoring::score(const tuning::DatasetWork& work, const tuning::DatasetItem& item,
                              const uci::OptionValues& options, std::stop_token stop, Done done) {
    if (work.path == dataset::EvalfitPath::Trace) return traceScoring().score(work, item, options, stop, std::move(done));
    tuning::DatasetJob job;
    job.file = work.file;
    job.digest = digestOf(work.file);
    job.positions = work.size();
    job.path = work.path;
    job.uciLimit = work.uciLimit;
    job.first = item.first;
    job.count = item.count;
    job.options = options;
    const std::size_t count = item.count;
    std::vector<ItemDispatcher::Work> items;
    items.push_back({ItemKind::DatasetChunk, tuning::encodeDatasetJob(job), std::move(stop),
                     [count, done = std::move(done)](const std::string* answer, int rank) {
                         tuning::DatasetItemResult result;
                         if (!answer) {  // stopped before it was shipped, or the service went away
                             result.cancelled = true;
                             return done(std::move(result));
                         }
                         auto decoded = tuning::decodeDatasetAnswer(*answer);
                         const std::string where = "rank " + std::to_string(rank) + ": ";
                         if (!decoded) {
                             result.failure = where + decoded.error().message;
                         } else if (decoded->cancelled) {
                             result.cancelled = true;
                         } else if (!decoded->failure.empty()) {
                             result.failure = where + decoded->failure;
                         } else if (decoded->q.size() != count) {
                             // Never handed to the merge, which takes a wrong count for a bug.
                             result.failure = where + std::to_string(decoded->q.size()) + " scores for " +
                                              std::to_string(count) + " positions";
                         } else {
                             result.q = std::move(decoded->q);
                         }
                         done(std::move(result));
                     }});
    dispatcher_->submit(std::move(items));
}

}  // namespace mf::mpi
