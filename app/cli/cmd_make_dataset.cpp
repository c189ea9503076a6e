// matefind-cli make-dataset: labelled positions (EPD with c9 results) for the evalfit fitness.
// The command line is read in make_options/; the work is in mf_dataset
// (evolution/dataset/make_dataset.h). This file fills in the bundled engine when no --engine is given
// and, with --mpi, has the games played on the worker ranks of the MPI job (mpi_mode.h).
#include <iostream>

#include "app/cli/command.h"
#include "app/cli/interrupt.h"
#include "app/cli/make_options/make_dataset_options.h"
#include "app/cli/mpi_mode.h"
#include "engine/attacks.h"
#include "evolution/dataset/make_dataset.h"
#include "evolution/tuning/common/installed_paths.h"

namespace mf::cli {
namespace {

int run(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            std::cout << makeDatasetUsage();
            return 0;
        }
    auto options = parseMakeDatasetArguments(args);
    if (!options) {
        std::cerr << "matefind-cli make-dataset: " << options.error().message << "\n" << makeDatasetUsage();
        return 2;
    }
    if (options->source == dataset::MakeDatasetOptions::Source::SelfPlay && options->engine.empty())
        options->engine = tuning::bundledEngine(tuning::executableDir()).string();
    attacks::init();
    // Ctrl-C or SIGTERM ends the games in play; the ended games' positions are still written.
    // With --mpi (under mpirun; main.cpp started the worker ranks) the games are played there.
    Interrupt interrupt;
    return dataset::runMakeDataset(*options, std::cerr, interrupt.token(), selfPlayVenue(options->mpi));
}

}  // namespace

static RegisterCommand makeDataset{"make-dataset", "write positions labelled by game result (for --measure evalfit)", run};

}  // namespace mf::cli
