#pragma once
// `matefind-cli match`'s options and the match they ask for: the two sides (engines, option
// values, population files), the limit per move, the SPRT, the adjudications and the openings.
// Only reading: the rules of a match's settings are match::validate's, shown as it words them.

#include <boost/program_options.hpp>
#include <string>

#include "evolution/match/match_runner.h"

namespace mf::cli {

struct MatchRequest {
    match::MatchConfig config;
    std::string pgnPath;  // empty: no PGN written
    bool mpi = false;     // play on the MPI worker ranks
};

void addMatchOptions(boost::program_options::options_description& options);

// Throws std::invalid_argument for a usage error (naming the option), std::runtime_error for a
// file that cannot be used (an options file, a population file, the openings).
MatchRequest matchFromOptions(const boost::program_options::variables_map& values);

}  // namespace mf::cli
