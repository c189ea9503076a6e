// matefind-cli: dispatches to the registered subcommands (command.h).
#include <iostream>
#include <map>

#include "app/cli/command.h"
#include "app/cli/mpi_mode.h"

namespace mf::cli {
namespace {

// Function-local so registration from other files' static objects is safe whatever the order.
std::map<std::string, Command>& registry() {
    static std::map<std::string, Command> commands;
    return commands;
}

}  // namespace

RegisterCommand::RegisterCommand(std::string name, std::string summary,
                                 std::function<int(const std::vector<std::string>&)> run) {
    std::string key = name;
    registry()[key] = Command{std::move(name), std::move(summary), std::move(run)};
}

std::vector<Command> commands() {
    std::vector<Command> out;
    for (const auto& [name, command] : registry()) out.push_back(command);
    return out;
}

const Command* findCommand(const std::string& name) {
    auto it = registry().find(name);
    return it == registry().end() ? nullptr : &it->second;
}

}  // namespace mf::cli

int main(int argc, char** argv) {
    using namespace mf::cli;
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        findCommand("help")->run({});
        return 2;
    }
    std::string name = args.front();
    args.erase(args.begin());
    if (name == "--help" || name == "-h") name = "help";
    const Command* command = findCommand(name);
    if (!command) {
        std::cerr << "matefind-cli: unknown command '" << name << "' (see `matefind-cli help`)\n";
        return 2;
    }
    // With --mpi, rank 0 runs the command and the other ranks serve its searches.
    return runPossiblyDistributed(argc, argv, args, [&] {
        try {
            return command->run(args);
        } catch (const std::exception& error) {
            std::cerr << "matefind-cli " << name << ": " << error.what() << "\n";
            return 1;
        }
    });
}
