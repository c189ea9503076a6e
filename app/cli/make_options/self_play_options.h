#pragma once
// The options of the self-play games that make-dataset and make-suite both play (--games,
// --random-plies, --opening-window, --max-game-plies): one help text and one range each, so the
// two commands cannot drift apart. Each command adds what is its own (the dataset's adjudication,
// the suite's playing engines and nodes).

#include <string>

#include <boost/program_options.hpp>

#include "evolution/suite/self_play.h"

namespace mf::cli {

// The four options, their defaults those of `defaults` (each command's own game count); `gamesHelp`
// says what --games counts for the command.
void addSelfPlayGameOptions(boost::program_options::options_description& options, const suite::SelfPlayConfig& defaults,
                            const std::string& gamesHelp);

// Reads the four into `games` where given; a value outside its range throws std::invalid_argument
// naming the option.
void readSelfPlayGames(const boost::program_options::variables_map& values, suite::SelfPlayConfig& games);

}  // namespace mf::cli
