// matefind-cli tune: runs the GA on an engine with one of three measures (Texel's error on labelled
// positions, an EPD suite, or game pairs against a baseline), one line per generation on stdout,
// progress on stderr, the population file rewritten after every generation.
#include <boost/program_options.hpp>
#include <atomic>
#include <csignal>
#include <iostream>
#include <thread>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/interrupt.h"
#include "app/cli/command.h"
#include "app/cli/mpi_mode.h"
#include "app/cli/optimizer_options.h"
#include "app/cli/limit_check.h"
#include "evolution/ga/legacy_population.h"
#include "evolution/ga/population_file.h"
#include "evolution/dataset/evalfit_measure.h"
#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/evalfit_polish_run.h"
#include "evolution/tuning/fit_rule.h"
#include "evolution/tuning/polish_history.h"
#include "evolution/tuning/local_evaluator.h"
#include "evolution/tuning/run_controller.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {


class TunePrinter : public tuning::RunObserver {
public:
    TunePrinter(std::size_t workers, std::chrono::milliseconds progressEvery)
        : workers_(workers), progress_(progressEvery) {}
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
        if (report.heldOut) std::cerr << ", held-out " << heldOutText(*report.heldOut);
        if (report.noisyFitness) std::cerr << ", fitness is noisy (time limit)";
        const double wall = std::chrono::duration<double>(report.cost.wallTime).count();
        // Evalfit's scoring has no think time to measure (the engine reports none): no efficiency.
        if (wall > 0 && report.cost.searchedCandidates > 0 && report.cost.thinkTime.count() > 0)
            std::cerr << ", " << formatNumber(wall) << " s, efficiency "
                      << formatNumber(std::chrono::duration<double>(report.cost.thinkTime).count() /
                                      (wall * static_cast<double>(workers_.load())));
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
    if (values.count("resume") && resumeImported(values, settings, resumed)) {
        // An imported 2006 population: done above.
    } else if (values.count("resume")) {
        // A resumed run is the saved run: only how long it goes on, where it is written, how
        // many engines search and the score cache's bound may change.
        for (const char* fixed : {"suite", "engine", "genome", "population", "selection", "pk", "pm", "elite", "max",
                                  "qlin", "qnolin", "k", "movetime", "depth", "nodes", "seed", "heldout",
                                  "heldout-every", "prize", "option", "engine-arg", "measure", "pairs", "baseline",
                                  "openings", "heldout-pairs", "start", "data", "heldout-data", "evalfit-path",
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
    if (values.count("keep-process")) settings.engine.keepProcess = true;  // a resumed run may start keeping it
    if (values.count("workers")) settings.workers = values["workers"].as<unsigned>();
    if (values.count("workers") && settings.workers == 0) throw std::invalid_argument("--workers must be at least 1");
    settings.scoreCacheBytes = scoreCacheBytesOption(values);  // the machine's, never the file's
    // Where traces are kept is the machine's too: a resumed run may read them from anywhere.
    if (values.count("trace-cache")) settings.of<tuning::EvalfitSettings>().traceCache = values["trace-cache"].as<std::string>();
    if (values.count("test-save-pause-ms"))
        settings.autosavePause = std::chrono::milliseconds(values["test-save-pause-ms"].as<unsigned>());
    if (auto problems = tuning::validateSettings(settings); !problems.empty()) throw std::invalid_argument(problems.front());
}

// One line per polish pass on stdout, progress within a pass on stderr; every pass goes into the
// run's file (polish_history.h).
class PolishPrinter {
public:
    PolishPrinter(ga::RunState& state, double startError, std::chrono::milliseconds progressEvery,
                  tuning::PolishMethod method)
        : state_(state), generation_(state.generation), startError_(startError), progress_(progressEvery),
          method_(method) {}

    void pass(const dataset::PolishPass& p) {
        progress_.clear();
        if (method_ == tuning::PolishMethod::Gradient) {  // the descent's steps: the model's E only
            std::cout << "descent step " << p.pass << " E (traces) " << formatNumber(p.error) << std::endl;
            return;
        }
        std::cout << "polish " << p.pass << " E " << formatNumber(p.error) << " moved " << p.moved << " evals "
                  << p.evaluations << " values";
        for (int v : p.values) std::cout << ' ' << v;
        std::cout << std::endl;
        tuning::recordPolishPass(state_, generation_, startError_, p);
        passes_ = p.pass;
    }
    void progress(const tuning::EvaluationProgress& p) {
        progress_.showText("polish pass " + std::to_string(passes_ + 1) + ": " +
                           unitsText(tuning::WorkUnit::Positions, p.unitsDone, p.unitsTotal));
    }
    void clear() { progress_.clear(); }

private:
    ga::RunState& state_;
    int generation_;
    double startError_;
    int passes_ = 0;
    TuneProgress progress_;
    tuning::PolishMethod method_;
};

// The E of the best member of `state` (the polish starts from it), 0 when none is scored.
double bestError(const ga::RunState& state, const tuning::TuningSettings& settings) {
    const auto best = tuning::bestMember(state);
    if (!best || !settings.of<tuning::EvalfitSettings>().startError) return 0.0;
    return dataset::errorFromFitness(state.population[*best].fitness.value_or(0.0), *settings.of<tuning::EvalfitSettings>().startError);
}

// --polish PASSES after a finished evalfit run: Texel's local search from the best member of
// `state` (tuning/evalfit_polish_run.h) on an evaluator made for the run's settings (with --mpi:
// the worker ranks'). The passes join the run's history, and the file (settings.autosave) is
// rewritten with the polished weights as its best.
int polish(int passes, tuning::PolishMethod method, const tuning::TuningSettings& given, ga::RunState state, bool mpi,
           std::stop_token stop, std::chrono::milliseconds progressEvery) {
    tuning::TuningSettings settings = given;
    if (auto error = tuning::applyExtras(state, settings)) {  // K and E0 as the run fitted them
        std::cerr << "matefind-cli tune: polish: " << given.autosave.string() << ": " << *error << "\n";
        return 1;
    }
    // The polish goes on with the run's K and E0, as a continued run does; it says so when the
    // engine or data changed since they were fitted.
    if (const auto ruling = tuning::ruleOnSavedFit(settings, tuning::FitUse::ContinuedRun); ruling.warning)
        std::cerr << "warning: " << ruling.note << "\n";
    auto evaluator = evaluatorFactory(mpi, {})(settings, {}, stop);  // with --mpi: on the worker ranks, as the run
    if (!evaluator) {
        std::cerr << "matefind-cli tune: polish: " << evaluator.error().message << "\n";
        return 1;
    }
    std::cerr << "polish: from the best of generation " << state.generation << " (E "
              << formatNumber(bestError(state, settings)) << "), at most " << passes << " passes\n";
    PolishPrinter printer(state, bestError(state, settings), progressEvery, method);
    auto polished = tuning::polishEvalfitRun(
        state, settings, **evaluator, passes, stop, [&](const dataset::PolishPass& p) { printer.pass(p); },
        [&](const tuning::EvaluationProgress& p) { printer.progress(p); }, method);
    printer.clear();
    if (!polished) {
        std::cerr << "matefind-cli tune: " << polished.error().message << "\n";
        return 1;
    }
    for (const std::string& note : polished->notes) std::cerr << note << "\n";
    const dataset::PolishResult& r = polished->result;
    if (method == tuning::PolishMethod::Gradient)  // the descent is one pass of the run's history
        tuning::recordPolishPass(state, state.generation, polished->startError, {1, r.error, r.evaluations, 0, r.values});
    if (polished->heldOutError) tuning::recordPolishHeldOut(state, *polished->heldOutError);
    const bool descent = method == tuning::PolishMethod::Gradient;
    std::cerr << "polish: E " << formatNumber(polished->startError) << " -> " << formatNumber(r.error) << " in "
              << r.passes << (descent ? " descent steps on the traces, then scored" : " passes, ")
              << (descent ? std::string() : std::to_string(r.evaluations) + " evaluations")
              << (stop.stop_requested() ? " (stopped)" : r.converged ? " (no term moved by 1 lowers E)" : " (pass limit)");
    if (polished->heldOutError) std::cerr << ", held-out E " << formatNumber(*polished->heldOutError);
    if (!polished->failures.empty())
        std::cerr << "; " << polished->failures.size() << " failed: " << polished->failures.front();
    std::cerr << "\n";
    if (auto error = ga::savePopulation(state, settings.autosave)) {
        std::cerr << "matefind-cli tune: cannot write " << settings.autosave.string() << ": " << error->message << "\n";
        return 1;
    }
    return stop.stop_requested() ? 1 : 0;
}

// True when `resumed` is a complete run (its last generation scored): --polish then polishes it
// at once, with no run before it.
bool completeRun(const std::optional<ga::RunState>& resumed, const tuning::TuningSettings& settings) {
    return resumed && ga::fullyEvaluated(resumed->population) &&
           resumed->generation + 1 >= settings.parameters.generations;
}

// What the command line asks for.
struct Arguments {
    tuning::TuningSettings settings;
    std::optional<ga::RunState> resumed;
    std::chrono::milliseconds progressEvery = kProgressLogInterval;
    bool mpi = false;
    int polishPasses = 0;  // 0: no polish
    tuning::PolishMethod polishMethod = tuning::PolishMethod::Coordinate;
};

// The generations: a new run, or the resumed one. 0 when they all finished, else the exit code.
int runGenerations(CommandLine& line, Arguments& a, std::stop_token stop) {
    tuning::TuningSettings& settings = a.settings;
    TunePrinter printer(settings.workers ? settings.workers : std::max(1u, std::thread::hardware_concurrency()),
                        a.progressEvery);
    tuning::RunController controller(
        evaluatorFactory(a.mpi, [&printer](std::size_t workers) { printer.setWorkers(workers); }), &printer);
    auto error = a.resumed ? controller.continueRun(*a.resumed, settings) : controller.start(settings);
    if (error) return line.usageError(*error);
    std::stop_callback stopRun(stop, [&controller] { controller.stop(); });
    controller.wait();
    return controller.status() == tuning::RunStatus::Finished ? 0 : 1;
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli tune [--data FILE] [--heldout-data FILE] [--polish PASSES] [--evalfit-path auto|trace|fast|uci]\n"
        "  [--retrace-every N]"
        "  [the GA, engine and run options below]   (measure evalfit, the default: Texel's error on labelled\n"
        "  positions, by default the bundled self-play data and all the bundled engine's terms)\n"
        "matefind-cli tune --suite FILE [--engine PATH] [--genome FILE] [--population N] [--generations G]\n"
        "  [--selection TYPE] [--pk P] [--pm P] [--elite E] [--max X] [--qlin Q] [--qnolin Q] [--k K]\n"
        "  [--movetime MS | --depth D | --nodes N] [--prize P] [--option NAME=VALUE]... [--engine-arg A]...\n"
        "  [--workers N] [--cache-mb N] [--seed S] [--out FILE] [--resume FILE] [--heldout FILE [--heldout-every K]] [--mpi]\n"
        "matefind-cli tune --measure games [--pairs K] [--baseline defaults|start|engine:PATH|FILE.mfpop] [--openings FILE]\n"
        "  [--heldout-pairs N [--heldout-every K]] [the GA, limit, engine and run options above]\n"
        "matefind-cli tune --optimizer spsa [--spsa-r-end R] [--spsa-scale S] | --optimizer cmaes [--cmaes-sigma F]\n"
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
                           "generation. With --resume of a complete run, --polish polishes its best at once.\n",
                           [&](const po::variables_map& values) {
                               readArguments(values, a.settings, a.resumed);
                               a.progressEvery = progressEveryOption(values);
                           });
    if (finished) return *finished;
    a.mpi = mpiRequested(line.values());
    if (line.values().count("polish")) {
        a.polishPasses = line.values()["polish"].as<int>();
        if (a.polishPasses < 1) return line.usageError("--polish must be at least 1");
        if (a.settings.measure != tuning::FitnessMeasure::Evalfit)
            return line.usageError("--polish is for --measure evalfit, not " +
                                   std::string(tuning::fitnessMeasureName(a.settings.measure)));
    }
    if (line.values().count("polish-method")) {
        const std::string name = line.values()["polish-method"].as<std::string>();
        if (name == "gradient") a.polishMethod = tuning::PolishMethod::Gradient;
        else if (name != "coordinate") return line.usageError("--polish-method: expected coordinate or gradient, got '" + name + "'");
        if (!a.polishPasses) return line.usageError("--polish-method needs --polish PASSES");
    }
    // Ctrl-C and SIGTERM stop in every phase: the limit check, the engines' start-up, the
    // generations (the file keeps the last completed one), the polish.
    Interrupt interrupt;
    if (a.polishPasses && completeRun(a.resumed, a.settings)) {
        std::cerr << "polish: the run is complete (generation " << a.resumed->generation << " is the last of "
                  << a.settings.parameters.generations << "): polishing its best\n";
        return polish(a.polishPasses, a.polishMethod, a.settings, *a.resumed, a.mpi, interrupt.token(), a.progressEvery);
    }
    if (auto refused = checkEngineLimit("tune", a.settings, line.values(), interrupt.token())) return *refused;
    if (const int code = runGenerations(line, a, interrupt.token())) return code;
    if (!a.polishPasses) return 0;
    auto state = ga::loadPopulation(a.settings.autosave);
    if (!state) {
        std::cerr << "matefind-cli tune: polish: " << state.error().message << "\n";
        return 1;
    }
    return polish(a.polishPasses, a.polishMethod, a.settings, std::move(*state), a.mpi, interrupt.token(), a.progressEvery);
}

RegisterCommand tune{"tune", "tune an engine's options with the genetic algorithm, scored by Texel's error on labelled "
                             "positions (the default), an EPD suite or game pairs", run};

}  // namespace
}  // namespace mf::cli
