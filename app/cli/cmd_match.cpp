// matefind-cli match: game pairs between two engines (or one engine with two sets of option
// values), with the Elo difference, its 95% interval, LOS and an optional SPRT; every game to PGN.
#include <boost/program_options.hpp>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <thread>

#include "app/cli/arguments.h"
#include "app/cli/command.h"
#include "app/cli/engine_options.h"
#include "app/cli/interrupt.h"
#include "app/cli/limit_check.h"
#include "app/cli/mpi_mode.h"
#include "engine/tb/table_spec.h"
#include "engine/tb/tablebases.h"
#include "engine/text.h"
#include "evolution/ga/genome.h"
#include "evolution/match/match_runner.h"
#include "evolution/match/openings.h"
#include "evolution/match/pgn_writer.h"
#include "evolution/tuning/engine_export.h"
#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/tuning/installed_paths.h"
#include "evolution/tuning/match_sides.h"
#include "evolution/tuning/tuning_settings.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

// "key=value,key=value" into a map; throws naming the option and the bad part.
std::map<std::string, double> keyValues(const std::string& flag, const std::string& text,
                                        const std::vector<std::string>& allowed) {
    std::map<std::string, double> out;
    std::istringstream parts(text);
    for (std::string part; std::getline(parts, part, ',');) {
        const auto equals = part.find('=');
        const std::string key = part.substr(0, equals);
        if (equals == std::string::npos || std::find(allowed.begin(), allowed.end(), key) == allowed.end())
            throw std::invalid_argument(flag + " '" + text + "': expected KEY=VALUE with KEY one of " + [&] {
                std::string list;
                for (const auto& a : allowed) list += (list.empty() ? "" : ", ") + a;
                return list;
            }());
        try {
            std::size_t used = 0;
            out[key] = std::stod(part.substr(equals + 1), &used);
            if (used != part.size() - equals - 1) throw std::invalid_argument("trailing text");
        } catch (const std::exception&) {
            throw std::invalid_argument(flag + " '" + text + "': '" + part.substr(equals + 1) + "' is not a number");
        }
    }
    return out;
}

// "10+0.1" (seconds) into a clock.
match::GameLimits parseTimeControl(const std::string& text) {
    const auto plus = text.find('+');
    try {
        std::size_t used = 0;
        const std::string base = text.substr(0, plus);
        const double baseS = std::stod(base, &used);
        if (used != base.size()) throw std::invalid_argument("base");
        double incS = 0;
        if (plus != std::string::npos) {
            const std::string inc = text.substr(plus + 1);
            incS = std::stod(inc, &used);
            if (used != inc.size()) throw std::invalid_argument("inc");
        }
        if (baseS <= 0 || incS < 0) throw std::invalid_argument("range");
        return match::GameLimits::clock(std::int64_t(baseS * 1000 + 0.5), std::int64_t(incS * 1000 + 0.5));
    } catch (const std::exception&) {
        throw std::invalid_argument("--tc '" + text + "': expected BASE+INCREMENT in seconds, e.g. 10+0.1");
    }
}

// An options file ("Name = Value" or "setoption name N value V" a line, '#' comments) as values.
uci::OptionValues readOptionsFile(const std::string& path) {
    std::ifstream in(path);
    if (!in) throw std::runtime_error(path + ": cannot be read");
    uci::OptionValues values;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        std::string text(trim(line));
        if (text.empty() || text.front() == '#') continue;
        if (text.rfind("setoption name ", 0) == 0) {
            const auto value = text.find(" value ");
            if (value == std::string::npos)
                throw std::runtime_error(path + ":" + std::to_string(number) + ": 'setoption' without ' value '");
            values.emplace_back(std::string(trim(text.substr(15, value - 15))), std::string(trim(text.substr(value + 7))));
            continue;
        }
        const auto equals = text.find('=');
        if (equals == std::string::npos || equals == 0)
            throw std::runtime_error(path + ":" + std::to_string(number) + ": expected 'Name = Value', found '" + text + "'");
        values.emplace_back(std::string(trim(text.substr(0, equals))), std::string(trim(text.substr(equals + 1))));
    }
    return values;
}

using SideSetup = tuning::MatchSide;

// The best member of a population file as a side, with the engine the run used.
SideSetup bestOfPopulation(const std::string& path, const std::string& label) {
    tuning::EngineSpec fallback;
    fallback.program = bundledEnginePath();
    auto side = tuning::bestOfPopulationFile(path, fallback, label);
    if (!side) throw std::runtime_error(side.error().message);
    return std::move(*side);
}

std::string percent(double fraction) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.1f%%", 100 * fraction);
    return buffer;
}

std::string fixed(double value, int decimals) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string progressDetail(const match::MatchSummary& s) {
    std::string text = "Elo " + match::formatElo(s.elo) + " W-D-L " + std::to_string(s.games.wins) + "-" +
                       std::to_string(s.games.draws) + "-" + std::to_string(s.games.losses);
    if (s.sprt) text += " LLR " + fixed(s.sprt->llr, 2) + " [" + fixed(s.sprt->lower, 2) + ", " + fixed(s.sprt->upper, 2) + "]";
    return text;
}

void printSummary(std::ostream& out, const match::MatchConfig& config, const match::MatchSummary& s) {
    out << "match: " << config.a.name << " vs " << config.b.name << ", " << config.game.limits.describe() << ", "
        << config.workers << " workers\n";
    out << "pairs: " << s.pairsDone << " of " << s.pairsPlanned << " (" << s.games.games() << " games)";
    if (!s.stopReason.empty()) out << ", stopped: " << s.stopReason;
    out << "\n";
    out << "games: +" << s.games.wins << " =" << s.games.draws << " -" << s.games.losses << " for " << config.a.name
        << ", score " << percent(s.elo.score) << "\n";
    out << "pentanomial [0, 1/2, 1, 3/2, 2 points per pair]: " << s.pairs.counts[0] << " " << s.pairs.counts[1] << " "
        << s.pairs.counts[2] << " " << s.pairs.counts[3] << " " << s.pairs.counts[4] << "\n";
    out << "Elo (pentanomial, 95%): " << match::formatElo(s.elo) << "  [" << fixed(s.elo.low, 1) << ", "
        << fixed(s.elo.high, 1) << "]  LOS " << percent(s.elo.los) << "\n";
    out << "Elo (trinomial, 95%):   " << match::formatElo(s.trinomialElo) << "  [" << fixed(s.trinomialElo.low, 1)
        << ", " << fixed(s.trinomialElo.high, 1) << "]\n";
    if (s.sprt && config.sprt)
        out << "SPRT (elo0 " << config.sprt->elo0 << ", elo1 " << config.sprt->elo1 << ", alpha " << config.sprt->alpha
            << ", beta " << config.sprt->beta << "): LLR " << fixed(s.sprt->llr, 2) << " bounds [" << fixed(s.sprt->lower, 2)
            << ", " << fixed(s.sprt->upper, 2) << "], " << match::decisionName(s.sprt->decision) << "\n";
    out << "endings:";
    for (const auto& [name, count] : s.endings) out << " " << name << " " << count << ";";
    out << "\n";
    out << "forfeits: " << config.a.name << " " << s.forfeitsA << ", " << config.b.name << " " << s.forfeitsB
        << "; engine restarts " << s.restarts << "\n";
    for (const auto& skipped : s.skipped) out << "not scored: " << skipped << "\n";
    const double efficiency = s.wallSeconds > 0 ? std::chrono::duration<double>(s.thinkTime).count() / (s.wallSeconds * double(config.workers)) : 0;
    out << "time: " << fixed(s.wallSeconds, 1) << " s wall, " << fixed(double(s.games.games()) * 60.0 / std::max(1e-9, s.wallSeconds), 1)
        << " games/min, engine think time / (wall x workers) " << fixed(efficiency, 3) << "\n";
}

int run(const std::vector<std::string>& args) {
    po::options_description options(
        "matefind-cli match [--engine1 PATH] [--engine2 PATH] [--option1 N=V]... [--option2 N=V]...\n"
        "  [--openings FILE] [--pairs N] [--nodes N|--depth N|--movetime MS|--tc BASE+INC] [--sprt elo0=0,elo1=5]\n"
        "  [--pgn OUT] [--workers N] [--seed S] [--mpi]\n"
        "matefind-cli match --population RUN.mfpop [--against defaults|FILE] [...]");
    options.add_options()
        ("help,h", "show this help")
        ("engine1", po::value<std::string>(), "side A's engine (default: the bundled matefind-engine)")
        ("engine2", po::value<std::string>(), "side B's engine (default: the bundled matefind-engine)")
        ("engine1-arg", po::value<std::vector<std::string>>()->composing(), "command-line argument for engine 1 (repeatable)")
        ("engine2-arg", po::value<std::vector<std::string>>()->composing(), "command-line argument for engine 2 (repeatable)")
        ("option1", po::value<std::vector<std::string>>()->composing(), "NAME=VALUE for side A (repeatable)")
        ("option2", po::value<std::vector<std::string>>()->composing(), "NAME=VALUE for side B (repeatable)")
        ("options1", po::value<std::string>(), "options file for side A ('Name = Value' lines, as `export --engine-options` writes)")
        ("options2", po::value<std::string>(), "options file for side B")
        ("name1", po::value<std::string>(), "side A's name in the PGN and the summary")
        ("name2", po::value<std::string>(), "side B's name")
        ("population", po::value<std::string>(), "side A is this population file's best chromosome (its engine and fixed options)")
        ("against", po::value<std::string>(), "with --population, side B: 'defaults' (the same engine without values; the default) or another population file's best")
        ("openings", po::value<std::string>(), "EPD/FEN file (one position a line) or PGN (main lines to --plies); default: the bundled openings")
        ("plies", po::value<int>()->default_value(8), "with a PGN openings file: plies of each main line to play")
        ("shuffle", "take the openings in an order drawn from --seed (default: file order)")
        ("pairs", po::value<std::int64_t>(), "game pairs to play (default: one per opening)")
        ("nodes", po::value<std::int64_t>(), "N nodes per move (the default: 5000)")
        ("depth", po::value<std::int64_t>(), "search each move to N plies")
        ("movetime", po::value<std::int64_t>(), "MS milliseconds per move")
        ("tc", po::value<std::string>(), "a clock: BASE+INC seconds, e.g. 10+0.1")
        ("time-tolerance", po::value<std::int64_t>()->default_value(50), "with --tc: ms a move may overrun the clock before it loses on time")
        ("sprt", po::value<std::string>(), "elo0=E0,elo1=E1[,alpha=A,beta=B]: stop when the SPRT decides (alpha, beta default 0.05)")
        ("draw", po::value<std::string>(), "draw adjudication: movenumber=M,movecount=N,score=CP (|score| <= CP for N moves of each side after move M)")
        ("resign", po::value<std::string>(), "win adjudication: movecount=N,score=CP (both engines agree for N moves each)")
        ("tb", "adjudicate positions of up to 4 men with MateFind's endgame tables (those already generated)")
        ("max-plies", po::value<int>()->default_value(0), "a game still running after this many plies is a draw (0: no limit)")
        ("pgn", po::value<std::string>(), "write every game to this PGN file (in pair order)")
        ("workers", po::value<unsigned>(), "game pairs played at once (default: hardware threads); two engine processes each")
        ("seed", po::value<std::uint64_t>()->default_value(1), "seed of the openings' order (--shuffle)");
    addMpiOption(options);
    addLimitCheckOptions(options);
    CommandLine line("match", options);
    match::MatchConfig config;
    std::string pgnPath;
    bool mpi = false;
    auto finished = line.parse(args,
        "\nPlays game pairs: each opening twice with colours reversed, engines reused across\n"
        "games with 'ucinewgame' before each. Games end by the rules (mate, stalemate,\n"
        "threefold repetition, fifty moves, insufficient material), by the optional\n"
        "adjudications, or by a forfeit: an illegal move, a crash, a hang or a disconnect loses\n"
        "that game (the engine is restarted), and so does a move over the clock by more than\n"
        "--time-tolerance. Prints the Elo difference of side A with its 95% interval from the\n"
        "pentanomial distribution of pairs (and the trinomial figure), LOS, and the SPRT.\n"
        "In nodes or depth mode the same arguments give the same games for any --workers.\n",
        [&](const po::variables_map& v) {
            SideSetup a, b;
            a.engine.command.program = v.count("engine1") ? std::filesystem::path(v["engine1"].as<std::string>()) : bundledEnginePath();
            b.engine.command.program = v.count("engine2") ? std::filesystem::path(v["engine2"].as<std::string>()) : bundledEnginePath();
            if (v.count("population")) {
                if (v.count("engine1") || v.count("option1") || v.count("options1"))
                    throw std::invalid_argument("--population gives side A; leave out --engine1/--option1/--options1");
                a = bestOfPopulation(v["population"].as<std::string>(), "A");
                const std::string against = v.count("against") ? v["against"].as<std::string>() : "defaults";
                if (against == "defaults") {
                    if (!v.count("engine2")) {
                        b.engine = a.engine;
                        b.side.options.clear();
                    }
                    b.side.name = "defaults (" + b.engine.command.program.filename().string() + ")";
                } else {
                    b = bestOfPopulation(against, "B");
                }
            } else if (v.count("against")) {
                throw std::invalid_argument("--against needs --population");
            }
            if (v.count("engine1-arg")) a.engine.command.arguments = v["engine1-arg"].as<std::vector<std::string>>();
            if (v.count("engine2-arg")) b.engine.command.arguments = v["engine2-arg"].as<std::vector<std::string>>();
            if (v.count("options1")) a.side.options = readOptionsFile(v["options1"].as<std::string>());
            if (v.count("options2")) b.side.options = readOptionsFile(v["options2"].as<std::string>());
            auto more = [&](const char* flag, uci::OptionValues& into) {
                if (!v.count(flag)) return;
                for (auto& value : parseOptionAssignments(v[flag].as<std::vector<std::string>>())) into.push_back(value);
            };
            more("option1", a.side.options);
            more("option2", b.side.options);
            if (a.side.name.empty()) a.side.name = tuning::describeSide(a);
            if (b.side.name.empty()) b.side.name = tuning::describeSide(b);
            if (v.count("name1")) a.side.name = v["name1"].as<std::string>();
            if (v.count("name2")) b.side.name = v["name2"].as<std::string>();
            tuning::distinguishNames(a.side, b.side);
            // The runner sends "ucinewgame" before each game itself.
            a.engine.newGame = uci::NewGamePolicy::Never;
            b.engine.newGame = uci::NewGamePolicy::Never;
            config.a = a.side;
            config.b = b.side;
            config.engineA = a.engine;
            config.engineB = b.engine;
            config.engineA.timeouts.searchTimeout = config.engineB.timeouts.searchTimeout = searchTimeoutOption(v);

            int limits = int(v.count("nodes") + v.count("depth") + v.count("movetime") + v.count("tc"));
            if (limits > 1) throw std::invalid_argument("give at most one of --nodes, --depth, --movetime, --tc");
            auto positive = [&](const char* flag) {
                const auto value = v[flag].as<std::int64_t>();
                if (value <= 0) throw std::invalid_argument(std::string("--") + flag + " must be positive");
                return value;
            };
            config.game.limits = match::GameLimits::nodes(5000);
            if (v.count("nodes")) config.game.limits = match::GameLimits::nodes(positive("nodes"));
            if (v.count("depth")) config.game.limits = match::GameLimits::depth(positive("depth"));
            if (v.count("movetime")) config.game.limits = match::GameLimits::moveTime(positive("movetime"));
            if (v.count("tc")) config.game.limits = parseTimeControl(v["tc"].as<std::string>());
            config.game.limits.toleranceMs = v["time-tolerance"].as<std::int64_t>();
            if (config.game.limits.toleranceMs < 0) throw std::invalid_argument("--time-tolerance must not be negative");

            if (v.count("sprt")) {
                auto s = keyValues("--sprt", v["sprt"].as<std::string>(), {"elo0", "elo1", "alpha", "beta"});
                if (!s.count("elo0") || !s.count("elo1")) throw std::invalid_argument("--sprt needs elo0 and elo1");
                match::SprtConfig sprt{s["elo0"], s["elo1"], s.count("alpha") ? s["alpha"] : 0.05, s.count("beta") ? s["beta"] : 0.05};
                if (!(sprt.elo1 > sprt.elo0)) throw std::invalid_argument("--sprt: elo1 must be greater than elo0");
                if (!(sprt.alpha > 0 && sprt.alpha < 1 && sprt.beta > 0 && sprt.beta < 1))
                    throw std::invalid_argument("--sprt: alpha and beta must lie between 0 and 1");
                config.sprt = sprt;
            }
            if (v.count("draw")) {
                auto d = keyValues("--draw", v["draw"].as<std::string>(), {"movenumber", "movecount", "score"});
                config.game.adjudication.drawFromMove = int(d.count("movenumber") ? d["movenumber"] : 40);
                config.game.adjudication.drawMoves = int(d.count("movecount") ? d["movecount"] : 8);
                config.game.adjudication.drawScoreCp = int(d.count("score") ? d["score"] : 10);
                if (config.game.adjudication.drawMoves < 1) throw std::invalid_argument("--draw: movecount must be at least 1");
            }
            if (v.count("resign")) {
                auto r = keyValues("--resign", v["resign"].as<std::string>(), {"movecount", "score"});
                config.game.adjudication.winMoves = int(r.count("movecount") ? r["movecount"] : 4);
                config.game.adjudication.winScoreCp = int(r.count("score") ? r["score"] : 1000);
                if (config.game.adjudication.winMoves < 1) throw std::invalid_argument("--resign: movecount must be at least 1");
            }
            config.game.adjudication.tablebases = v.count("tb") > 0;
            config.game.adjudication.maxPlies = v["max-plies"].as<int>();

            std::string openingsPath;
            if (v.count("openings")) {
                openingsPath = v["openings"].as<std::string>();
            } else {
                openingsPath = tuning::bundledOpenings(tuning::executableDir()).string();
                if (openingsPath.empty()) throw std::runtime_error("the bundled openings are not installed: give --openings FILE");
            }
            match::OpeningsFile file = match::readOpenings(openingsPath, v["plies"].as<int>());
            for (const auto& error : file.errors) std::cerr << "matefind-cli match: warning: " << error << "\n";
            if (file.openings.empty()) throw std::runtime_error(openingsPath + ": no usable openings");
            config.openings = v.count("shuffle") ? match::shuffledOpenings(std::move(file.openings), v["seed"].as<std::uint64_t>())
                                                 : std::move(file.openings);
            config.pairs = v.count("pairs") ? v["pairs"].as<std::int64_t>() : 0;
            if (config.pairs < 0) throw std::invalid_argument("--pairs must not be negative");
            if (v.count("workers") && v["workers"].as<unsigned>() == 0) throw std::invalid_argument("--workers must be at least 1");
            config.workers = v.count("workers") ? v["workers"].as<unsigned>() : std::max(1u, std::thread::hardware_concurrency());
            if (v.count("pgn")) pgnPath = v["pgn"].as<std::string>();
            mpi = mpiRequested(v);
            // The worker ranks play without endgame tables (they are not shipped).
            if (mpi && v.count("tb")) throw std::invalid_argument("--tb cannot be combined with --mpi");
            // In nodes or depth mode a repeated opening replays the very same games: the interval
            // would count them as new evidence and come out too narrow.
            if (config.game.limits.deterministic() && config.pairs > std::int64_t(config.openings.size()))
                throw std::invalid_argument("--pairs " + std::to_string(config.pairs) + " exceeds the " +
                                            std::to_string(config.openings.size()) + " openings of " + openingsPath +
                                            ": with --nodes or --depth a repeated opening replays the same games; "
                                            "give more openings or at most that many pairs");
        });
    if (finished) return *finished;

    // Before any game, as solve and tune do (limit_check.h): each side's engine must honour the
    // per-move limit (Toga II ignores `go nodes`, Ethereal stops at depth 1) and announce the
    // side's options with valid values (a misspelt name would forfeit every game). A clock game
    // is probed with a short move time: timed searches are what every engine honours.
    const uci::SearchLimit probeLimit = config.game.limits.kind == match::GameLimits::Kind::Clock
                                            ? uci::SearchLimit::moveTime(100)
                                            : match::searchLimitFor(config.game.limits, true, 0, 0);
    // Ctrl-C stops the match cleanly in every phase: the limit checks and the engines' start-up
    // end at once, running games are abandoned (never scored), the engines quit, and the pairs
    // finished so far are summarised.
    Interrupt stop;
    for (auto [engine, side] : {std::pair{&config.engineA, &config.a}, std::pair{&config.engineB, &config.b}}) {
        auto checked = runLimitCheck("match", *engine, probeLimit, side->options, line.values(), stop.token());
        if (checked.exitCode) return *checked.exitCode;
        engine->timeouts.knownNodesPerSecond = checked.nodesPerSecond;
    }

    std::unique_ptr<tb::Tablebases> tables;
    if (config.game.adjudication.tablebases) {
        tables = std::make_unique<tb::Tablebases>(tb::defaultCacheDirectory());
        for (const auto& name : tb::standardTables()) tables->loadIfPresent(name);
        const auto loaded = tables->loadedNames();
        std::cerr << "endgame tables: " << loaded.size() << " of " << tb::standardTables().size() << " found in "
                  << tables->directory().string() << (loaded.empty() ? " (run `matefind-cli tb` to generate them)" : "") << "\n";
        config.game.tables = tables.get();
    }

    std::ofstream pgn;
    if (!pgnPath.empty()) {
        pgn.open(pgnPath, std::ios::out | std::ios::trunc);
        if (!pgn) return line.failure(pgnPath + ": cannot be written");
    }
    const std::int64_t planned = config.pairs > 0 ? config.pairs : std::int64_t(config.openings.size());
    config.workers = std::min<std::size_t>(config.workers, std::size_t(planned));
    match::PgnHeader header;
    header.date = match::pgnDateToday();
    header.timeControl = config.game.limits.pgnTimeControl();
    Progress progress("match", std::size_t(planned));
    std::cerr << "match: " << config.a.name << " vs " << config.b.name << ", " << planned << " pairs from "
              << config.openings.size() << " openings, " << config.game.limits.describe() << ", " << config.workers
              << (mpi ? " workers per rank\n" : " workers\n");
    auto summary = runMatch(config, [&](const match::PairResult& pair, const match::MatchSummary& s) {
        if (pgn.is_open()) {
            for (int g = 0; g < 2; ++g) {
                header.round = std::to_string(pair.index + 1) + "." + std::to_string(g + 1);
                pgn << match::writePgn(pair.games[std::size_t(g)], header);
            }
            pgn.flush();
        }
        progress.update(std::size_t(s.pairsDone), progressDetail(s));
    }, stop.token(), mpi);
    progress.finish();
    if (summary.pairsDone == 0 && !summary.stopReason.empty()) return line.failure(summary.stopReason);
    printSummary(std::cout, config, summary);
    return 0;
}

RegisterCommand match{"match", "play game pairs between two engines or option sets: Elo +- 95% interval, SPRT, PGN", run};

}  // namespace
}  // namespace mf::cli
