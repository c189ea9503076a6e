// matefind-cli match: game pairs between two engines (or one engine with two sets of option
// values), with the Elo difference, its 95% interval, LOS and an optional SPRT; every game to PGN.
// The options are read in match_options, the summary is written in match_report; this file runs.
#include <boost/program_options.hpp>
#include <fstream>
#include <iostream>
#include <memory>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "app/cli/engine_options.h"
#include "app/cli/interrupt.h"
#include "app/cli/limit_check.h"
#include "app/cli/match_options.h"
#include "app/cli/match_report.h"
#include "evolution/match/machine_load.h"
#include "app/cli/mpi_mode.h"
#include "engine/tb/table_spec.h"
#include "engine/tb/tablebases.h"
#include "evolution/match/match_runner.h"
#include "evolution/match/pgn_writer.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

constexpr const char* kHelp =
    "\nPlays game pairs: each opening twice with colours reversed, engines reused across\n"
    "games with 'ucinewgame' before each. Games end by the rules (mate, stalemate,\n"
    "threefold repetition, fifty moves, insufficient material), by the optional\n"
    "adjudications, or by a forfeit: an illegal move, a crash, a hang or a disconnect loses\n"
    "that game (the engine is restarted), and so does a move over the clock by more than\n"
    "--time-tolerance (a draw when the opponent has only its king, as cutechess rules).\n"
    "With --tc 40/10+0.1 each side gets 10 s more after every 40 of its moves, and 'go'\n"
    "sends movestogo. Prints the Elo difference of side A with its 95% interval from the\n"
    "pentanomial distribution of pairs (and the trinomial figure), LOS, and the SPRT.\n"
    "In nodes or depth mode the same arguments give the same games for any --workers.\n";

// Before any game, as solve and tune do (limit_check.h): each side's engine must honour the
// per-move limit (Toga II ignores `go nodes`, Ethereal stops at depth 1) and announce the side's
// options with valid values (a misspelt name would forfeit every game). A clock game is probed
// with a short move time: timed searches are what every engine honours. nullopt: go on.
std::optional<int> checkSides(match::MatchConfig& config, const po::variables_map& values, std::stop_token stop) {
    const uci::SearchLimit probeLimit = config.game.limits.kind == match::GameLimits::Kind::Clock
                                            ? uci::SearchLimit::moveTime(100)
                                            : match::searchLimitFor(config.game.limits, true, 0, 0);
    for (auto [engine, side] : {std::pair{&config.engineA, &config.a}, std::pair{&config.engineB, &config.b}}) {
        auto checked = runLimitCheck("match", *engine, probeLimit, side->options, values, stop);
        if (checked.exitCode) return checked.exitCode;
        engine->timeouts.knownNodesPerSecond = checked.nodesPerSecond;
    }
    return std::nullopt;
}

// The endgame tables already generated, for --tb.
std::unique_ptr<tb::Tablebases> loadTables() {
    auto tables = std::make_unique<tb::Tablebases>(tb::defaultCacheDirectory());
    for (const auto& name : tb::standardTables()) tables->loadIfPresent(name);
    const auto loaded = tables->loadedNames();
    std::cerr << "endgame tables: " << loaded.size() << " of " << tb::standardTables().size() << " found in "
              << tables->directory().string() << (loaded.empty() ? " (run `matefind-cli tb` to generate them)" : "") << "\n";
    return tables;
}

// Plays the match, every finished pair to the PGN (in pair order) and the progress line.
match::MatchSummary play(match::MatchConfig& config, std::ofstream& pgn, bool mpi, std::stop_token stop) {
    const std::int64_t planned = config.pairs > 0 ? config.pairs : std::int64_t(config.openings.size());
    config.workers = std::min<std::size_t>(config.workers, std::size_t(planned));
    match::PgnHeader header;
    header.date = match::pgnDateToday();
    header.timeControl = config.game.limits.pgnTimeControl();
    Progress progress("match", std::size_t(planned));
    std::cerr << "match: " << config.a.name << " vs " << config.b.name << ", " << planned << " pairs from "
              << config.openings.size() << " openings, " << config.game.limits.describe() << ", " << config.workers
              << (mpi ? " workers per rank\n" : " workers\n");
    const bool clock = config.game.limits.kind == match::GameLimits::Kind::Clock;
    if (auto warning = match::clockLoadWarning(match::readMachineLoad(), config.workers, clock); warning && !mpi)
        std::cerr << "warning: " << *warning << "\n";
    auto summary = runMatch(config, [&](const match::PairResult& pair, const match::MatchSummary& s) {
        if (pgn.is_open()) {
            for (int g = 0; g < 2; ++g) {
                header.round = std::to_string(pair.index + 1) + "." + std::to_string(g + 1);
                pgn << match::writePgn(pair.games[std::size_t(g)], header);
            }
            pgn.flush();
        }
        progress.update(std::size_t(s.pairsDone), matchProgressDetail(s));
    }, stop, mpi);
    progress.finish();
    return summary;
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli match [--engine1 PATH] [--engine2 PATH] [--option1 N=V]... [--option2 N=V]...\n"
        "  [--openings FILE] [--pairs N] [--nodes N|--depth N|--movetime MS|--tc [MOVES/]BASE+INC] [--sprt elo0=0,elo1=5]\n"
        "  [--pgn OUT] [--workers N] [--seed S] [--mpi]\n"
        "matefind-cli match --population RUN.mfpop [--against defaults|FILE] [...]");
    addMatchOptions(options);
    CommandLine line("match", options);
    MatchRequest request;
    if (auto finished = line.parse(args, kHelp, [&](const po::variables_map& v) { request = matchFromOptions(v); }))
        return *finished;
    match::MatchConfig& config = request.config;

    // Ctrl-C stops the match cleanly in every phase: the limit checks and the engines' start-up
    // end at once, running games are abandoned (never scored), the engines quit, and the pairs
    // finished so far are summarised.
    Interrupt stop;
    if (auto exitCode = checkSides(config, line.values(), stop.token())) return *exitCode;
    std::unique_ptr<tb::Tablebases> tables;
    if (config.game.adjudication.tablebases) {
        tables = loadTables();
        config.game.tables = tables.get();
    }
    std::ofstream pgn;
    if (!request.pgnPath.empty()) {
        pgn.open(request.pgnPath, std::ios::out | std::ios::trunc);
        if (!pgn) return line.failure(request.pgnPath + ": cannot be written");
    }
    const match::MatchSummary summary = play(config, pgn, request.mpi, stop.token());
    if (summary.pairsDone == 0 && !summary.stopReason.empty()) return line.failure(summary.stopReason);
    printMatchSummary(std::cout, config, summary);
    if (auto note = match::timeLossNote(summary.timeLossesA + summary.timeLossesB, summary.games.games(),
                                        match::readMachineLoad()))
        std::cout << "time losses: " << *note << "\n";
    return 0;
}

RegisterCommand match{"match", "play game pairs between two engines or option sets: Elo +- 95% interval, SPRT, PGN", run};

}  // namespace
}  // namespace mf::cli
