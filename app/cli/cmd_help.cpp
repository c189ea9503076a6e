// matefind-cli help [--man] [COMMAND]: the list of commands, or one command's manual. The manual
// is the command's page in docs/commands/ (compiled in, app/cli/manual/manual_pages.h) with the
// command's own option list (what `COMMAND --help` prints) under its Options section, so the
// options shown can never drift from the options parsed. `--man` writes the same page as a man
// page; the build makes the installed man pages with it.
#include <algorithm>
#include <iostream>
#include <sstream>

#include "app/cli/command.h"
#include "app/cli/manual/manual_markdown.h"
#include "app/cli/manual/manual_pages.h"

#ifndef MATEFIND_VERSION
#define MATEFIND_VERSION "unknown"
#endif

namespace mf::cli {
namespace {

using manual::overviewPageName;

constexpr std::string_view overviewSummary = "tune chess engines' evaluation weights with a genetic algorithm";

// What `COMMAND --help` prints, captured from standard output.
std::string optionListOf(const Command& command) {
    std::ostringstream captured;
    struct Restore {
        std::streambuf* previous;
        ~Restore() { std::cout.rdbuf(previous); }
    } restore{std::cout.rdbuf(captured.rdbuf())};
    command.run({"--help"});
    return captured.str();
}

// The overview page's Commands section ends with one item per registered command.
std::vector<manual::Block> commandItems() {
    std::vector<manual::Block> items;
    for (const auto& command : commands())
        items.push_back({manual::Block::Kind::Bullet, "**" + command.name + "**: " + command.summary, {}, 0});
    return items;
}

int listCommands() {
    std::cout << "usage: matefind-cli <command> [options]\n\ncommands:\n";
    std::size_t width = 0;
    for (const auto& command : commands()) width = std::max(width, command.name.size());
    for (const auto& command : commands())
        std::cout << "  " << command.name << std::string(width - command.name.size() + 2, ' ') << command.summary << "\n";
    std::cout << "\n`matefind-cli help <command>` shows a command's manual (`man matefind-cli-<command>` once\n"
                 "installed); `matefind-cli <command> --help` its options alone.\n";
    return 0;
}

// The manual of `name` (a command, or the overview for "help" and "matefind-cli"), as text or roff.
int showManual(const std::string& name, bool roff) {
    const bool overview = name == overviewPageName || name == "help";
    const Command* command = overview ? nullptr : findCommand(name);
    if (!overview && !command) {
        std::cerr << "matefind-cli help: no command '" << name << "' (see `matefind-cli help`)\n";
        return 2;
    }
    const manual::ManualPage* page = manual::findManualPage(overview ? overviewPageName : std::string_view(name));
    const std::string summary = overview ? std::string(overviewSummary) : command->summary;
    const std::string options = overview ? std::string() : optionListOf(*command);
    const manual::Insertion insertion{"Options", options};
    if (!page) {  // a command added without its page: say so, and still show what is known
        if (roff) {
            std::cerr << "matefind-cli help: no manual page for '" << name << "' (docs/commands/" << name << ".md)\n";
            return 1;
        }
        std::cout << "matefind-cli " << name << " - " << summary << "\n\n(no manual page yet: docs/commands/"
                  << name << ".md)\n\n" << options;
        return 0;
    }
    auto blocks = manual::parsePage(page->markdown);
    if (overview) manual::appendToSection(blocks, "Commands", commandItems());
    if (roff) {
        const std::string pageName = overview ? std::string(overviewPageName) : "matefind-cli-" + name;
        std::cout << manual::renderRoff(blocks, pageName, summary, insertion, MATEFIND_VERSION);
    } else {
        std::cout << manual::renderText(blocks, summary, insertion);
    }
    return 0;
}

int help(const std::vector<std::string>& args) {
    bool roff = false;
    std::vector<std::string> names;
    for (const std::string& arg : args) {
        if (arg == "--man") roff = true;
        else if (arg == "--help" || arg == "-h") names.push_back("help");
        else names.push_back(arg);
    }
    if (names.size() > 1) {
        std::cerr << "matefind-cli help: one command at a time (usage: matefind-cli help [--man] [COMMAND])\n";
        return 2;
    }
    if (names.empty()) return roff ? showManual(std::string(overviewPageName), true) : listCommands();
    return showManual(names.front(), roff);
}

RegisterCommand helpCommand{"help", "list the commands, or show one command's manual (--man: as a man page)", help};

}  // namespace
}  // namespace mf::cli
