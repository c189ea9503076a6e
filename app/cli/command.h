#pragma once
// The subcommands of matefind-cli. Each lives in its own file and registers itself with a
// static RegisterCommand object, so commands are added without touching a shared list:
//
//   namespace { int run(const std::vector<std::string>& args); }
//   static mf::cli::RegisterCommand solve{"solve", "run an EPD suite on an engine", run};
//
// `args` are the arguments after the command name; the result is the exit code
// (0 success, 1 failure at run time, 2 bad usage).

#include <functional>
#include <string>
#include <vector>

namespace mf::cli {

struct Command {
    std::string name;
    std::string summary;  // one line for `matefind-cli help`
    std::function<int(const std::vector<std::string>& args)> run;
};

// All registered commands, sorted by name.
std::vector<Command> commands();
const Command* findCommand(const std::string& name);

struct RegisterCommand {
    RegisterCommand(std::string name, std::string summary, std::function<int(const std::vector<std::string>&)> run);
};

}  // namespace mf::cli
