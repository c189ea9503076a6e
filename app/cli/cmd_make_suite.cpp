// matefind-cli make-suite: builds an EPD suite from a PGN file, an EPD/FEN list or self-play games,
// labelled by a reference UCI engine. The work is in mf_suite (evolution/suite/make_suite.h); this
// file only plugs it into the command table.
#include <iostream>

#include "app/cli/command.h"
#include "engine/attacks.h"
#include "evolution/suite/make_suite.h"

namespace mf::cli {
namespace {

int run(const std::vector<std::string>& args) {
    for (const std::string& a : args)
        if (a == "--help" || a == "-h") {
            std::cout << suite::makeSuiteUsage();
            return 0;
        }
    auto options = suite::parseMakeSuiteArguments(args);
    if (!options) {
        std::cerr << "matefind-cli make-suite: " << options.error().message << "\n" << suite::makeSuiteUsage();
        return 2;
    }
    attacks::init();
    return suite::runMakeSuite(*options, std::cerr);
}

}  // namespace

static RegisterCommand makeSuite{"make-suite", "build an EPD suite labelled by a reference engine", run};

}  // namespace mf::cli
