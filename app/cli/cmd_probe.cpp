// matefind-cli probe: what a user needs to know about an engine before tuning it: its name and
// author, its spin options with their ranges, its speed, and which limit modes it honours (nodes
// asked vs nodes reported, depth reached). The window's engine dialog shows the same ProbeReport.
#include <boost/program_options.hpp>
#include <iostream>
#include <sstream>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "app/cli/engine_options.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_conformance.h"
#include "evolution/ga/genome.h"
#include "evolution/tuning/setup/carried_state_settings.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/uci/carried_state_check.h"
#include "evolution/uci/engine_probe.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

std::string kindName(uci::SearchLimit::Kind kind) { return std::string(uci::limitFlag(kind)).substr(2); }

std::string speedText(const uci::ProbeReport& report) {
    return report.nodesPerSecond ? uci::formatNodesPerSecond(*report.nodesPerSecond) : std::string("not measured");
}

// One cell of the table in docs/talking-to-engines.md: "honoured: 20000 -> 20012 nodes".
std::string tableCell(const uci::LimitProbe* probe) {
    if (!probe) return "-";
    std::ostringstream cell;
    if (probe->verdict == uci::LimitVerdict::Honoured || probe->verdict == uci::LimitVerdict::Ignored ||
        probe->verdict == uci::LimitVerdict::StopsEarly) {
        cell << (probe->verdict == uci::LimitVerdict::Honoured ? "" : "**") << uci::toString(probe->verdict)
             << (probe->verdict == uci::LimitVerdict::Honoured ? "" : "**") << ": ";
        switch (probe->limit.kind) {
            case uci::SearchLimit::Kind::Nodes:
                cell << probe->limit.value << " asked, " << probe->nodes << " reported (depth " << probe->depth << ")";
                break;
            case uci::SearchLimit::Kind::Depth:
                cell << "depth " << probe->depth << " reached, " << probe->nodes << " nodes";
                break;
            case uci::SearchLimit::Kind::MoveTime:
                cell << probe->time.count() << " ms for " << probe->limit.value << ", depth " << probe->depth;
                break;
        }
    } else {
        cell << uci::toString(probe->verdict) << ": " << probe->detail;
    }
    return cell.str();
}

void printMarkdownRow(const uci::ProbeReport& report) {
    using Kind = uci::SearchLimit::Kind;
    std::cout << "| " << report.identity.name << " | " << tableCell(report.find(Kind::Nodes)) << " | "
              << tableCell(report.find(Kind::Depth)) << " | " << tableCell(report.find(Kind::MoveTime)) << " | "
              << speedText(report) << " |\n";
}

void printExtensionCheck(const dataset::ExtensionCheck& check) {
    std::cout << "evalfit  " << check.verdict << "\n";
    if (!check.trace.empty()) std::cout << "trace    " << check.trace << "\n";
    for (const auto& fault : check.faults) std::cout << "  fault: " << fault << "\n";
}

void printReport(const uci::ProbeReport& report, const uci::ProbeSettings& settings) {
    std::cout << "engine   " << report.identity.name;
    if (!report.identity.author.empty()) std::cout << " by " << report.identity.author;
    std::cout << "\n";
    int spins = 0, others = 0;
    for (const auto& option : report.identity.options) (option.type == uci::OptionType::Spin ? spins : others)++;
    std::cout << "options  " << spins << " spin options (the ones a genome can tune), " << others << " others\n";
    for (const auto& option : report.identity.options)
        if (option.type == uci::OptionType::Spin)
            std::cout << "  " << option.name << "  default " << option.defaultValue << "  range [" << option.min << ", "
                      << option.max << "]\n";
    std::cout << "speed    " << speedText(report) << " (the longest probe search";
    std::string position = settings.fen;
    if (!settings.moves.empty()) {
        position += " moves";
        for (const auto& move : settings.moves) position += " " + move;
    }
    std::cout << ", position " << position << ")\n";
    std::cout << "limits\n";
    for (const auto& probe : report.limits) {
        std::string go = probe.limit.goCommand();
        std::cout << "  " << go << std::string(go.size() < 20 ? 20 - go.size() : 1, ' ') << uci::toString(probe.verdict)
                  << ": " << probe.detail << " (" << probe.time.count() << " ms)\n";
    }
    auto honoured = report.honouredKinds();
    if (honoured.empty()) {
        std::cout << "honours  no limit mode: MateFind cannot tune this engine\n";
        return;
    }
    std::cout << "honours ";
    for (auto kind : honoured) std::cout << " " << kindName(kind);
    std::cout << " (use ";
    for (std::size_t i = 0; i < honoured.size(); ++i) std::cout << (i ? ", " : "") << uci::limitFlag(honoured[i]);
    std::cout << " with this engine)\n";
}

// The carried-state check (carried_state_check.h) on the first `count` bundled openings.
int printCarriedStateCheck(CommandLine& line, const uci::EngineConfig& config, const std::string& genomeFile,
                           std::size_t count) {
    auto genome = ga::loadGenome(genomeFile);
    if (!genome) return line.failure(genome.error().message);
    const std::filesystem::path openings = tuning::bundledOpenings(tuning::executableDir());
    if (openings.empty()) return line.failure("--genome: the bundled openings are not installed (share/matefind/openings)");
    auto settings = tuning::carriedStateSettings(*genome, openings, count);
    if (!settings) return line.failure("--genome: " + settings.error().message);
    const uci::CarriedStateCheck check = uci::checkCarriedState(config, *settings);
    std::cout << "carried  " << uci::describeCarriedState(check, settings->depth) << "\n";
    return 0;
}

int run(const std::vector<std::string>& args) {
    po::options_description options("matefind-cli probe [--engine PATH] [--option NAME=VALUE]... [options]");
    options.add_options()
        ("help,h", "show this help")
        ("engine", po::value<std::string>(), "UCI engine program (default: matefind-engine beside matefind-cli)")
        ("engine-arg", po::value<std::vector<std::string>>()->composing(),
         "command-line argument for the engine (repeatable, in order; --engine-arg=-x for one starting with '-')")
        ("option", po::value<std::vector<std::string>>()->composing(),
         "engine option NAME=VALUE sent after start, e.g. OwnBook=false (repeatable)")
        ("nodes", po::value<std::int64_t>()->default_value(20'000), "the nodes limit probed (`go nodes N`)")
        ("depth", po::value<std::int64_t>()->default_value(6), "the depth limit probed (`go depth D`)")
        ("movetime", po::value<std::int64_t>()->default_value(200), "the time limit probed (`go movetime MS`)")
        ("markdown", "print one Markdown table row (engine | nodes | depth | movetime | speed) instead")
        ("genome", po::value<std::string>(),
         "also check whether the engine carries anything across weight changes on one process: the "
         "genome's terms at their defaults and moved half-way across their windows, on the bundled openings")
        ("carried-positions", po::value<std::size_t>()->default_value(tuning::kCarriedStatePositions),
         "with --genome: how many of the bundled openings are scored (depth 1, five times each; the file holds 250)");
    uci::EngineConfig config;
    uci::ProbeSettings settings;
    CommandLine line("probe", options);
    auto finished = line.parse(
        args,
        "\nStarts the engine, lists its spin options with their ranges, and runs one search per limit\n"
        "mode (movetime first: it measures the speed) on the start position. A mode is\n"
        "`ignored` when the engine reports more than 10x the nodes asked (or searches far deeper),\n"
        "`stops early` when it reports less than a tenth (or stops at under half the depth): judged\n"
        "from what the engine reports, never from timings. Then the evalfit extension (bulk scoring\n"
        "for evalfit, docs/protocol-evalfit.md): whether the engine has it, and if so\n"
        "whether it answers as the protocol says, and whether its `evalfit trace` (if it has one)\n"
        "reproduces its scores at the defaults and at random weights, each fault named with its\n"
        "position. With --genome, whether the engine carries anything from one weight set to the next\n"
        "on one process (caches that \"ucinewgame\" does not clear): the openings scored at depth 1 at\n"
        "the defaults and at other weights on a fresh process each, then defaults, other weights and\n"
        "defaults again on one process; an engine whose scores there are the fresh processes' may keep\n"
        "its process in a run (tune --keep-process). Exit code 0\n"
        "when the engine honours a mode and has no broken extension.\n",
        [&](const po::variables_map& values) {
            for (const char* name : {"nodes", "depth", "movetime"})
                if (values[name].as<std::int64_t>() <= 0) throw std::invalid_argument(std::string("--") + name + " must be positive");
            settings.limits = {uci::SearchLimit::moveTime(values["movetime"].as<std::int64_t>()),
                               uci::SearchLimit::nodes(values["nodes"].as<std::int64_t>()),
                               uci::SearchLimit::depth(values["depth"].as<std::int64_t>())};
            if (values.count("option"))
                config.startOptions = parseOptionAssignments(values["option"].as<std::vector<std::string>>());
        });
    if (finished) return *finished;
    const po::variables_map& values = line.values();
    config.command.program = values.count("engine") ? std::filesystem::path(values["engine"].as<std::string>())
                                                     : tuning::bundledEngine();
    if (values.count("engine-arg")) config.command.arguments = values["engine-arg"].as<std::vector<std::string>>();

    uci::ProbeReport report = uci::probeEngine(config, settings);
    if (report.startError) return line.failure(config.command.program.string() + ": " + *report.startError);
    if (values.count("markdown")) {
        printMarkdownRow(report);
        return report.honouredKinds().empty() ? 1 : 0;
    }
    printReport(report, settings);
    const dataset::ExtensionCheck extension = dataset::checkEvalfitExtension(config);
    printExtensionCheck(extension);
    const bool brokenExtension = extension.present && !extension.passed();
    if (values.count("genome"))
        if (int code = printCarriedStateCheck(line, config, values["genome"].as<std::string>(),
                                              values["carried-positions"].as<std::size_t>()))
            return code;
    return report.honouredKinds().empty() || brokenExtension ? 1 : 0;
}

RegisterCommand probe{"probe", "show an engine's options, speed and which limit modes (nodes, depth, movetime) it honours", run};

}  // namespace
}  // namespace mf::cli
