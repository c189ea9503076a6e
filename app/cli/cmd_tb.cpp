// matefind-cli tb: the endgame tables. `generate` makes (or loads) every table into the cache
// directory and reports time and size per table; `stats NAME` prints the counts of one table;
// `probe FEN` prints `wdl=win|draw|loss dtm=N` for the side to move (N in plies, - for a draw).
#include <boost/program_options.hpp>
#include <iomanip>
#include <iostream>
#include <stdexcept>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "engine/attacks.h"
#include "engine/tb/probe.h"
#include "engine/tb/stats.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

constexpr const char* Caption = "matefind-cli tb generate | stats NAME | probe \"FEN\" [--dir D]";
constexpr const char* HelpText =
    "\n  generate     make every missing table and report time and size per table\n"
    "  stats NAME   counts of one table (NAME like KQKR): positions, classes, mates, wins, draws\n"
    "  probe FEN    wdl=win|draw|loss dtm=N for the side to move (N in plies, - for a draw)\n"
    "Tables missing from the directory are generated and written there (default: "
    "$XDG_CACHE_HOME/matefind/tb).\n";

void printEvent(const tb::TableEvent& e) {
    std::cout << std::left << std::setw(6) << e.name << (e.generated ? " generated " : " loaded    ") << std::right
              << std::fixed << std::setprecision(3) << std::setw(8) << e.seconds << " s (cpu " << std::setw(7)
              << e.cpuSeconds << " s)  " << std::setw(9) << e.bytes
              << " bytes  " << std::setw(9) << e.entries << " entries";
    if (e.generated && !e.note.empty() && e.note.find("cannot open") == std::string::npos)
        std::cout << "  (" << e.note << ")";
    std::cout << "\n";
}

int run(const std::vector<std::string>& args) {
    po::options_description options(Caption);
    options.add_options()("help,h", "show this help")(
        "dir", po::value<std::string>(), "table directory (default: $XDG_CACHE_HOME/matefind/tb)")(
        "action", po::value<std::string>(), "generate | stats | probe")("argument", po::value<std::string>(),
                                                                          "table name or FEN");
    CommandLine line("tb", options);
    line.positional("action");
    line.positional("argument");
    if (auto done = line.parse(args, HelpText, [](const po::variables_map& values) {
            if (!values.count("action")) throw std::invalid_argument("which action? generate, stats or probe");
        }))
        return *done;
    const po::variables_map& values = line.values();
    const std::string action = values["action"].as<std::string>();
    const std::string argument = values.count("argument") ? values["argument"].as<std::string>() : "";
    attacks::init();
    tb::Tablebases tables(values.count("dir") ? std::filesystem::path(values["dir"].as<std::string>())
                                              : tb::defaultCacheDirectory());

    if (action == "generate") {
        if (!argument.empty()) {
            std::cerr << "matefind-cli tb generate: unexpected argument '" << argument << "'\n";
            return 2;
        }
        std::cout << "table directory: " << tables.directory().string() << "\n";
        tables.setListener(printEvent);
        tables.requireAll();
        return 0;
    }
    if (action == "stats") {
        if (argument.empty()) {
            std::cerr << "matefind-cli tb stats: which table? (like KQKR)\n";
            return 2;
        }
        std::string error;
        const tb::Table* table = tables.require(argument, &error);
        if (!table) {
            std::cerr << "matefind-cli tb stats: " << error << "\n";
            return 2;
        }
        std::cout << tb::formatStats(tb::computeStats(*table));
        return 0;
    }
    if (action == "probe") {
        auto pos = Position::fromFen(argument);
        if (!pos) {
            std::cerr << "matefind-cli tb probe: bad FEN '" << argument << "': " << pos.error().message << "\n";
            return 2;
        }
        const auto board = tb::toTbBoard(*pos);
        if (!board) {
            std::cerr << "matefind-cli tb probe: only positions with at most 4 pieces and no castling rights\n";
            return 1;
        }
        std::string error;
        if (board->material() != 0 && !tables.require(tb::tableFor(board->material()).name, &error)) {
            std::cerr << "matefind-cli tb probe: no table for " << tb::materialName(board->material()) << ": " << error
                      << "\n";
            return 1;
        }
        const auto result = tb::probe(tables, *pos);
        if (!result) {
            std::cerr << "matefind-cli tb probe: no table covers " << tb::materialName(board->material()) << "\n";
            return 1;
        }
        const char* wdl = result->wdl == tb::Wdl::Win ? "win" : result->wdl == tb::Wdl::Loss ? "loss" : "draw";
        std::cout << "wdl=" << wdl << " dtm=";
        if (result->wdl == tb::Wdl::Draw) std::cout << "-";
        else std::cout << result->dtm;
        std::cout << "\n";
        return 0;
    }
    return line.usageError("unknown action '" + action + "'");
}

}  // namespace

static RegisterCommand tbCommand{"tb", "endgame tables: generate, stats NAME, probe FEN", run};

}  // namespace mf::cli
