#pragma once
// `matefind-cli make-suite`: the options, their parser (testable without a process) and the run
// that ties the sources, the reference engine, the filters and the writer together.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/labeller.h"
#include "evolution/suite/self_play.h"
#include "evolution/uci/search_types.h"

namespace mf::suite {

struct MakeSuiteOptions {
    enum class Source { Pgn, Epd, SelfPlay };
    Source source = Source::SelfPlay;
    std::string sourcePath;                 // the PGN or EPD/FEN file

    std::string engine;                     // the reference engine (path or name on PATH)
    uci::OptionValues engineOptions;        // --option NAME=VALUE, sent to every engine
    int hashMb = 16;
    std::vector<std::string> playEngines;   // self-play; empty: the reference engine plays itself

    SelfPlayConfig selfPlay;
    SampleRules sample;
    LabelConfig label;
    std::vector<std::string> excludes;      // EPD files whose positions must not be used
    std::string idPrefix = "matefind";
    std::uint64_t seed = 1;
    std::size_t workers = 1;
    std::string output;
    std::string tablesDirectory;            // --tb-dir: label positions of up to 4 men from the tables

    std::vector<std::string> arguments;     // as given, for the header
};

// Parses the arguments after "make-suite". Errors name the option and the bad value.
Result<MakeSuiteOptions> parseMakeSuiteArguments(const std::vector<std::string>& args);
std::string makeSuiteUsage();

// Runs everything; progress and problems go to `log`. Returns the process exit status.
int runMakeSuite(const MakeSuiteOptions& options, std::ostream& log);

}  // namespace mf::suite
