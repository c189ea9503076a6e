// matefind-cli genome --engine PATH [--option N=V]... [--engine-arg A]... [--include REGEX]
//   [--exclude REGEX] [--bits N] [--bits-for REGEX=N]... [--all-options] --out FILE
// Starts the engine once, lists its spin options and writes a genome for the chosen ones (one
// term per option: floor = min, ceiling = max, so every value the GA sends is one the engine
// accepts; bits by the option's unit, tuning/option_units.h, the rule the window's "Genome from
// engine" uses). Another engine than ours no longer needs a hand-written genome.
#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <set>
#include <string>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "app/cli/engine_options.h"
#include "engine/whole_number.h"
#include "evolution/tuning/setup/engine_genome.h"
#include "evolution/tuning/setup/option_units.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli genome --engine PATH [--option NAME=VALUE]... [--engine-arg A]... [--include REGEX]\n"
        "  [--exclude REGEX] [--bits N] [--bits-for REGEX=N]... [--all-options] --out FILE");
    options.add_options()
        ("help,h", "show this help")
        ("engine", po::value<std::string>(), "UCI engine to ask for its spin options")
        ("option", po::value<std::vector<std::string>>(), "fixed option sent after start (NAME=VALUE), as in tune")
        ("engine-arg", po::value<std::vector<std::string>>(), "command-line argument for the engine")
        ("include", po::value<std::string>(), "only options whose name matches this regular expression (ECMAScript, anywhere in the name)")
        ("exclude", po::value<std::string>(), "leave out options whose name matches this regular expression")
        ("bits", po::value<int>(), "bits per term, 1..16 (default: by the option's unit, see below)")
        ("bits-for", po::value<std::vector<std::string>>(),
         "REGEX=N: N bits for the options the regex matches, before --bits (repeatable; the first rule that matches "
         "wins), e.g. --bits-for '^Psqt\\.=11'")
        ("all-options", "also the spin options that are not evaluation terms (Hash, Threads, Move Overhead, MultiPV...)")
        ("out", po::value<std::string>(), "genome file to write (JSON, for tune --genome)");
    CommandLine line("genome", options);
    tuning::EngineSpec engine;
    tuning::GenomeChoice choice;
    if (auto finished = line.parse(
            args,
            "\nLists the chosen spin options on stderr and writes a genome with one term per option.\n"
            "Options that are not spins (check, combo, string, button) are never chosen; spins that are not\n"
            "evaluation terms (Hash, Threads, Move Overhead, MultiPV, UCI_*, Syzygy*...) only with --all-options;\n"
            "any option named Group.Name is a term. The window around each default, unless --bits-for or\n"
            "--bits say otherwise, by the option's unit:\n" + tuning::unitRulesText(),
            [&](const po::variables_map& values) {
                if (!values.count("engine")) throw std::invalid_argument("--engine PATH is required");
                if (!values.count("out")) throw std::invalid_argument("--out FILE is required");
                engine.program = values["engine"].as<std::string>();
                if (values.count("option"))
                    engine.fixedOptions = parseOptionAssignments(values["option"].as<std::vector<std::string>>());
                if (values.count("engine-arg")) engine.arguments = values["engine-arg"].as<std::vector<std::string>>();
                if (values.count("include")) choice.include = values["include"].as<std::string>();
                if (values.count("exclude")) choice.exclude = values["exclude"].as<std::string>();
                choice.allOptions = values.count("all-options") > 0;
                if (values.count("bits")) {
                    choice.bits = values["bits"].as<int>();
                    if (choice.bits < 1 || choice.bits > 16)
                        throw std::invalid_argument("--bits must be from 1 to 16, got " + std::to_string(choice.bits));
                }
                if (values.count("bits-for"))
                    for (const std::string& rule : values["bits-for"].as<std::vector<std::string>>()) {
                        const std::size_t eq = rule.rfind('=');
                        const auto bits = eq == std::string::npos ? std::nullopt : parseWholeNumber<int>(rule.substr(eq + 1));
                        if (!bits || eq == 0)
                            throw std::invalid_argument("--bits-for takes REGEX=N (N from 1 to 16), got '" + rule + "'");
                        choice.bitsFor.emplace_back(rule.substr(0, eq), *bits);
                    }
            }))
        return *finished;
    const std::string out = line.values()["out"].as<std::string>();
    auto announced = tuning::announcedOptions(engine);
    if (!announced) return line.failure(announced.error().message);
    auto genome = tuning::genomeFromEngineOptions(*announced, choice);
    if (!genome) return line.usageError(genome.error().message);
    std::set<std::string> groups;
    for (const ga::Term& t : genome->terms()) {
        std::cerr << "  " << t.option << ": default " << t.defaultValue << ", " << t.bits << " bits, window "
                  << t.low() << ".." << t.high() << (t.group.empty() ? "" : ", group " + t.group) << "\n";
        if (!t.group.empty()) groups.insert(t.group);
    }
    std::string leftOut;
    for (const uci::UciOption& o : *announced)
        if (o.type == uci::OptionType::Spin && !tuning::isTunableOption(o) && !choice.allOptions)
            leftOut += (leftOut.empty() ? "" : ", ") + o.name;
    if (!leftOut.empty())
        std::cerr << "  not evaluation terms, left out (--all-options keeps them): " << leftOut << "\n";
    if (auto error = ga::saveGenome(*genome, out)) return line.failure(error->message);
    std::cerr << "wrote " << out << ": " << genome->size() << " terms in " << groups.size()
              << " groups (an option's group is its name before the first dot), m = " << genome->length() << " bits\n";
    return 0;
}

RegisterCommand genome{"genome", "write a genome for an engine's spin options (for tune --genome)", run};

}  // namespace
}  // namespace mf::cli
