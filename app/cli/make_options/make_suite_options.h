#pragma once
// make-suite's command line: its options, and their reading into the suite library's typed
// MakeSuiteOptions with every value checked (a message names the option and the bad value).
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/suite/make_suite.h"

namespace mf::cli {

// The text of `matefind-cli make-suite --help`.
std::string makeSuiteUsage();

// The arguments after "make-suite".
Result<suite::MakeSuiteOptions> parseMakeSuiteArguments(const std::vector<std::string>& args);

}  // namespace mf::cli
