#pragma once
// The command lines the documentation shows, checked against the programs themselves: every
// `matefind-cli` and `matefind-engine` line of README.md and the manual (fenced code blocks and
// inline code) must name a command the program has and only options that command parses. No list
// of options is kept here: the programs are asked (`matefind-cli help` lists the commands,
// `matefind-cli COMMAND --help` prints the command's option table from the code,
// `matefind-engine --help` its usage), so a renamed or removed option fails the page that still
// shows it.
//
// What counts as a command line: a shell line (continued over a trailing backslash, or a synopsis's
// indented "[--option ...]" line) whose command is one of the programs, also after a prompt "$ ",
// variable assignments or a launcher (mpirun, nice, time, xvfb-run ...); and a line or code span
// that starts with a command of matefind-cli and shows one of its options ("tune --measure games").
// Output shown in a block ("matefind-cli solve: Toga II ... ignores ...") and generic forms
// ("matefind-cli COMMAND --help", "<command>") name no command and are left alone.

#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace mf::docs {

// A program's command line as its own help gives it.
struct ProgramInterface {
    std::string name;                                       // matefind-cli, matefind-engine
    std::map<std::string, std::set<std::string>> commands;  // command -> its options ("--seed"); "" = no command
    bool commandFirst = true;   // matefind-cli COMMAND [options]; false: matefind-engine [--options FILE] [COMMAND]
    std::set<std::string> valued;  // with commandFirst false: the options that take the next word as their value
};

// The commands `matefind-cli help` lists (lines "  NAME   what it does" under "commands:").
std::vector<std::string> commandsInList(std::string_view helpList);

// The options one command's help names: its option table (lines "  --name ..." or "  -h [ --help ]")
// and the options of its usage lines ("PROGRAM COMMAND ..." or "usage: PROGRAM COMMAND ..." at the
// start of a line).
std::set<std::string> optionsInHelp(std::string_view help, std::string_view program, std::string_view command);

// matefind-engine's usage text ("usage: matefind-engine [--options FILE] bench [depth]" ...) as an
// interface: each line a command (or none) with the options shown on it.
ProgramInterface interfaceFromUsage(std::string_view usage, const std::string& program);

// The interfaces of the built programs, asked through their help (a program that cannot be run
// gives an interface without commands).
ProgramInterface askCli(const std::filesystem::path& cli);
ProgramInterface askEngine(const std::filesystem::path& engine);

struct DocumentedCommand {
    int line = 0;             // 1-based line of the markdown where it starts
    std::string text;         // the command line as written (continuations joined)
    std::string program;      // the program it runs
    std::string command;      // its command ("" for none)
    std::vector<std::string> options;  // every option it gives, "--name" (values and "=..." left out)
};

// The command lines of one markdown text for the given programs.
std::vector<DocumentedCommand> documentedCommands(std::string_view markdown, const std::vector<ProgramInterface>& programs);

// What is wrong with a documented command (an unknown command, each unknown option); empty when nothing.
std::vector<std::string> problemsOf(const DocumentedCommand& used, const std::vector<ProgramInterface>& programs);

}  // namespace mf::docs
