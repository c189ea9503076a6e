// matefind-cli export FILE: the best chromosome of a population file as UCI setoption lines on
// stdout, and with --engine-options OUT as an options file for the bundled engine.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>

#include "app/cli/arguments.h"
#include "app/cli/cmd_tune_options.h"
#include "app/cli/command.h"
#include "evolution/ga/chromosome.h"
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
    CommandLine line("export", options);
    line.positional("file");
    if (auto finished = line.parse(args, "\nThe best evaluated chromosome, as `setoption name X value Y` lines.\n",
                               requirePopulationFile))
        return *finished;
    const po::variables_map& values = line.values();
    const std::string file = values["file"].as<std::string>();
    auto state = loadPopulationOrReport("export", file);
    if (!state) return 1;
    auto best = tuning::bestMember(*state);
    if (!best) return line.failure(file + ": no evaluated chromosome");
    const auto values_ = ga::decode(state->genome, state->population[*best].chromosome);
    std::cout << tuning::setOptionLines(state->genome, values_);
    if (values.count("engine-options")) {
        const std::string out = values["engine-options"].as<std::string>();
        std::ofstream stream(out);
        stream << tuning::engineOptionsFile(state->genome, values_,
                                            "best of generation " + std::to_string(state->generation) + " of " + file +
                                                ", fitness " + formatNumber(*state->population[*best].fitness));
        if (!stream.flush()) return line.failure("cannot write " + out);
    }
    return 0;
}

RegisterCommand exportCommand{"export", "write the best chromosome of a population file as engine settings", run};

}  // namespace
}  // namespace mf::cli
