#include "app/cli/match_options.h"

#include <algorithm>
#include <iostream>
#include <sstream>
#include <thread>

#include "app/cli/engine_options.h"
#include "app/cli/limit_check.h"
#include "app/cli/mpi_mode.h"
#include "engine/whole_number.h"
#include "evolution/match/match_config_rules.h"
#include "evolution/match/openings.h"
#include "evolution/tuning/common/installed_paths.h"
#include "evolution/tuning/results/match_sides.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

// "key=value,key=value" into a map; throws naming the option and the bad part.
std::map<std::string, double> keyValues(const std::string& flag, const std::string& text,
                                        const std::vector<std::string>& allowed) {
    std::string allowedList;
    for (const auto& key : allowed) allowedList += (allowedList.empty() ? "" : ", ") + key;
    std::map<std::string, double> out;
    std::istringstream parts(text);
    for (std::string part; std::getline(parts, part, ',');) {
        const auto equals = part.find('=');
        const std::string key = part.substr(0, equals);
        if (equals == std::string::npos || std::find(allowed.begin(), allowed.end(), key) == allowed.end())
            throw std::invalid_argument(flag + " '" + text + "': expected KEY=VALUE with KEY one of " + allowedList);
        const std::string valueText = part.substr(equals + 1);
        const auto value = parseWholeNumber<double>(valueText);
        if (!value) throw std::invalid_argument(flag + " '" + text + "': '" + valueText + "' is not a number");
        out[key] = *value;
    }
    return out;
}

// cutechess's "[MOVES/]BASE[+INC]" (seconds) into a clock.
match::GameLimits timeControlOption(const std::string& text) {
    auto limits = match::parseTimeControl(text);
    if (!limits)
        throw std::invalid_argument("--tc '" + text +
                                    "': expected [MOVES/]BASE[+INC] in seconds, e.g. 10+0.1 or 40/10+0.1");
    return *limits;
}

// The best member of a population file as a side, with the engine the run used.
tuning::MatchSide bestOfPopulation(const std::string& path) {
    tuning::EngineSpec fallback;
    fallback.program = tuning::bundledEngine();
    auto side = tuning::bestOfPopulationFile(path, fallback);
    if (!side) throw std::runtime_error(side.error().message);
    return std::move(*side);
}

// What side N ("1" or "2") adds with its flags: --engineN-arg, --optionsN, --optionN, --nameN.
// The program (--engineN) is the side's engine itself, chosen before.
tuning::SideChoices choicesOf(const po::variables_map& v, const std::string& n) {
    tuning::SideChoices choices;
    if (v.count("engine" + n + "-arg")) choices.arguments = v["engine" + n + "-arg"].as<std::vector<std::string>>();
    if (v.count("options" + n)) choices.optionsFile = v["options" + n].as<std::string>();
    if (v.count("option" + n)) choices.options = parseOptionAssignments(v["option" + n].as<std::vector<std::string>>());
    if (v.count("name" + n)) choices.name = v["name" + n].as<std::string>();
    return choices;
}

tuning::MatchSide engineDefaults(const po::variables_map& v, const char* flag) {
    tuning::EngineSpec engine;
    engine.program = v.count(flag) ? std::filesystem::path(v[flag].as<std::string>()) : tuning::bundledEngine();
    return tuning::defaultsSide(engine);
}

// --population gives side A; --against side B (the same engine's defaults, or another file's best).
void readPopulationSides(const po::variables_map& v, tuning::MatchSide& a, tuning::MatchSide& b) {
    if (v.count("engine1") || v.count("option1") || v.count("options1"))
        throw std::invalid_argument("--population gives side A; leave out --engine1/--option1/--options1");
    a = bestOfPopulation(v["population"].as<std::string>());
    const std::string against = v.count("against") ? v["against"].as<std::string>() : "defaults";
    if (against == "start") {
        tuning::EngineSpec fallback;
        fallback.program = tuning::bundledEngine();
        auto start = tuning::startOfPopulationFile(v["population"].as<std::string>(), fallback);
        if (!start) throw std::runtime_error(start.error().message);
        b = std::move(*start);
        return;
    }
    if (against != "defaults") {
        b = bestOfPopulation(against);
        return;
    }
    if (!v.count("engine2")) {
        b.engine = a.engine;
        b.side = {};
        b.plays.clear();
    }
}

tuning::MatchSide withChoicesOrThrow(tuning::MatchSide side, const tuning::SideChoices& choices) {
    auto chosen = tuning::withChoices(std::move(side), choices);
    if (!chosen) throw std::runtime_error(chosen.error().message);
    return std::move(*chosen);
}

void readSides(const po::variables_map& v, match::MatchConfig& config) {
    tuning::MatchSide a = engineDefaults(v, "engine1"), b = engineDefaults(v, "engine2");
    if (v.count("population")) readPopulationSides(v, a, b);
    else if (v.count("against")) throw std::invalid_argument("--against needs --population");
    a = withChoicesOrThrow(std::move(a), choicesOf(v, "1"));
    b = withChoicesOrThrow(std::move(b), choicesOf(v, "2"));
    tuning::distinguishNames(a.side, b.side);
    // The runner sends "ucinewgame" before each game itself.
    a.engine.newGame = uci::NewGamePolicy::Never;
    b.engine.newGame = uci::NewGamePolicy::Never;
    config.a = a.side;
    config.b = b.side;
    config.engineA = a.engine;
    config.engineB = b.engine;
    config.engineA.timeouts.searchTimeout = config.engineB.timeouts.searchTimeout = searchTimeoutOption(v);
}

match::GameLimits readLimits(const po::variables_map& v) {
    if (v.count("nodes") + v.count("depth") + v.count("movetime") + v.count("tc") > 1)
        throw std::invalid_argument("give at most one of --nodes, --depth, --movetime, --tc");
    auto positive = [&](const char* flag) {
        const auto value = v[flag].as<std::int64_t>();
        if (value <= 0) throw std::invalid_argument(std::string("--") + flag + " must be positive");
        return value;
    };
    match::GameLimits limits = match::GameLimits::nodes(5000);
    if (v.count("nodes")) limits = match::GameLimits::nodes(positive("nodes"));
    if (v.count("depth")) limits = match::GameLimits::depth(positive("depth"));
    if (v.count("movetime")) limits = match::GameLimits::moveTime(positive("movetime"));
    if (v.count("tc")) limits = timeControlOption(v["tc"].as<std::string>());
    limits.toleranceMs = v["time-tolerance"].as<std::int64_t>();
    if (limits.toleranceMs < 0) throw std::invalid_argument("--time-tolerance must not be negative");
    return limits;
}

std::optional<match::SprtConfig> readSprt(const po::variables_map& v) {
    if (!v.count("sprt")) return std::nullopt;
    auto s = keyValues("--sprt", v["sprt"].as<std::string>(), {"elo0", "elo1", "alpha", "beta"});
    if (!s.count("elo0") || !s.count("elo1")) throw std::invalid_argument("--sprt needs elo0 and elo1");
    return match::SprtConfig{s["elo0"], s["elo1"], s.count("alpha") ? s["alpha"] : 0.05, s.count("beta") ? s["beta"] : 0.05};
}

void readAdjudication(const po::variables_map& v, match::AdjudicationRules& rules) {
    if (v.count("draw")) {
        auto d = keyValues("--draw", v["draw"].as<std::string>(), {"movenumber", "movecount", "score"});
        rules.drawFromMove = int(d.count("movenumber") ? d["movenumber"] : 40);
        rules.drawMoves = int(d.count("movecount") ? d["movecount"] : 8);
        rules.drawScoreCp = int(d.count("score") ? d["score"] : 10);
        if (rules.drawMoves < 1) throw std::invalid_argument("--draw: movecount must be at least 1");
    }
    if (v.count("resign")) {
        auto r = keyValues("--resign", v["resign"].as<std::string>(), {"movecount", "score"});
        rules.winMoves = int(r.count("movecount") ? r["movecount"] : 4);
        rules.winScoreCp = int(r.count("score") ? r["score"] : 1000);
        if (rules.winMoves < 1) throw std::invalid_argument("--resign: movecount must be at least 1");
    }
    rules.tablebases = v.count("tb") > 0;
    rules.maxPlies = v["max-plies"].as<int>();
}

std::vector<match::Opening> readOpeningsOption(const po::variables_map& v) {
    std::string path;
    if (v.count("openings")) {
        path = v["openings"].as<std::string>();
    } else {
        path = tuning::bundledOpenings(tuning::executableDir()).string();
        if (path.empty()) throw std::runtime_error("the bundled openings are not installed: give --openings FILE");
    }
    match::OpeningsFile file = match::readOpenings(path, v["plies"].as<int>());
    for (const auto& error : file.errors) std::cerr << "matefind-cli match: warning: " << error << "\n";
    if (file.openings.empty()) throw std::runtime_error(path + ": no usable openings");
    if (!v.count("shuffle")) return std::move(file.openings);
    return match::shuffledOpenings(std::move(file.openings), v["seed"].as<std::uint64_t>());
}

}  // namespace

void addMatchOptions(po::options_description& options) {
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
        ("name1", po::value<std::string>(), "side A's name in the PGN and the summary (default: the engine's file name and the options file's, or 'RUN.mfpop gen N best')")
        ("name2", po::value<std::string>(), "side B's name")
        ("population", po::value<std::string>(), "side A is this population file's best chromosome (its engine and fixed options)")
        ("against", po::value<std::string>(), "with --population (its run's pick plays side A), side B: 'defaults' (the same engine without values; the default), "
                                               "'start' (the run's start values: does the pick beat what it started from?) or another population file's pick")
        ("openings", po::value<std::string>(), "EPD/FEN file (one position a line) or PGN (main lines to --plies); default: the bundled openings")
        ("plies", po::value<int>()->default_value(8), "with a PGN openings file: plies of each main line to play")
        ("shuffle", "take the openings in an order drawn from --seed (default: file order)")
        ("pairs", po::value<std::int64_t>(), "game pairs to play (default: one per opening)")
        ("nodes", po::value<std::int64_t>(), "N nodes per move (the default: 5000)")
        ("depth", po::value<std::int64_t>(), "search each move to N plies")
        ("movetime", po::value<std::int64_t>(), "MS milliseconds per move")
        ("tc", po::value<std::string>(), "a clock, cutechess's form [MOVES/]BASE[+INC] in seconds: 10+0.1, or 40/10+0.1 (10 s for every 40 moves, the time left carried over, +0.1 s a move)")
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
}

MatchRequest matchFromOptions(const po::variables_map& v) {
    MatchRequest request;
    match::MatchConfig& config = request.config;
    readSides(v, config);
    config.game.limits = readLimits(v);
    config.sprt = readSprt(v);
    readAdjudication(v, config.game.adjudication);
    config.openings = readOpeningsOption(v);
    config.pairs = v.count("pairs") ? v["pairs"].as<std::int64_t>() : 0;
    if (v.count("workers") && v["workers"].as<unsigned>() == 0) throw std::invalid_argument("--workers must be at least 1");
    config.workers = v.count("workers") ? v["workers"].as<unsigned>() : std::max(1u, std::thread::hardware_concurrency());
    if (v.count("pgn")) request.pgnPath = v["pgn"].as<std::string>();
    request.mpi = mpiRequested(v);
    // The worker ranks play without endgame tables (they are not shipped).
    if (request.mpi && v.count("tb")) throw std::invalid_argument("--tb cannot be combined with --mpi");
    if (auto problems = match::validate(config); !problems.empty()) throw std::invalid_argument("--" + problems.front());
    return request;
}

}  // namespace mf::cli
