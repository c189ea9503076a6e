#include "app/cli/mpi_mode.h"

#include <algorithm>
#include <iostream>
#include <optional>
#include <type_traits>

#include "evolution/tuning/measures/games/baseline.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/measures/registry.h"
#include "evolution/uci/local_engine_pool.h"
#ifdef MATEFIND_MPI
#include "evolution/mpi/channel.h"
#include "evolution/mpi/mpi_dataset_scoring.h"
#include "evolution/mpi/mpi_match.h"
#include "evolution/mpi/mpi_pair_service.h"
#include "evolution/mpi/mpi_search_service.h"
#include "evolution/mpi/mpi_self_play.h"
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

using MadeEvaluator = Result<std::unique_ptr<tuning::FitnessEvaluator>>;
using WorkersHandler = std::function<void(std::size_t)>;

// Each overload is the MPI evaluator of the measures whose items run on that kind of service
// (their traits' Service, measures/registry.h), as localEvaluatorFactory makes the local ones: the
// local evaluator (same split, same merge) over the MPI service of that kind (mpi::ServiceKind),
// which runs the items' engines on the worker ranks.

// Searches (the suite measures): only the searches travel; engine lines stay on the worker ranks.
MadeEvaluator mpiEvaluatorFor(std::type_identity<uci::SearchService>, const tuning::TuningSettings& settings,
                              const WorkersHandler& onWorkers) {
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
}

// Game slots (the games measure): pairs played on the worker ranks, each with the candidates'
// engine and the baseline's, as LocalEvaluator::createForGames sets them up on one machine.
MadeEvaluator mpiEvaluatorFor(std::type_identity<tuning::GamePairService>, const tuning::TuningSettings& settings,
                              const WorkersHandler& onWorkers) {
    auto baseline = tuning::resolveBaseline(tuning::measureSetup(settings), settings.of<tuning::GamesSettings>());
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

// Position scorers (the evalfit measure): chunks scored on the worker ranks (the same fit of K
// and E0 on rank 0), each rank reading the data sets from the same paths as rank 0.
MadeEvaluator mpiEvaluatorFor(std::type_identity<tuning::DatasetScoringService>, const tuning::TuningSettings& settings,
                              const WorkersHandler& onWorkers) {
    std::vector<std::filesystem::path> files{settings.of<tuning::EvalfitSettings>().data};
    if (!settings.of<tuning::EvalfitSettings>().heldOutData.empty()) files.push_back(settings.of<tuning::EvalfitSettings>().heldOutData);
    auto service = mpi::MpiDatasetScoring::create(settings.engine, files, settings.workers);
    if (!service) return service.error();
    if (onWorkers) onWorkers((*service)->engines());
    return std::unique_ptr<tuning::FitnessEvaluator>(std::make_unique<tuning::LocalEvaluator>(
        std::unique_ptr<tuning::DatasetScoringService>(std::move(service.value()))));
}

// The MPI evaluator of the run's measure, chosen by the kind of service its items run on.
MadeEvaluator mpiEvaluator(const tuning::TuningSettings& settings, const WorkersHandler& onWorkers) {
    std::optional<MadeEvaluator> made;
    tuning::Measures::with(settings.measure, [&]<class M>() {
        made = mpiEvaluatorFor(std::type_identity<typename M::Service>{}, settings, onWorkers);
    });
    if (!made)
        return Error{"measure " + std::string(tuning::fitnessMeasureName(settings.measure)) + ": no such measure"};
    return std::move(*made);
}

}  // namespace
#endif

tuning::EvaluatorFactory evaluatorFactory(bool mpi, std::function<void(std::size_t)> onWorkers) {
    tuning::EvaluatorFactory local = tuning::localEvaluatorFactory();
    return [mpi, local, onWorkers](const tuning::TuningSettings& settings, tuning::EngineLogHandler engineLog,
                                   std::stop_token stop) -> Result<std::unique_ptr<tuning::FitnessEvaluator>> {
        if (mpi) {
#ifdef MATEFIND_MPI
            return mpiEvaluator(settings, onWorkers);
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

suite::SelfPlayVenueFactory selfPlayVenue(bool mpi) {
    if (!mpi) return suite::localSelfPlayVenue;
    return [](const uci::EngineConfig& config,
              std::size_t workers) -> Result<std::unique_ptr<suite::SelfPlayVenue>> {
#ifdef MATEFIND_MPI
        auto venue = mpi::MpiSelfPlay::create(config, workers);
        if (!venue) return venue.error();
        return std::unique_ptr<suite::SelfPlayVenue>(std::move(venue.value()));
#else
        (void)config;
        (void)workers;
        return Error{"this matefind-cli was built without Open MPI"};
#endif
    };
}

}  // namespace mf::cli
