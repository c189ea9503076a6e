// matefind-cli tune: runs the GA on an engine with one of three measures (Texel's error on labelled
// positions, an EPD suite, or game pairs against a baseline), one line per generation on stdout,
// progress on stderr, the population file rewritten after every generation.
#include <boost/program_options.hpp>
#include <algorithm>
#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/engine_options.h"
#include "evolution/tuning/common/elo_text.h"
#include "app/cli/interrupt.h"
#include "app/cli/command.h"
#include "app/cli/mpi_mode.h"
#include "app/cli/optimizer_options.h"
#include "app/cli/limit_check.h"
#include "evolution/ga/legacy_population.h"
#include "evolution/match/machine_load.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/results/engine_export.h"
#include "evolution/tuning/settings/fit_rule.h"
#include "evolution/tuning/run/local_evaluator.h"
#include "evolution/tuning/run/run_controller.h"
#include "evolution/tuning/setup/data_maker.h"
#include "evolution/tuning/setup/run_presets.h"
#include "evolution/tuning/common/installed_paths.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {


class TunePrinter : public tuning::RunObserver {
public:
    TunePrinter(std::size_t workers, std::chrono::milliseconds progressEvery)
        : workers_(workers), progress_(progressEvery) {}
    // The engines of the evaluator the run made (all ranks' engines with --mpi).
    void setWorkers(std::size_t workers) { workers_ = workers; }
    std::size_t workers() const { return workers_.load(); }

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
        // SPSA answers with its theta, which is no member: its own line.
        if (!report.pick.empty() && report.pick != s.bestValues) {
            std::cout << "gen " << s.generation << " pick";
            for (int v : report.pick) std::cout << ' ' << v;
            std::cout << std::endl;
        }
        std::cerr << "  searched " << report.cost.searchedCandidates << ", cached " << report.cost.cachedCandidates
                  << " (hit rate " << formatNumber(report.cacheHitRate) << cacheEvictionText(report.cache) << ")";
        if (report.cost.failedSearches) std::cerr << ", failed searches " << report.cost.failedSearches << " (not scored)";
        if (report.limitBreakingSearchesTotal)
            std::cerr << ", limit-breaking searches " << report.cost.limitBreakingSearches << " (run total "
                      << report.limitBreakingSearchesTotal << "; reported nodes above 10x or below 1/10 of the limit)";
        if (report.bestError)
            std::cerr << ", best E " << formatNumber(*report.bestError) << " (E0 " << formatNumber(report.startError.value_or(0))
                      << ", K " << formatNumber(report.evalfitK.value_or(0)) << ")";
        if (report.pickElo) std::cerr << ", pick " << tuning::eloFigureText(*report.pickElo);
        if (report.speed) std::cerr << ", " << tuning::speedRatioText(*report.speed) << " of the start's";
        if (report.heldOut) std::cerr << ", held-out " << heldOutText(*report.heldOut);
        if (report.unitsKind == tuning::WorkUnit::Games)
            std::cerr << ", " << report.unitsTotal << " games so far";
        if (report.noisyFitness) std::cerr << ", fitness is noisy (time limit)";
        const double wall = std::chrono::duration<double>(report.cost.wallTime).count();
        // Evalfit's scoring has no think time to measure (the engine reports none): no efficiency.
        if (wall > 0 && report.cost.searchedCandidates > 0 && report.cost.thinkTime.count() > 0)
            std::cerr << ", " << formatNumber(wall) << " s, efficiency "
                      << formatNumber(std::chrono::duration<double>(report.cost.thinkTime).count() /
                                      (wall * static_cast<double>(workers_.load())));
        if (auto lost = match::timeLossNote(report.cost.gamesLostOnTime, report.cost.gamesPlayed, match::readMachineLoad()))
            std::cerr << ", " << *lost;
        std::cerr << "\n";
    }
    bool wantsEngineLog() const override { return false; }  // the terminal shows no engine lines
    void warning(const std::string& text) override {
        progress_.clear();
        std::cerr << "warning: " << text << "\n";
    }
    void note(const std::string& text) override {
        progress_.clear();
        std::cerr << text << "\n";
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
    if (values.count("preset")) {
        const std::string presetName = values["preset"].as<std::string>();
        const auto& presets = tuning::runPresets();
        const auto known = std::find_if(presets.begin(), presets.end(), [&](const auto& p) { return p.name == presetName; });
        const bool anyEngine = known != presets.end() && known->anyEngine;
        for (const auto& [name, value] : values) {
            const bool engineOption = name == "engine" || name == "option" || name == "engine-arg" || name == "keep-process";
            if (!value.defaulted() && name != "preset" && name != "out" && name != "workers" && name != "seed" &&
                name != "data" && name != "heldout-data" && name != "trace-cache" && name != "max-memory" && name != "mpi" &&
                name != "progress-every" && !(anyEngine && engineOption))
                throw std::invalid_argument("--" + name + " cannot change a preset's run: give the whole recipe as options "
                                            "instead (`matefind-cli help tune`, or the preset in docs/tuning.md)");
        }
        // A preset for any engine reads the options of the engine given (the bundled one by default).
        tuning::EngineSpec engine;
        if (values.count("engine")) engine.program = values["engine"].as<std::string>();
        if (values.count("option")) engine.fixedOptions = parseOptionAssignments(values["option"].as<std::vector<std::string>>());
        if (values.count("engine-arg")) engine.arguments = values["engine-arg"].as<std::vector<std::string>>();
        engine.keepProcess = values.count("keep-process") > 0;
        auto preset = tuning::presetSettings(presetName, tuning::executableDir(), anyEngine ? &engine : nullptr);
        if (!preset) throw std::invalid_argument("--preset: " + preset.error().message);
        settings = std::move(*preset);
        if (values.count("seed")) settings.parameters.seed = values["seed"].as<std::uint64_t>();
        // The preset's recipe on the user's own labelled positions (make-dataset).
        auto& evalfit = settings.of<tuning::EvalfitSettings>();
        if (values.count("data")) evalfit.data = values["data"].as<std::string>();
        if (values.count("heldout-data")) evalfit.heldOutData = values["heldout-data"].as<std::string>();
        settings.autosave = values.count("out") ? values["out"].as<std::string>() : "matefind-tune.mfpop";
    } else if (values.count("resume") && resumeImported(values, settings, resumed)) {
        // An imported 2006 population: done above.
    } else if (values.count("resume")) {
        // A resumed run is the saved run: only how long it goes on, where it is written, how
        // many engines search and the score cache's bound may change.
        for (const char* fixed : {"suite", "engine", "genome", "population", "selection", "pk", "pm", "elite", "max",
                                  "qlin", "qnolin", "k", "movetime", "depth", "nodes", "seed", "heldout",
                                  "heldout-every", "prize", "option", "engine-arg", "measure", "pairs", "baseline",
                                  "openings", "heldout-pairs", "tc", "start", "data", "heldout-data", "evalfit-path",
                                  "evalfit-depth", "evalfit-nodes", "retrace-every", "trace-tolerance"})
            if (values.count(fixed))
                throw std::invalid_argument(std::string("--") + fixed +
                                            " cannot change a resumed run (it is saved in the file)");
        for (const std::string& fixed : optimizerFixedOptions())
            if (values.count(fixed))
                throw std::invalid_argument("--" + fixed + " cannot change a resumed run (it is saved in the file)");
        const std::string file = values["resume"].as<std::string>();
        auto state = ga::loadPopulation(file);
        if (!state) throw std::runtime_error(state.error().message);  // a failure (1), not a usage error
        if (auto error = tuning::applyExtras(*state, settings)) throw std::runtime_error(file + ": " + *error);
        if (values.count("confirm") || values.count("confirm-tc") || values.count("confirm-movetime")) {
            if (settings.measure != tuning::FitnessMeasure::Games)
                throw std::invalid_argument("--confirm needs a games run; " + file + " measures " +
                                            std::string(tuning::fitnessMeasureName(settings.measure)));
            readConfirmOptions(values, settings.of<tuning::GamesSettings>());
        }
        // G means the same as in a new run: the run's total, counting generation 0.
        if (values.count("generations")) state->parameters.generations = values["generations"].as<int>();
        settings.parameters = state->parameters;
        // --then and --polish go on after the file's stages (a complete run is polished at once).
        if (appendStages(values, settings)) state->parameters.generations = settings.parameters.generations;
        settings.autosave = values.count("out") ? values["out"].as<std::string>() : file;
        resumed = std::move(*state);
    } else {
        settings = settingsFromOptions(values);
        settings.autosave = values.count("out") ? values["out"].as<std::string>() : "matefind-tune.mfpop";
    }
    settings.engine.searchTimeout = searchTimeoutOption(values);
    if (values.count("keep-process")) settings.engine.keepProcess = true;  // a resumed run may start keeping it
    if (values.count("workers")) settings.workers = values["workers"].as<unsigned>();
    if (values.count("workers") && settings.workers == 0) throw std::invalid_argument("--workers must be at least 1");
    settings.scoreCacheBytes = scoreCacheBytesOption(values);  // the machine's, never the file's
    // Where traces are kept is the machine's too: a resumed run may read them from anywhere.
    if (values.count("trace-cache")) settings.of<tuning::EvalfitSettings>().traceCache = values["trace-cache"].as<std::string>();
    if (values.count("max-memory")) settings.of<tuning::EvalfitSettings>().maxMemory = maxMemoryOption(values);
    if (values.count("test-save-pause-ms"))
        settings.autosavePause = std::chrono::milliseconds(values["test-save-pause-ms"].as<unsigned>());
    if (auto problems = tuning::validateSettings(settings); !problems.empty()) throw std::invalid_argument(problems.front());
}

// What the command line asks for.
struct Arguments {
    tuning::TuningSettings settings;
    std::optional<ga::RunState> resumed;
    std::chrono::milliseconds progressEvery = kProgressLogInterval;
    bool mpi = false;
};

// The generations: a new run, or the resumed one. 0 when they all finished, else the exit code.
int runGenerations(CommandLine& line, Arguments& a, std::stop_token stop) {
    tuning::TuningSettings& settings = a.settings;
    TunePrinter printer(settings.workers ? settings.workers : std::max(1u, std::thread::hardware_concurrency()),
                        a.progressEvery);
    tuning::RunController controller(
        evaluatorFactory(a.mpi, [&printer](std::size_t workers) { printer.setWorkers(workers); }), &printer);
    // Games at a clock think in real time: more workers than free cores make the engines late.
    if (settings.measure == tuning::FitnessMeasure::Games)
        if (auto busy = match::clockLoadWarning(match::readMachineLoad(), printer.workers(),
                                                !settings.of<tuning::GamesSettings>().timeControl.empty()))
            std::cerr << "warning: " << *busy << "\n";
    auto error = a.resumed ? controller.continueRun(*a.resumed, settings) : controller.start(settings);
    if (error) return line.usageError(*error);
    std::stop_callback stopRun(stop, [&controller] { controller.stop(); });
    controller.wait();
    return controller.status() == tuning::RunStatus::Finished ? 0 : 1;
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli tune [--data FILE] [--heldout-data FILE] [--evalfit-path auto|trace|fast|uci]\n"
        "  [--retrace-every N]"
        "  [the GA, engine and run options below]   (measure evalfit, the default: Texel's error on labelled\n"
        "  positions, by default the bundled self-play data and all the bundled engine's terms)\n"
        "matefind-cli tune --suite FILE [--engine PATH] [--genome FILE] [--population N] [--generations G]\n"
        "  [--selection TYPE] [--pk P] [--pm P] [--elite E] [--max X] [--qlin Q] [--qnolin Q] [--k K]\n"
        "  [--movetime MS | --depth D | --nodes N] [--prize P] [--option NAME=VALUE]... [--engine-arg A]...\n"
        "  [--workers N] [--cache-mb N] [--seed S] [--out FILE] [--resume FILE] [--heldout FILE [--heldout-every K]] [--mpi]\n"
        "matefind-cli tune --measure games [--pairs K] [--baseline defaults|start|engine:PATH|FILE.mfpop] [--openings FILE]\n"
        "  [--heldout-pairs N [--heldout-every K]] [the GA, limit, engine and run options above]\n"
        "matefind-cli tune [--optimizer ga|spsa|cmaes|local|gradient] [--then NAME:G]... [--polish PASSES [--polish-method M]]\n"
        "  [--spsa-r-end R] [--spsa-scale S] [--cmaes-sigma F] [--gradient-step S] [--gradient-steps N]\n"
        "  [--start-values FILE] [any measure's options; --population is the batch: SPSA 2 per iteration, CMA-ES >= 5]");
    addTuneOptions(options, TuneCommand::Tune);
    addMpiOption(options);
    addProgressOption(options);
    options.add_options()("test-save-pause-ms", po::value<unsigned>()->value_name("MS"),
                          "for tests: hold every autosave half-way for MS, to kill the run during a write");
    Arguments a;
    CommandLine line("tune", options);
    auto finished = line.parse(args,
                           "\nPrints one line per generation:\n  gen G best B mean M sum S evals E best-values v1 v2 ...\n"
                           "Depth and nodes limits give deterministic fitness (cached by chromosome values); a time\n"
                           "limit gives noisy fitness. Ctrl-C or SIGTERM stops; the file keeps the last completed\n"
                           "generation. With --resume, --then and --polish add stages after the run's own (a complete run goes on\n"
                           "at once from its pick).\n",
                           [&](const po::variables_map& values) {
                               readArguments(values, a.settings, a.resumed);
                               a.progressEvery = progressEveryOption(values);
                           });
    if (finished) return *finished;
    a.mpi = mpiRequested(line.values());
    // Ctrl-C and SIGTERM stop in every phase: the limit check, the engines' start-up, the
    // generations (the file keeps the last completed one).
    Interrupt interrupt;
    if (auto refused = checkEngineLimit("tune", a.settings, line.values(), interrupt.token())) return *refused;
    if (auto other = tuning::heldOutMadeByAnotherEngine(a.settings, tuning::bundledEngine(tuning::executableDir())))
        std::cerr << "warning: " << *other << "\n";
    return runGenerations(line, a, interrupt.token());
}

RegisterCommand tune{"tune", "tune an engine's options with the genetic algorithm, scored by Texel's error on labelled "
                             "positions (the default), an EPD suite or game pairs", run};

}  // namespace
}  // namespace mf::cli
