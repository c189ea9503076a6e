// matefind-cli print FILE: the evaluation of every chromosome of a population file — values,
// fitness, and per position expected/played/solved/time — re-scored on the run's engine and
// suite (as saved in the file) and written to stdout.
#include <boost/program_options.hpp>
#include <iostream>

#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/evaluation_report.h"
#include "evolution/tuning/local_evaluator.h"

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
    po::positional_options_description positional;
    positional.add("file", 1);
    po::variables_map values;
    try {
        po::store(po::command_line_parser(args).options(options).positional(positional).run(), values);
        po::notify(values);
        if (values.count("help")) {
            std::cout << options << "\nEach distinct chromosome is searched again under the run's limit; with a depth or\n"
                                    "nodes limit the fitness shown equals the saved one.\n";
            return 0;
        }
        if (!values.count("file")) throw std::invalid_argument("a population FILE is required");
    } catch (const std::exception& error) {
        std::cerr << "matefind-cli print: " << error.what() << "\n(see `matefind-cli print --help`)\n";
        return 2;
    }
    const std::string file = values["file"].as<std::string>();
    auto state = ga::loadPopulation(file);
    if (!state) {
        std::cerr << "matefind-cli print: " << state.error().message() << "\n";
        return 1;
    }
    tuning::TuningSettings settings;
    if (auto error = tuning::applyExtras(*state, settings)) {
        std::cerr << "matefind-cli print: " << file << ": " << *error << "\n";
        return 1;
    }
    if (values.count("engine")) settings.engine.program = values["engine"].as<std::string>();
    if (values.count("suite")) settings.suite = values["suite"].as<std::string>();
    if (settings.suite.empty() || settings.engine.program.empty()) {
        std::cerr << "matefind-cli print: " << file << " names no suite or engine; give --suite and --engine\n";
        return 2;
    }
    const uci::Suite suite = uci::loadSuite(settings.suite.string());
    if (suite.positions.empty()) {
        std::cerr << "matefind-cli print: no usable position in " << settings.suite << "\n";
        return 1;
    }
    auto evaluator = tuning::LocalEvaluator::create(settings.engine, values.count("workers") ? values["workers"].as<unsigned>() : 0);
    if (!evaluator) {
        std::cerr << "matefind-cli print: " << evaluator.error().message << "\n";
        return 1;
    }
    const tuning::ScoringRule rule{tuning::searchLimit(state->parameters), state->parameters.prize, settings.measure};
    TuneProgress progress;
    auto evaluations = tuning::evaluatePopulation(**evaluator, suite, *state, rule, {},
                                                  [&](const tuning::EvaluationProgress& p) {
                                                      tuning::RunProgress shown;
                                                      shown.generation = state->generation;
                                                      shown.positionsDone = p.positionsDone;
                                                      shown.positionsTotal = p.positionsTotal;
                                                      progress.show(shown);
                                                  });
    progress.clear();
    std::cout << "population file " << file << "\n" << tuning::formatEvaluationReport(*state, suite, rule, evaluations);
    return 0;
}

RegisterCommand print{"print", "evaluate every chromosome of a population file, per position, to stdout", run};

}  // namespace
}  // namespace mf::cli
