#include "tests/structure/documented_commands.h"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <regex>
#include <sstream>

#include "tests/structure/markdown_links.h"

namespace mf::docs {
namespace {

// One shell word with its quotes removed; `quoted` when any part of it was quoted (then a '#',
// '|' or "--" inside it is text, not syntax).
struct Word {
    std::string text;
    bool quoted = false;
};

bool isOperator(const Word& word) {
    static const std::set<std::string> operators{"|", "||", "&&", ";", "&"};
    return !word.quoted && operators.count(word.text) > 0;
}

bool isRedirection(const Word& word) {
    return !word.quoted && (word.text.rfind('>', 0) == 0 || word.text.rfind("2>", 0) == 0 || word.text == "<");
}

// The words of one logical shell line, split at blanks outside quotes.
std::vector<Word> splitWords(std::string_view line) {
    std::vector<Word> words;
    Word word;
    bool inWord = false;
    char quote = 0;
    for (const char c : line) {
        if (quote) {
            if (c == quote) quote = 0;
            else word.text += c;
        } else if (c == '\'' || c == '"') {
            quote = c;
            word.quoted = inWord = true;
        } else if (c == ' ' || c == '\t') {
            if (inWord) words.push_back(word);
            word = {};
            inWord = false;
        } else {
            word.text += c;
            inWord = true;
        }
    }
    if (inWord) words.push_back(word);
    return words;
}

// The simple commands of a logical line: a new one at each |, ||, && and ; outside brackets (a
// synopsis's "[--nodes N | --depth D]" is one command), each ending at a redirection; the line
// ends at a word that starts a comment.
std::vector<std::vector<Word>> simpleCommands(std::string_view line) {
    std::vector<std::vector<Word>> commands(1);
    int depth = 0;  // open [ and ( of a synopsis
    bool redirected = false;
    for (const Word& word : splitWords(line)) {
        if (!word.quoted && word.text.rfind('#', 0) == 0) break;
        if (isOperator(word) && depth == 0) {
            commands.emplace_back();
            redirected = false;
            continue;
        }
        if (!word.quoted) {
            depth += static_cast<int>(std::count(word.text.begin(), word.text.end(), '[') +
                                      std::count(word.text.begin(), word.text.end(), '('));
            depth -= static_cast<int>(std::count(word.text.begin(), word.text.end(), ']') +
                                      std::count(word.text.begin(), word.text.end(), ')'));
            depth = std::max(depth, 0);
        }
        if (isRedirection(word)) redirected = true;
        if (!redirected) commands.back().push_back(word);
    }
    return commands;
}

std::string baseName(const std::string& path) {
    const std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

const ProgramInterface* programNamed(const std::vector<ProgramInterface>& programs, const std::string& name) {
    for (const ProgramInterface& program : programs)
        if (program.name == name) return &program;
    return nullptr;
}

// Words that run the command after them, and what comes before a command in a shell line.
bool isLauncher(const std::string& word) {
    static const std::set<std::string> launchers{"mpirun", "mpiexec", "nice", "time", "env", "xvfb-run",
                                                 "sudo", "valgrind", "timeout", "nohup", "taskset"};
    return launchers.count(baseName(word)) > 0;
}

bool isPrefix(const Word& word) {
    static const std::regex assignment("[A-Za-z_][A-Za-z0-9_]*=.*");
    return !word.quoted && (word.text == "$" || word.text == "do" || word.text == "then" || word.text == "!" ||
                            std::regex_match(word.text, assignment));
}

// "--name" of a word that gives an option ("[--nodes", "--engine-arg=-x", "--pairs)" ...), or "".
std::string optionOf(const Word& word) {
    static const std::regex option(R"(^[\[(]*(--[A-Za-z0-9][A-Za-z0-9-]*).*)");
    std::smatch m;
    if (word.quoted || !std::regex_match(word.text, m, option)) return {};
    std::string name = m[1];
    while (!name.empty() && name.back() == '-') name.pop_back();
    return name;
}

// A word that stands for a command rather than being one: COMMAND, <command>, [options], ...
bool isPlaceholder(const std::string& word) {
    if (word.empty() || word.front() == '<' || word.front() == '[' || word.front() == '$' || word == "...") return true;
    return std::all_of(word.begin(), word.end(), [](char c) { return (c >= 'A' && c <= 'Z') || c == '_' || c == '-'; });
}

// The command and options of `words[from...]` for a program whose command comes first.
void readCommandFirst(const std::vector<Word>& words, std::size_t from, DocumentedCommand& used) {
    if (from < words.size() && optionOf(words[from]).empty()) used.command = words[from++].text;
    for (std::size_t i = from; i < words.size(); ++i)
        if (const std::string option = optionOf(words[i]); !option.empty()) used.options.push_back(option);
}

// The same for a program whose options come before its command (the engine): the command is the
// first word that is neither an option nor an option's value.
void readOptionsFirst(const std::vector<Word>& words, std::size_t from, const ProgramInterface& program,
                      DocumentedCommand& used) {
    bool commandSeen = false;
    for (std::size_t i = from; i < words.size(); ++i) {
        if (const std::string option = optionOf(words[i]); !option.empty()) {
            used.options.push_back(option);
            if (!commandSeen && program.valued.count(option) && words[i].text.find('=') == std::string::npos) ++i;
        } else if (!commandSeen) {
            used.command = words[i].text;
            commandSeen = true;
        }
    }
}

// The documented command of one simple command, if it runs one of the programs.
std::optional<DocumentedCommand> readSimpleCommand(const std::vector<Word>& words, const std::vector<ProgramInterface>& programs) {
    std::size_t i = 0;
    while (i < words.size() && isPrefix(words[i])) ++i;
    const bool launched = i < words.size() && isLauncher(words[i].text);
    if (launched)
        while (i < words.size() && !programNamed(programs, baseName(words[i].text))) ++i;
    if (i >= words.size()) return std::nullopt;
    DocumentedCommand used;
    const ProgramInterface* program = programNamed(programs, baseName(words[i].text));
    if (program && !words[i].quoted) {
        used.program = program->name;
        if (program->commandFirst) readCommandFirst(words, i + 1, used);
        else readOptionsFirst(words, i + 1, *program, used);
    } else {
        // A bare command of a command-first program ("tune --measure games"), when it shows an option.
        const ProgramInterface* owner = nullptr;
        for (const ProgramInterface& candidate : programs)
            if (candidate.commandFirst && !words[i].quoted && candidate.commands.count(words[i].text)) owner = &candidate;
        if (!owner || launched) return std::nullopt;
        used.program = owner->name;
        readCommandFirst(words, i, used);
        if (used.options.empty()) return std::nullopt;
    }
    if (!used.command.empty() && (used.command.back() == ':' || isPlaceholder(used.command))) return std::nullopt;
    return used;
}

// The logical lines of a code block: a line ending in a backslash goes on with the next, and so
// does an indented synopsis line that starts with '[' or "--".
std::vector<std::pair<int, std::string>> logicalLines(const CodeText& block) {
    std::vector<std::pair<int, std::string>> lines;
    std::istringstream in(block.text);
    bool continues = false;
    int number = block.line;
    for (std::string line; std::getline(in, line); ++number) {
        const std::size_t first = line.find_first_not_of(' ');
        const bool indentedOption = first != std::string::npos && first > 0 &&
                                    (line[first] == '[' || line.compare(first, 2, "--") == 0);
        const bool joined = !lines.empty() && (continues || indentedOption);
        continues = !line.empty() && line.back() == '\\';
        if (continues) line.pop_back();
        if (joined) lines.back().second += " " + line;
        else lines.emplace_back(number, line);
    }
    return lines;
}

std::string run(const std::string& commandLine) {
    std::string output;
    if (FILE* pipe = ::popen((commandLine + " 2>&1").c_str(), "r")) {
        char buffer[4096];
        for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) output.append(buffer, n);
        ::pclose(pipe);
    }
    return output;
}

std::string quotedPath(const std::filesystem::path& path) {
    std::string quoted(1, '\'');  // built in steps: GCC 12 warns wrongly (-Wrestrict) on "'" + s + "'"
    quoted.append(path.string()).push_back('\'');
    return quoted;
}

}  // namespace

std::vector<std::string> commandsInList(std::string_view helpList) {
    static const std::regex entry(R"(^  ([a-z][a-z0-9-]*)  +\S.*)");
    std::vector<std::string> commands;
    std::istringstream in{std::string(helpList)};
    bool inList = false;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("commands:", 0) == 0) inList = true;
        else if (!line.empty() && line.front() != ' ') inList = false;
        std::smatch m;
        if (inList && std::regex_match(line, m, entry)) commands.push_back(m[1]);
    }
    return commands;
}

std::set<std::string> optionsInHelp(std::string_view help, std::string_view program, std::string_view command) {
    static const std::regex tableLine(R"(^  (?:-[A-Za-z] \[ )?(--[A-Za-z0-9][A-Za-z0-9-]*).*)");
    static const std::regex anyOption(R"(--[A-Za-z0-9][A-Za-z0-9-]*)");
    const std::string usage = std::string(program) + " " + std::string(command);
    std::set<std::string> options;
    std::istringstream in{std::string(help)};
    for (std::string line; std::getline(in, line);) {
        std::smatch m;
        if (std::regex_match(line, m, tableLine)) options.insert(m[1]);
        if (line.rfind(usage, 0) == 0 || line.rfind("usage: " + usage, 0) == 0)
            for (std::sregex_iterator it(line.begin(), line.end(), anyOption), end; it != end; ++it)
                options.insert(it->str());
    }
    return options;
}

ProgramInterface interfaceFromUsage(std::string_view usage, const std::string& program) {
    ProgramInterface interface{program, {}, false, {}};
    std::istringstream in{std::string(usage)};
    for (std::string line; std::getline(in, line);) {
        const std::size_t at = line.find(program + " ");
        if (at == std::string::npos) continue;
        const std::vector<Word> words = splitWords(line.substr(at + program.size() + 1));
        std::string command;
        std::set<std::string> options;
        for (std::size_t i = 0; i < words.size(); ++i) {
            const std::string& text = words[i].text;
            if (const std::string option = optionOf(words[i]); !option.empty()) {
                options.insert(option);
                if (i + 1 < words.size() && isPlaceholder(words[i + 1].text.substr(0, words[i + 1].text.find(']')))) {
                    interface.valued.insert(option);
                    ++i;
                }
            } else if (text.front() == '(') {
                break;  // a remark: "(UCI on stdin/stdout)"
            } else if (text.front() != '[' && text.front() != '<') {
                command = text;
                break;
            }
        }
        interface.commands[command].insert(options.begin(), options.end());
    }
    return interface;
}

ProgramInterface askCli(const std::filesystem::path& cli) {
    ProgramInterface interface{"matefind-cli", {}, true, {}};
    for (const std::string& command : commandsInList(run(quotedPath(cli) + " help"))) {
        // `help --help` prints the overview page; the help command's own usage names its options.
        const std::string help = command == "help" ? run(quotedPath(cli) + " help one two")
                                                   : run(quotedPath(cli) + " " + command + " --help");
        interface.commands[command] = optionsInHelp(help, "matefind-cli", command);
    }
    interface.commands[""] = optionsInHelp(run(quotedPath(cli) + " --help"), "matefind-cli", "");
    interface.commands[""].insert("--help");
    return interface;
}

ProgramInterface askEngine(const std::filesystem::path& engine) {
    const std::string usage = run(quotedPath(engine) + " --help");
    if (usage.find("usage:") == std::string::npos) return {"matefind-engine", {}, false, {}};
    return interfaceFromUsage(usage, "matefind-engine");
}

std::vector<DocumentedCommand> documentedCommands(std::string_view markdown, const std::vector<ProgramInterface>& programs) {
    std::vector<DocumentedCommand> found;
    for (const CodeText& code : readCode(markdown)) {
        const auto lines = code.block ? logicalLines(code) : std::vector<std::pair<int, std::string>>{{code.line, code.text}};
        for (const auto& [number, line] : lines)
            for (const std::vector<Word>& words : simpleCommands(line))
                if (auto used = readSimpleCommand(words, programs)) {
                    used->line = number;
                    used->text = line;
                    found.push_back(std::move(*used));
                }
    }
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.line < b.line; });
    return found;
}

std::vector<std::string> problemsOf(const DocumentedCommand& used, const std::vector<ProgramInterface>& programs) {
    const ProgramInterface* program = programNamed(programs, used.program);
    if (!program) return {"no program " + used.program};
    const auto command = program->commands.find(used.command);
    if (command == program->commands.end())
        return {used.program + " has no command '" + used.command + "'"};
    std::vector<std::string> problems;
    const std::string who = used.program + (used.command.empty() ? "" : " " + used.command);
    for (const std::string& option : used.options)
        if (!command->second.count(option)) problems.push_back(who + " has no option " + option);
    return problems;
}

}  // namespace mf::docs
