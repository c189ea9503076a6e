// matefind-cli export FILE: the best chromosome of a population file as UCI setoption lines on
// stdout, and with --engine-options OUT as an options file for the bundled engine.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "evolution/ga/chromosome.h"
#include "evolution/ga/population_file.h"
#include "evolution/tuning/engine_export.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

int run(const std::vector<std::string>& args) {
    po::options_description options("matefind-cli export FILE [--engine-options OUT]");
    options.add_options()
        ("help,h", "show this help")
        ("file", po::value<std::string>(), "population file")
        ("engine-options", po::value<std::string>(), "also write the bundled engine's options file here");
    po::positional_options_description positional;
    positional.add("file", 1);
    po::variables_map values;
    try {
        po::store(po::command_line_parser(args).options(options).positional(positional).run(), values);
        po::notify(values);
        if (values.count("help")) {
            std::cout << options << "\nThe best evaluated chromosome, as `setoption name X value Y` lines.\n";
            return 0;
        }
        if (!values.count("file")) throw std::invalid_argument("a population FILE is required");
    } catch (const std::exception& error) {
        std::cerr << "matefind-cli export: " << error.what() << "\n(see `matefind-cli export --help`)\n";
        return 2;
    }
    const std::string file = values["file"].as<std::string>();
    auto state = ga::loadPopulation(file);
    if (!state) {
        std::cerr << "matefind-cli export: " << state.error().message() << "\n";
        return 1;
    }
    auto best = tuning::bestMember(*state);
    if (!best) {
        std::cerr << "matefind-cli export: " << file << ": no evaluated chromosome\n";
        return 1;
    }
    const auto values_ = ga::decode(state->genome, state->population[*best].chromosome);
    std::cout << tuning::setOptionLines(state->genome, values_);
    if (values.count("engine-options")) {
        const std::string out = values["engine-options"].as<std::string>();
        std::ofstream stream(out);
        stream << tuning::engineOptionsFile(state->genome, values_,
                                            "best of generation " + std::to_string(state->generation) + " of " + file +
                                                ", fitness " + formatNumber(*state->population[*best].fitness));
        if (!stream.flush()) {
            std::cerr << "matefind-cli export: cannot write " << out << "\n";
            return 1;
        }
    }
    return 0;
}

RegisterCommand exportCommand{"export", "write the best chromosome of a population file as engine settings", run};

}  // namespace
}  // namespace mf::cli
