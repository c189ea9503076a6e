// matefind-cli tune: runs the GA on an engine and an EPD suite, one line per generation on
// stdout, progress on stderr, the population file rewritten after every generation.
#include <boost/program_options.hpp>
#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "app/cli/cmd_tune_evalfit.h"
#include "app/cli/mpi_mode.h"
#include "app/cli/limit_check.h"
#include "evolution/ga/legacy_population.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/local_evaluator.h"
#include "evolution/tuning/run_controller.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

std::atomic<bool> interrupted{false};

class TunePrinter : public tuning::RunObserver {
public:
    explicit TunePrinter(std::size_t workers) : workers_(workers) {}
    // The engines of the evaluator the run made (all ranks' engines with --mpi).
    void setWorkers(std::size_t workers) { workers_ = workers; }

    void statusChanged(const tuning::StatusChange& change) override {
        progress_.clear();
        if (change.status == tuning::RunStatus::Failed || change.status == tuning::RunStatus::Idle ||
            change.status == tuning::RunStatus::Finished || change.status == tuning::RunStatus::Starting)
            std::cerr << runStatusName(change.status) << ": " << change.reason << "\n";
    }
    void progress(const tuning::RunProgress& progress) override { progress_.show(progress); }
    void generationFinished(const tuning::GenerationReport& report) override {
        progress_.clear();
        const auto& s = report.stats;
        std::cout << "gen " << s.generation << " best " << formatNumber(s.best) << " mean " << formatNumber(s.mean)
                  << " sum " << formatNumber(s.sum) << " evals " << s.evaluations << " best-values";
        for (int v : s.bestValues) std::cout << ' ' << v;
        std::cout << std::endl;
        std::cerr << "  searched " << report.searchedCandidates << ", cached " << report.cachedCandidates
                  << " (hit rate " << formatNumber(report.cacheHitRate) << ")";
        if (report.failedSearches) std::cerr << ", failed searches " << report.failedSearches << " (not scored)";
        if (report.limitBreakingSearchesTotal)
            std::cerr << ", limit-breaking searches " << report.limitBreakingSearches << " (run total "
                      << report.limitBreakingSearchesTotal << "; reported nodes above 10x or below 1/10 of the limit)";
        if (report.heldOut) std::cerr << ", held-out " << heldOutText(*report.heldOut);
        if (report.noisyFitness) std::cerr << ", fitness is noisy (time limit)";
        const double wall = std::chrono::duration<double>(report.wallTime).count();
        if (wall > 0 && report.searchedCandidates > 0)
            std::cerr << ", " << formatNumber(wall) << " s, efficiency "
                      << formatNumber(std::chrono::duration<double>(report.thinkTime).count() /
                                      (wall * static_cast<double>(workers_.load())));
        std::cerr << "\n";
    }
    bool wantsEngineLog() const override { return false; }  // the terminal shows no engine lines
    void warning(const std::string& text) override {
        progress_.clear();
        std::cerr << "warning: " << text << "\n";
    }

private:
    std::atomic<std::size_t> workers_;  // set on the controller's thread
    TuneProgress progress_;
};

// --resume of a 2006 MateFind population file (ga/legacy_population.h): it holds the twelve term
// values of each chromosome and nothing else we can use, so the run's settings come from the
// options as for a new run (the population size is the file's). It is never overwritten: without
// --out the run is written to FILE.mfpop. False when the file is not such a file.
bool resumeImported(const po::variables_map& values, tuning::TuningSettings& settings,
                    std::optional<ga::RunState>& resumed) {
    const std::string file = values["resume"].as<std::string>();
    auto state = ga::loadPopulation(file);
    if (!state || !ga::isImported(*state)) return false;
    if (values.count("genome"))
        throw std::invalid_argument("--genome cannot change an imported 2006 population: its values are the MateFind terms");
    if (values.count("population") && values["population"].as<int>() != state->parameters.populationSize)
        throw std::invalid_argument("--population: " + file + " holds " + std::to_string(state->parameters.populationSize) +
                                    " chromosomes");
    for (const std::string& note : ga::importNotes(*state)) std::cerr << file << ": " << note << "\n";
    settings = settingsFromOptions(values, &state->genome);
    settings.parameters.populationSize = state->parameters.populationSize;
    state->parameters = settings.parameters;
    state->rng = ga::Rng(settings.parameters.seed);
    settings.autosave = values.count("out") ? values["out"].as<std::string>() : file + ".mfpop";
    std::cerr << file << ": imported; the run is written to " << settings.autosave.string() << "\n";
    resumed = std::move(*state);
    return true;
}

// The run the arguments ask for: a new one, or the saved run of --resume. Throws
// std::invalid_argument for a usage error, std::runtime_error when the resumed file is unusable.
void readArguments(const po::variables_map& values, tuning::TuningSettings& settings,
                   std::optional<ga::RunState>& resumed) {
    if (values.count("resume") && resumeImported(values, settings, resumed)) {
        // An imported 2006 population: done above.
    } else if (values.count("resume")) {
        // A resumed run is the saved run: only how long it goes on, where it is written and
        // how many engines search may change.
        for (const char* fixed : {"suite", "engine", "genome", "population", "selection", "pk", "pm", "elite", "max",
                                  "qlin", "qnolin", "k", "movetime", "depth", "nodes", "seed", "heldout",
                                  "heldout-every", "prize", "option", "engine-arg", "measure", "pairs", "baseline",
                                  "openings", "heldout-pairs", "start"})
            if (values.count(fixed))
                throw std::invalid_argument(std::string("--") + fixed +
                                            " cannot change a resumed run (it is saved in the file)");
        const std::string file = values["resume"].as<std::string>();
        auto state = ga::loadPopulation(file);
        if (!state) throw std::runtime_error(state.error().message());  // a failure (1), not a usage error
        if (auto error = tuning::applyExtras(*state, settings)) throw std::runtime_error(file + ": " + *error);
        // G means the same as in a new run: the run's total, counting generation 0.
        if (values.count("generations")) state->parameters.generations = values["generations"].as<int>();
        settings.parameters = state->parameters;
        settings.autosave = values.count("out") ? values["out"].as<std::string>() : file;
        resumed = std::move(*state);
    } else {
        settings = settingsFromOptions(values);
        settings.autosave = values.count("out") ? values["out"].as<std::string>() : "matefind-tune.mfpop";
    }
    settings.engine.searchTimeout = searchTimeoutOption(values);
    if (values.count("workers")) settings.workers = values["workers"].as<unsigned>();
    if (values.count("workers") && settings.workers == 0) throw std::invalid_argument("--workers must be at least 1");
    if (auto problems = tuning::validateSettings(settings); !problems.empty()) throw std::invalid_argument(problems.front());
}

int run(const std::vector<std::string>& args) {
    if (wantsEvalfit(args)) return runEvalfitTune(args);  // Texel's error: its own loop (cmd_tune_evalfit.cpp)
    po::options_description options(
        "matefind-cli tune --suite FILE [--engine PATH] [--genome FILE] [--population N] [--generations G]\n"
        "  [--selection TYPE] [--pk P] [--pm P] [--elite E] [--max X] [--qlin Q] [--qnolin Q] [--k K]\n"
        "  [--movetime MS | --depth D | --nodes N] [--prize P] [--option NAME=VALUE]... [--engine-arg A]...\n"
        "  [--workers N] [--seed S] [--out FILE] [--resume FILE] [--heldout FILE [--heldout-every K]] [--mpi]\n"
        "matefind-cli tune --measure games [--pairs K] [--baseline defaults|engine:PATH|FILE.mfpop] [--openings FILE]\n"
        "  [--heldout-pairs N [--heldout-every K]] [the GA, limit, engine and run options above]");
    addTuneOptions(options, TuneCommand::Tune);
    addMpiOption(options);
    tuning::TuningSettings settings;
    std::optional<ga::RunState> resumed;
    CommandLine line("tune", options);
    auto finished = line.parse(args,
                           "\nPrints one line per generation:\n  gen G best B mean M sum S evals E best-values v1 v2 ...\n"
                           "Depth and nodes limits give deterministic fitness (cached by chromosome values); a time\n"
                           "limit gives noisy fitness. Ctrl-C stops; the file keeps the last completed generation.\n",
                           [&](const po::variables_map& values) { readArguments(values, settings, resumed); });
    if (finished) return *finished;
    if (auto refused = checkEngineLimit("tune", settings, line.values())) return *refused;

    TunePrinter printer(settings.workers ? settings.workers : std::max(1u, std::thread::hardware_concurrency()));
    tuning::RunController controller(
        evaluatorFactory(mpiRequested(line.values()), [&printer](std::size_t workers) { printer.setWorkers(workers); }),
        &printer);
    auto error = resumed ? controller.continueRun(*resumed, settings) : controller.start(settings);
    if (error) return line.usageError(*error);
    std::signal(SIGINT, [](int) { interrupted = true; });
    std::jthread watcher([&](std::stop_token done) {
        while (!done.stop_requested() && !interrupted) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        if (interrupted) controller.stop();
    });
    controller.wait();
    watcher.request_stop();
    const auto status = controller.status();
    return status == tuning::RunStatus::Finished ? 0 : 1;
}

RegisterCommand tune{"tune", "tune an engine's options with the genetic algorithm on an EPD suite", run};

}  // namespace
}  // namespace mf::cli
