// matefind-cli make-suite: builds an EPD suite from a PGN file, an EPD/FEN list or self-play games,
// labelled by a reference UCI engine. The command line is read in make_options/; the work is in
// mf_suite (evolution/suite/make_suite.h).
#include <iostream>

#include "app/cli/command.h"
#include "app/cli/make_options/make_suite_options.h"
#include "engine/attacks.h"

namespace mf::cli {
namespace {

int run(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            std::cout << makeSuiteUsage();
            return 0;
        }
    auto options = parseMakeSuiteArguments(args);
    if (!options) {
        std::cerr << "matefind-cli make-suite: " << options.error().message << "\n" << makeSuiteUsage();
        return 2;
    }
    attacks::init();
    return suite::runMakeSuite(*options, std::cerr);
}

}  // namespace

static RegisterCommand makeSuite{"make-suite", "build an EPD suite labelled by a reference engine", run};

}  // namespace mf::cli
