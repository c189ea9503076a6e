#include "app/cli/mpi_mode.h"

#include <algorithm>
#include <iostream>

#include "evolution/tuning/measures/games/baseline.h"
#include "evolution/tuning/engine_genome.h"
#include "evolution/tuning/local_evaluator.h"
#include "evolution/uci/local_engine_pool.h"
#ifdef MATEFIND_MPI
#include "evolution/mpi/channel.h"
#include "evolution/mpi/mpi_dataset_scoring.h"
#include "evolution/mpi/mpi_match.h"
#include "evolution/mpi/mpi_pair_service.h"
#include "evolution/mpi/mpi_search_service.h"
#include "evolution/mpi/worker.h"
#endif

namespace po = boost::program_options;

namespace mf::cli {

void addMpiOption(po::options_description& options) {
    options.add_options()("mpi", po::bool_switch(),
                          "search on the worker ranks of an Open MPI job: mpirun -np N matefind-cli ... --mpi "
                          "(rank 0 runs the command, ranks 1..N-1 run --workers engines each)");
}

bool mpiRequested(const po::variables_map& values) { return values.count("mpi") && values["mpi"].as<bool>(); }

int runPossiblyDistributed(int argc, char** argv, const std::vector<std::string>& args,
                           const std::function<int()>& command) {
    if (std::find(args.begin(), args.end(), "--mpi") == args.end()) return command();
#ifdef MATEFIND_MPI
    return mpi::runJob(&argc, &argv, command);
#else
    (void)argc;
    (void)argv;
    std::cerr << "matefind-cli: --mpi: this matefind-cli was built without Open MPI (MATEFIND_MPI is OFF); install "
                 "openmpi-bin and libopenmpi-dev (scripts/install-deps.sh) and configure again\n";
    return 2;
#endif
}

Result<std::unique_ptr<uci::SearchService>> makeSearchService(const uci::EngineConfig& config, std::size_t workers,
                                                              bool mpi, std::stop_token stop) {
#ifdef MATEFIND_MPI
    if (mpi) {
        auto service = mpi::MpiSearchService::create(config, workers);
        if (!service) return service.error();
        return std::unique_ptr<uci::SearchService>(std::move(service.value()));
    }
#else
    if (mpi) return Error{"this matefind-cli was built without Open MPI"};
#endif
    auto pool = uci::LocalEnginePool::create(config, workers, stop);
    if (!pool) return pool.error();
    return std::unique_ptr<uci::SearchService>(std::move(pool.value()));
}

#ifdef MATEFIND_MPI
namespace {

// The games measure over MPI: the local evaluator (same split into pairs, same merge) with its
// pairs played on the worker ranks, each with the candidates' engine and the baseline's, as
// LocalEvaluator::createForGames sets them up on one machine.
Result<std::unique_ptr<tuning::FitnessEvaluator>> mpiGamesEvaluator(const tuning::TuningSettings& settings,
                                                                    const std::function<void(std::size_t)>& onWorkers) {
    auto baseline = tuning::resolveBaseline(settings);
    if (!baseline) return baseline.error();
    auto service = mpi::MpiPairService::create(tuning::engineConfigOf(settings.engine), tuning::engineConfigOf(baseline->engine),
                                               settings.workers);
    if (!service) return service.error();
    // A baseline the engine refuses would forfeit every game: as createForGames, before anything is played.
    if (auto problem = uci::checkOptionValues((*service)->identityB(), baseline->side.options))
        return Error{"baseline: " + *problem};
    if (onWorkers) onWorkers((*service)->gameSlots());
    return std::unique_ptr<tuning::FitnessEvaluator>(std::make_unique<tuning::LocalEvaluator>(
        std::unique_ptr<tuning::GamePairService>(std::move(service.value()))));
}

// The evalfit measure over MPI: the local evaluator (same split into candidate x chunk items, same
// merge, same fit of K and E0) with the chunks scored on the worker ranks, each reading the data
// sets from the same paths as rank 0.
Result<std::unique_ptr<tuning::FitnessEvaluator>> mpiEvalfitEvaluator(const tuning::TuningSettings& settings,
                                                                     const std::function<void(std::size_t)>& onWorkers) {
    std::vector<std::filesystem::path> files{settings.evalfit.data};
    if (!settings.evalfit.heldOutData.empty()) files.push_back(settings.evalfit.heldOutData);
    auto service = mpi::MpiDatasetScoring::create(settings.engine, files, settings.workers);
    if (!service) return service.error();
    if (onWorkers) onWorkers((*service)->engines());
    return std::unique_ptr<tuning::FitnessEvaluator>(std::make_unique<tuning::LocalEvaluator>(
        std::unique_ptr<tuning::DatasetScoringService>(std::move(service.value()))));
}

}  // namespace
#endif

tuning::EvaluatorFactory evaluatorFactory(bool mpi, std::function<void(std::size_t)> onWorkers) {
    tuning::EvaluatorFactory local = tuning::localEvaluatorFactory();
    return [mpi, local, onWorkers](const tuning::TuningSettings& settings, tuning::EngineLogHandler engineLog,
                                   std::stop_token stop) -> Result<std::unique_ptr<tuning::FitnessEvaluator>> {
        if (mpi) {
#ifdef MATEFIND_MPI
            if (settings.measure == tuning::FitnessMeasure::Games) return mpiGamesEvaluator(settings, onWorkers);
            if (settings.measure == tuning::FitnessMeasure::Evalfit) return mpiEvalfitEvaluator(settings, onWorkers);
            // The same split into positions and the same merge as a local run; only the
            // searches travel. Engine lines stay on the worker ranks.
            // engineConfigOf: the user's --search-timeout and the limit probe's speed travel too.
            auto service = mpi::MpiSearchService::create(tuning::engineConfigOf(settings.engine), settings.workers);
            if (!service) return Error{settings.engine.program.string() + ": " + service.error().message};
            // The genome check of a local run (localEvaluatorFactory), before anything is searched.
            if (auto mismatch = tuning::checkGenomeAgainstEngine(settings.genome, (*service)->engine().options))
                return Error{settings.engine.program.string() + ": " + *mismatch};
            // The efficiency the run reports is per engine, not per slot.
            if (onWorkers) onWorkers((*service)->engines());
            return std::unique_ptr<tuning::FitnessEvaluator>(
                std::make_unique<tuning::LocalEvaluator>(std::move(service.value())));
#else
            return Error{"this matefind-cli was built without Open MPI"};
#endif
        }
        auto made = local(settings, std::move(engineLog), stop);
        if (!made) return made.error();
        if (onWorkers) onWorkers(made.value()->workers());
        return std::move(made.value());
    };
}

match::MatchSummary runMatch(match::MatchConfig& config, const match::PairHandler& onPair, std::stop_token stop,
                             bool mpi) {
    if (!mpi) return match::runMatch(config, onPair, stop);
#ifdef MATEFIND_MPI
    auto summary = mpi::runMatchOnRanks(config, onPair, stop);
    config.workers *= static_cast<std::size_t>(std::max(1, mpi::size() - 1));
    return summary;
#else
    match::MatchSummary summary;
    summary.stopReason = "this matefind-cli was built without Open MPI";
    return summary;
#endif
}

}  // namespace mf::cli
