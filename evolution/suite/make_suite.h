#pragma once
// `matefind-cli make-suite`: its typed options (read from the command line in app/cli) and the
// run that ties the sources, the reference engine, the filters and the writer together.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

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

// Runs everything; progress and problems go to `log`. Returns the process exit status.
int runMakeSuite(const MakeSuiteOptions& options, std::ostream& log);

}  // namespace mf::suite
