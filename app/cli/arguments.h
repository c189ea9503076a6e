#pragma once
// What every subcommand of matefind-cli does with its arguments before its real work: parse them
// with Boost.Program_options, answer --help, turn a usage error into one message and exit code 2,
// and load a population file or say why not. One place, so every command behaves alike:
//
//   CommandLine line("export", options);
//   line.positional("file");
//   if (auto done = line.parse(args, "\nWhat the command does...\n", [](const auto& values) { ... }))
//       return *done;
//   ... line.values() ...

#include <boost/program_options.hpp>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/ga/evolution.h"

namespace mf::cli {

class CommandLine {
public:
    // `options` should hold "help,h" (the command's usage line is its caption).
    CommandLine(std::string command, boost::program_options::options_description options);

    // Arguments without a flag fill `name` (in the order of the calls); `count` -1: all the rest.
    void positional(const char* name, int count = 1);

    // Parses `args`. Returns nullopt when the command should go on (values() is filled), or the
    // exit code when it is done: 0 after --help (options, then `helpText`), 2 after a usage error,
    // 1 after a failure. `check` runs after the parse for what the parser cannot see: throwing
    // std::logic_error (std::invalid_argument...) is a usage error, printed with a pointer to
    // --help; std::runtime_error (a file that cannot be read) is a failure, printed as it is.
    std::optional<int> parse(const std::vector<std::string>& args, std::string_view helpText,
                             const std::function<void(const boost::program_options::variables_map&)>& check = {});

    const boost::program_options::variables_map& values() const { return values_; }
    const boost::program_options::options_description& options() const { return options_; }

    // "matefind-cli COMMAND: message" on stderr; return the exit code (usage: 2, failure: 1).
    int usageError(const std::string& message) const;
    int failure(const std::string& message) const;

private:
    std::string command_;
    boost::program_options::options_description options_;
    boost::program_options::positional_options_description positional_;
    boost::program_options::variables_map values_;
};

// A check for CommandLine::parse: the positional population "file" was given.
void requirePopulationFile(const boost::program_options::variables_map& values);

// The population file, or nullopt after "matefind-cli COMMAND: <why>" on stderr.
std::optional<ga::RunState> loadPopulationOrReport(const std::string& command, const std::string& file);

}  // namespace mf::cli
