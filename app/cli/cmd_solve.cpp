// matefind-cli solve: runs an EPD suite on a UCI engine and prints, per position, the expected
// move, the move played, solved or not and the time; last the totals.
#include <boost/program_options.hpp>
#include <csignal>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <thread>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "app/cli/engine_options.h"
#include "app/cli/interrupt.h"
#include "app/cli/mpi_mode.h"
#include "app/cli/limit_check.h"
#include "engine/notation.h"
#include "evolution/uci/local_engine_pool.h"
#include "evolution/uci/suite_runner.h"
#include "evolution/tuning/common/installed_paths.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

std::string join(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
    return out;
}

std::string expectedText(const uci::SuitePosition& position) {
    std::string text = join(position.bestSan, ",");
    if (!position.avoidSan.empty()) text += (text.empty() ? "!" : " !") + join(position.avoidSan, ",!");
    return text;
}

// The move in SAN where the position allows it, else as the engine wrote it.
std::string playedText(const uci::SuitePosition& position, const std::string& move) {
    auto board = Position::fromFen(position.fen);
    if (!board) return move;
    auto parsed = parseUciMove(*board, move);
    return parsed ? toSan(*board, *parsed) : move;
}

// One position's line: id, expected, played, solved or not, time (and points).
std::string positionLine(const uci::PositionOutcome& outcome, const uci::SearchLimit& limit) {
    const auto& position = *outcome.position;
    std::ostringstream line;
    line << position.id << "\texpected " << expectedText(position);
    switch (outcome.result.status) {
        case uci::SearchStatus::Completed:
            line << "\tplayed " << playedText(position, outcome.result.bestMove) << "\t"
                 << (outcome.score.solved ? "solved" : "unsolved") << "\ttime "
                 << std::chrono::duration_cast<std::chrono::milliseconds>(outcome.result.thinkTime).count() << " ms";
            if (!position.points.empty()) line << "\tpoints " << outcome.score.points << "/" << position.maxPoints();
            if (uci::nodesLimitBreak(limit, outcome.result.nodes) != uci::LimitBreak::None)
                line << "\tnodes " << outcome.result.nodes << " (breaks the limit)";
            break;
        case uci::SearchStatus::Failed: line << "\tplayed -\tfailed: " << outcome.result.failure; break;
        case uci::SearchStatus::Cancelled: line << "\tplayed -\tcancelled"; break;
    }
    return line.str();
}

void addSolveOptions(po::options_description& options) {
    options.add_options()
        ("help,h", "show this help")
        ("suite", po::value<std::string>(), "EPD suite to solve (bm/am, STS c0 points)")
        ("engine", po::value<std::string>(), "UCI engine program (default: matefind-engine beside matefind-cli)")
        ("engine-arg", po::value<std::vector<std::string>>()->composing(),
         "command-line argument for the engine (repeatable, in order; --engine-arg=-x for one starting with '-')")
        ("workers", po::value<unsigned>(), "engine processes searching at once (default: hardware threads)")
        ("option", po::value<std::vector<std::string>>()->composing(), "engine option NAME=VALUE (repeatable)")
        ("prize", po::value<double>()->default_value(0.0), "answer-speed prize P: solved scores 1 + P*(1 - s/L)")
        ("engine-log", po::value<std::string>(), "append the engines' stderr to this file");
    addLimitOptions(options);
    addMpiOption(options);
    addLimitCheckOptions(options);
}

// The suite with its skipped lines and warnings on stderr.
uci::Suite loadReportedSuite(const std::string& path) {
    uci::Suite suite = uci::loadSuite(path);
    for (const auto& error : suite.errors) std::cerr << path << ":" << error.line << ": skipped: " << error.message << "\n";
    for (const auto& warning : suite.warnings)
        std::cerr << path << ":" << warning.line << ": warning: " << warning.message << "\n";
    return suite;
}

uci::EngineConfig engineConfigFromOptions(const po::variables_map& values) {
    uci::EngineConfig config;
    config.command.program = values.count("engine") ? std::filesystem::path(values["engine"].as<std::string>())
                                                     : tuning::bundledEngine();
    if (values.count("engine-arg")) config.command.arguments = values["engine-arg"].as<std::vector<std::string>>();
    if (values.count("engine-log")) config.command.stderrLog = values["engine-log"].as<std::string>();
    config.timeouts.searchTimeout = searchTimeoutOption(values);
    return config;
}

// The running tallies of a suite run, counted from the workers' callbacks.
struct SolveTally {
    std::atomic<int> solved{0}, failed{0};
    std::atomic<std::size_t> breaking{0}, breakingAbove{0}, completed{0};

    void add(const uci::PositionOutcome& outcome, const uci::SearchLimit& limit) {
        if (outcome.result.status == uci::SearchStatus::Completed) {
            ++completed;
            const auto broken = uci::nodesLimitBreak(limit, outcome.result.nodes);
            if (broken != uci::LimitBreak::None) ++breaking;
            if (broken == uci::LimitBreak::Above) ++breakingAbove;
        }
        if (outcome.score.solved) ++solved;
        if (outcome.result.status == uci::SearchStatus::Failed) ++failed;
    }
};

// The failures and limit breaks on stderr, then the totals' line on stdout.
void printTotals(const uci::SuiteReport& report, const uci::Suite& suite, const uci::SuiteRunSettings& settings,
                 const SolveTally& tally) {
    if (report.failed > 0)
        std::cerr << report.failed << " searches failed (engine fault after a retry) and are not scored\n";
    if (auto summary = limitBreakSummary(settings.limit, tally.breaking, tally.breakingAbove, tally.completed); !summary.empty())
        std::cerr << summary << "\n";
    std::cout << "solved " << report.solved << "/" << report.scored;
    if (suite.hasPoints()) std::cout << " points " << report.points << "/" << report.maxPoints;
    if (settings.prize.prize > 0) std::cout << " score " << std::fixed << std::setprecision(3) << report.score;
    std::cout << " failed " << report.failed;
    if (tally.breaking > 0) std::cout << " limit-breaking " << tally.breaking;
    if (report.cancelled > 0) std::cout << " cancelled " << report.cancelled;
    std::cout << std::endl;
}

int run(const std::vector<std::string>& args) {
    po::options_description options("matefind-cli solve --suite FILE [options]");
    addSolveOptions(options);
    uci::SearchLimit limit;
    uci::OptionValues engineOptions;
    uci::EngineConfig config;
    CommandLine line("solve", options);
    auto finished = line.parse(
        args,
        "\nPrints one line per position as it finishes (id, expected, played, solved, time)\nand last "
        "`solved X/Y` (with `points P/Q` for suites with c0 points) and the failed count.\n",
        [&](const po::variables_map& values) {
            if (!values.count("suite")) throw std::invalid_argument("--suite FILE is required");
            limit = searchLimit(values, 100);
            config = engineConfigFromOptions(values);
            if (values.count("option"))
                engineOptions = parseOptionAssignments(values["option"].as<std::vector<std::string>>());
            if (values["prize"].as<double>() < 0) throw std::invalid_argument("--prize must not be negative");
            if (values.count("workers") && values["workers"].as<unsigned>() == 0)
                throw std::invalid_argument("--workers must be at least 1");
        });
    if (finished) return *finished;
    const po::variables_map& values = line.values();

    const std::string suitePath = values["suite"].as<std::string>();
    if (!std::filesystem::is_regular_file(suitePath)) return line.usageError("cannot read suite '" + suitePath + "'");
    const uci::Suite suite = loadReportedSuite(suitePath);
    if (suite.positions.empty()) return line.failure("no usable position in '" + suitePath + "'");
    // Ctrl-C stops the command cleanly in every phase: the limit check and the engines' start-up
    // end at once, running searches are stopped, the engines quit, and what finished is reported.
    Interrupt stop;
    // Before any work: does the engine honour the limit? (Toga II ignores `go nodes`.)
    auto checked = runLimitCheck("solve", config, limit, engineOptions, values, stop.token());
    if (checked.exitCode) return *checked.exitCode;
    config.timeouts.knownNodesPerSecond = checked.nodesPerSecond;
    std::size_t workers = values.count("workers") ? values["workers"].as<unsigned>() : 0;
    // With --mpi the searches run on the worker ranks (`workers` engines each); lines and totals
    // are the same.
    auto pool = makeSearchService(config, workers, mpiRequested(values), stop.token());
    if (!pool) return line.failure(pool.error().message);
    if (auto invalid = (*pool)->checkOptions(engineOptions)) return line.usageError(*invalid);

    std::cerr << "solving " << suite.positions.size() << " positions of " << suitePath << " with "
              << (*pool)->engine().name << ", " << (*pool)->workers() << " workers, " << limit.describe() << "\n";
    const uci::SuiteRunSettings settings{limit, engineOptions, {values["prize"].as<double>()}};
    Progress progress("solve", suite.positions.size());
    SolveTally tally;
    auto report = uci::runSuite(**pool, suite, settings, stop.token(),
                                [&](const uci::PositionOutcome& outcome, std::size_t done, std::size_t) {
                                    // Each line as its position finishes (completion order), so
                                    // a long run can be watched or piped.
                                    progress.printLine(positionLine(outcome, limit));
                                    tally.add(outcome, limit);
                                    progress.update(done, "solved " + std::to_string(tally.solved.load()) +
                                                              " failed " + std::to_string(tally.failed.load()));
                                });
    progress.finish();
    printTotals(report, suite, settings, tally);
    return report.cancelled > 0 ? 1 : 0;
}

RegisterCommand solve{"solve", "run an EPD suite on a UCI engine and count the solved positions", run};

}  // namespace
}  // namespace mf::cli
