#include "app/cli/make_options/make_suite_options.h"

#include <limits>
#include <sstream>
#include <stdexcept>

#include "app/cli/make_options/option_reading.h"
#include "app/cli/make_options/self_play_options.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

using suite::MakeSuiteOptions;

constexpr std::int64_t Int32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t Int64Max = std::numeric_limits<std::int64_t>::max();

// What --help shows above the options.
constexpr const char* Intro =
    "usage: matefind-cli make-suite SOURCE --engine PATH --output FILE [options]\n\n"
    "Builds an EPD suite: candidate positions are searched by a reference UCI engine with MultiPV 2 at a\n"
    "fixed depth or node count (Threads 1, never time, so runs repeat exactly) and kept when the best\n"
    "move is clearly best.\n";

po::options_description makeSuiteOptionDescription() {
    po::options_description source("SOURCE (exactly one)");
    source.add_options()
        ("pgn", textValue("FILE"), "positions from the games of a PGN file")
        ("epd", textValue("FILE"), "positions of an EPD or FEN list (one per line)")
        ("self-play", "games between engines from seeded random openings");
    po::options_description reference("reference engine");
    reference.add_options()
        ("engine", textValue("PATH"), "any UCI engine (e.g. /usr/games/stockfish)")
        ("depth", textValue("N"), "depth per position (default: depth 12)")
        ("nodes", textValue("N"), "nodes per position instead")
        ("option", textValue("NAME=VALUE"), "engine option, repeatable (Threads is always 1)")
        ("hash", textValue("MB"), "hash size (default 16)")
        ("workers", textValue("N"), "engine processes (default 1)");
    po::options_description labelling("labelling rules");
    labelling.add_options()
        ("margin", textValue("CP"), "best must beat second best by CP centipawns (default 100)")
        ("window", textValue("CP"), "|best score| at most CP; mate scores never fit (default 300)")
        ("keep-in-check", "do not drop positions with the side to move in check")
        ("keep-recaptures", "do not drop positions whose best move takes back on the last capture's square")
        ("tb-dir", textValue("DIR"),
         "label positions of up to 4 men exactly from MateFind's endgame tables (made in DIR if missing): "
         "bm = the moves keeping the best result; kept when some move worsens it");
    po::options_description sampling("sampling (PGN and self-play games)");
    sampling.add_options()
        ("min-ply", textValue("N"), "only positions after N half-moves (default 16)")
        ("per-game", textValue("N"), "positions drawn per game, 0 = all (default 4)")
        ("min-pieces", textValue("N"), "at least N men on the board, kings and pawns included (default 0)")
        ("max-pieces", textValue("N"), "at most N men (default 32)");
    po::options_description selfPlay("self-play");
    addSelfPlayGameOptions(selfPlay, MakeSuiteOptions{}.selfPlay, "games to play");
    selfPlay.add_options()
        ("play-engine", textValue("PATH"), "engine that plays, repeatable up to 2 (default: the reference engine)")
        ("play-nodes", textValue("N"), "nodes per move (default 5000)");
    po::options_description output("output");
    output.add_options()
        ("output", textValue("FILE"), "the EPD file to write")
        ("count", textValue("N"), "keep at most N positions (default: all that pass)")
        ("exclude", textValue("FILE"), "skip positions of this EPD file (e.g. another suite), repeatable")
        ("id-prefix", textValue("TEXT"), "ids are TEXT.001, TEXT.002, ... (default matefind)")
        ("seed", textValue("N"), "seed of every random choice (default 1)")
        ("help,h", "show this help");
    po::options_description all;;
    all.add(source).add(reference).add(labelling).add(sampling).add(selfPlay).add(output);
    return all;
}

// Sets `target` to the value of --`name` when given.
template <class T>
void take(const po::variables_map& v, const std::string& name, std::int64_t lo, std::int64_t hi, T& target) {
    if (auto n = integerOption(v, name, lo, hi)) target = static_cast<T>(*n);
}

void readSource(const po::variables_map& v, MakeSuiteOptions& o) {
    if (occurrences(v, "pgn") + occurrences(v, "epd") + v.count("self-play") != 1)
        throw std::invalid_argument("give exactly one source: --pgn FILE, --epd FILE or --self-play");
    if (v.count("pgn")) o.source = MakeSuiteOptions::Source::Pgn;
    if (v.count("epd")) o.source = MakeSuiteOptions::Source::Epd;
    if (v.count("self-play")) o.source = MakeSuiteOptions::Source::SelfPlay;
    o.sourcePath = textOption(v, "pgn").value_or(textOption(v, "epd").value_or(""));
}

void readReference(const po::variables_map& v, MakeSuiteOptions& o) {
    if (occurrences(v, "depth") + occurrences(v, "nodes") > 1) throw std::invalid_argument("give one of --depth and --nodes");
    if (auto depth = integerOption(v, "depth", 1, 200)) o.label.limit = uci::SearchLimit::depth(int(*depth));
    if (auto nodes = integerOption(v, "nodes", 1, Int64Max)) o.label.limit = uci::SearchLimit::nodes(*nodes);
    for (const std::string& pair : repeatedOption(v, "option")) {
        auto [name, value] = nameValuePair(pair, "option");
        if (name == "Threads" || name == "MultiPV")
            throw std::invalid_argument("option --option: " + name + " is set by make-suite itself");
        o.engineOptions.emplace_back(std::move(name), std::move(value));
    }
    take(v, "hash", 1, 65536, o.hashMb);
    take(v, "workers", 1, 256, o.workers);
    o.engine = textOption(v, "engine").value_or("");
    if (o.engine.empty())
        throw std::invalid_argument("--engine PATH is required (the reference engine, e.g. /usr/games/stockfish)");
}

void readLabelling(const po::variables_map& v, MakeSuiteOptions& o) {
    take(v, "margin", 0, 100000, o.label.rules.minMargin);
    take(v, "window", 0, 100000, o.label.rules.scoreWindow);
    if (v.count("keep-in-check")) o.label.rules.rejectInCheck = false;
    if (v.count("keep-recaptures")) o.label.rules.rejectRecaptures = false;
    o.tablesDirectory = textOption(v, "tb-dir").value_or("");
    take(v, "min-ply", 0, 10000, o.sample.minPly);
    take(v, "per-game", 0, 10000, o.sample.perGame);
    take(v, "min-pieces", 2, 32, o.sample.minPieces);
    take(v, "max-pieces", 2, 32, o.sample.maxPieces);
    if (o.sample.minPieces > o.sample.maxPieces)
        throw std::invalid_argument("--min-pieces " + std::to_string(o.sample.minPieces) + " is above --max-pieces " +
                                    std::to_string(o.sample.maxPieces));
}

void readSelfPlay(const po::variables_map& v, MakeSuiteOptions& o) {
    readSelfPlayGames(v, o.selfPlay);
    o.playEngines = repeatedOption(v, "play-engine");
    if (o.playEngines.size() > 2) throw std::invalid_argument("option --play-engine: at most two engines");
    if (o.source != MakeSuiteOptions::Source::SelfPlay && !o.playEngines.empty())
        throw std::invalid_argument("--play-engine needs --self-play");
    if (auto nodes = integerOption(v, "play-nodes", 1, Int64Max)) o.selfPlay.limit = uci::SearchLimit::nodes(*nodes);
}

void readOutput(const po::variables_map& v, MakeSuiteOptions& o) {
    o.output = textOption(v, "output").value_or("");
    if (o.output.empty()) throw std::invalid_argument("--output FILE is required");
    take(v, "count", 1, Int32Max, o.label.wanted);
    o.excludes = repeatedOption(v, "exclude");
    o.idPrefix = textOption(v, "id-prefix").value_or(o.idPrefix);
    if (o.idPrefix.empty() || o.idPrefix.find_first_of(" \t\";") != std::string::npos)
        throw std::invalid_argument("--id-prefix: '" + o.idPrefix + "' must be non-empty, without blanks, quotes or ';'");
    take(v, "seed", 0, Int64Max, o.seed);
    o.selfPlay.seed = o.seed;
}

}  // namespace

std::string makeSuiteUsage() {
    std::ostringstream text;
    text << Intro << makeSuiteOptionDescription();
    return text.str();
}

Result<suite::MakeSuiteOptions> parseMakeSuiteArguments(const std::vector<std::string>& args) {
    auto values = parseOptionValues(args, makeSuiteOptionDescription(), "make-suite");
    if (!values) return values.error();
    return readChecked([&] {
        MakeSuiteOptions o;
        o.arguments = args;
        readSource(*values, o);
        readReference(*values, o);
        readLabelling(*values, o);
        readSelfPlay(*values, o);
        readOutput(*values, o);
        return o;
    });
}

}  // namespace mf::cli
