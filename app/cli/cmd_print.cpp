// matefind-cli print FILE: the evaluation of every chromosome of a population file — values,
// fitness, and per position expected/played/solved/time — re-scored on the run's engine and
// suite (as saved in the file) and written to stdout.
#include <boost/program_options.hpp>
#include <iostream>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "evolution/tuning/results/evaluation_report.h"
#include "evolution/tuning/settings/fitness_plan.h"
#include "evolution/tuning/measures/evalfit/run/evalfit_fit.h"
#include "evolution/tuning/settings/fit_rule.h"
#include "evolution/tuning/run/local_evaluator.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

int run(const std::vector<std::string>& args) {
    po::options_description options("matefind-cli print FILE [--engine PATH] [--suite FILE] [--workers N]");
    options.add_options()
        ("help,h", "show this help")
        ("file", po::value<std::string>(), "population file")
        ("engine", po::value<std::string>(), "engine (default: the one saved in the file)")
        ("suite", po::value<std::string>(), "suite (default: the one saved in the file)")
        ("workers", po::value<unsigned>(), "engines searching at once (default: hardware threads)");
    CommandLine line("print", options);
    line.positional("file");
    if (auto finished = line.parse(args,
                               "\nEach distinct chromosome is searched again under the run's limit; with a depth or\n"
                               "nodes limit the fitness shown equals the saved one.\n",
                               requirePopulationFile))
        return *finished;
    const po::variables_map& values = line.values();
    const std::string file = values["file"].as<std::string>();
    auto state = loadPopulationOrReport("print", file);
    if (!state) return 1;
    tuning::TuningSettings settings;
    if (auto error = tuning::applyExtras(*state, settings)) return line.failure(file + ": " + *error);
    if (values.count("engine")) settings.engine.program = values["engine"].as<std::string>();
    if (values.count("suite")) settings.of<tuning::SuiteSettings>().suite = values["suite"].as<std::string>();
    const bool games = settings.measure == tuning::FitnessMeasure::Games;
    const bool evalfit = settings.measure == tuning::FitnessMeasure::Evalfit;
    if (settings.engine.program.empty()) return line.usageError(file + " names no engine; give --engine");
    if (!games && !evalfit && settings.of<tuning::SuiteSettings>().suite.empty()) return line.usageError(file + " names no suite; give --suite");
    if ((games || evalfit) && values.count("suite"))
        return line.usageError("--suite is for the suite measures; " + file + " was scored by " +
                               std::string(tuning::fitnessMeasureName(settings.measure)));
    // The held-out check is not printed: only the work the members were scored on is loaded (a
    // games run keeps its held-out pairs setting: it decides which openings were kept apart).
    settings.of<tuning::SuiteSettings>().heldOutSuite.clear();
    settings.of<tuning::EvalfitSettings>().heldOutData.clear();  // evalfit: the data the members were scored on, not the held-out data
    settings.workers = values.count("workers") ? values["workers"].as<unsigned>() : 0;
    // The file's K and E0 hold for its engine and data: another --engine (or a changed file) fits them again.
    if (const auto ruling = tuning::ruleOnSavedFit(settings, tuning::FitUse::NewRun); ruling.dropped)
        std::cerr << "print: " << ruling.note << "\n";
    std::vector<std::string> warnings;
    auto plan = tuning::FitnessPlan::load(settings, warnings);
    for (const auto& warning : warnings) std::cerr << "print: " << warning << "\n";
    if (!plan) return line.failure(plan.error().message);
    // The same factory a run uses: another evaluator reaches print without an edit here.
    auto evaluator = tuning::localEvaluatorFactory()(settings, {}, {});
    if (!evaluator) return line.failure(evaluator.error().message);
    // evalfit: a file without K and E0 gets them fitted as its run did, so fitness is E0 / E.
    if (auto fit = tuning::fitEvalfit(*plan, settings, **evaluator, {}, {}); fit.failure) return line.failure(*fit.failure);
    const tuning::FitnessWork& work = plan->mainWork(state->generation);
    TuneProgress progress;
    auto evaluations = tuning::evaluatePopulation(**evaluator, work, *state, {}, [&](const tuning::EvaluationProgress& p) {
        tuning::RunProgress shown;
        shown.generation = state->generation;
        shown.unit = tuning::workUnit(work);
        shown.unitsDone = p.unitsDone;
        shown.unitsTotal = p.unitsTotal;
        progress.show(shown);
    });
    progress.clear();
    std::cout << "population file " << file << "\n" << tuning::formatEvaluationReport(*state, work, evaluations);
    return 0;
}

RegisterCommand print{"print", "evaluate every chromosome of a population file, per position, to stdout", run};

}  // namespace
}  // namespace mf::cli
