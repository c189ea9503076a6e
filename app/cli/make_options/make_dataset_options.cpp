#include "app/cli/make_options/make_dataset_options.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <sstream>
#include <stdexcept>

#include "app/cli/make_options/option_reading.h"
#include "app/cli/make_options/self_play_options.h"
#include "evolution/uci/harness_options.h"

namespace po = boost::program_options;

namespace mf::cli {
namespace {

using dataset::MakeDatasetOptions;

constexpr std::int64_t Int32Max = std::numeric_limits<std::int32_t>::max();
constexpr std::int64_t Int64Max = std::numeric_limits<std::int64_t>::max();

// What --help shows above the options.
constexpr const char* Intro =
    "usage: matefind-cli make-dataset (--self-play | --pgn FILE) --output FILE [options]\n\n"
    "Writes positions labelled with their game's result (EPD, c9 \"1-0\"; White's view) for the evalfit\n"
    "fitness (Texel's method). Keeps quiet positions only: not in check, and a quiescence search of the\n"
    "bundled engine changes nothing (its score is the static evaluation, or its best move is not a\n"
    "capture). Skips the first plies, the tail of games ended by score adjudication, games without a\n"
    "result (cut by a search that failed even after a retry on a fresh process, or still running at\n"
    "--max-game-plies; the header counts both, and the searches a retry recovered) and duplicates.\n"
    "The same arguments and seed make the same file (with --nodes or --depth).\n";

po::options_description makeDatasetOptionDescription() {
    po::options_description source("source (exactly one)");
    source.add_options()
        ("self-play", "games of an engine against itself from seeded random openings")
        ("pgn", textValue("FILE"), "the games of a PGN file, labelled by their Result tags");
    po::options_description selfPlay("self-play");
    selfPlay.add_options()
        ("engine", textValue("PATH"), "any UCI engine (default: the bundled matefind-engine)")
        ("engine-arg", textValue("A"),
         "command-line argument for the engine (repeatable, in order; --engine-arg=-x for one starting with '-')")
        ("option", textValue("NAME=VALUE"),
         "engine option, repeatable; make-dataset itself sets one thread (Threads or Number of Threads), the hash "
         "(--hash), and OwnBook and Ponder false (an --option for those two wins)")
        ("nodes", textValue("N"),
         "nodes per move (the default: nodes 3000); the engine is checked first with one search in the limit's "
         "mode, and refused when it does not honour it (Toga II ignores go nodes: use --depth or --movetime)")
        ("depth", textValue("N"), "depth per move instead")
        ("movetime", textValue("MS"),
         "milliseconds per move instead; movetime games depend on the machine's speed, so they are not reproducible")
        ("override-limit-check", "play even when the engine breaks the limit")
        ("adjudicate-cp", textValue("CP"), "a game ends when |score| >= CP ... (default 1000)")
        ("adjudicate-plies", textValue("N"), "... for N half-moves in a row; that tail is not used (default 8)")
        ("workers", textValue("N"), "engine processes (default 2; with --mpi: on each worker rank)")
        ("mpi", "play the games on the worker ranks of an Open MPI job: mpirun -np N matefind-cli make-dataset ... "
                "--mpi (rank 0 hands out the games and writes the file, ranks 1..N-1 play them with --workers "
                "engine processes each); the file is the one made without --mpi")
        ("hash", textValue("MB"),
         "hash size (default 2; it is cleared before every search), moved into the engine's announced range when "
         "outside it (said in the log)");
    addSelfPlayGameOptions(selfPlay, dataset::makeDatasetDefaults().selfPlay,
                           "self-play games to keep: a game dropped as unbalanced (see --opening-window) or ended "
                           "without a result is replaced by the next seed's, up to 3N games begun; the header says how "
                           "many were begun, dropped and replaced");
    po::options_description positions("positions");
    positions.add_options()
        ("min-ply", textValue("N"), "only positions after N half-moves (default 16)")
        ("per-game", textValue("N"), "at most N positions of a game, drawn by the seed (default 0: all)");
    po::options_description output("output");
    output.add_options()
        ("output", textValue("FILE"), "the file to write")
        ("seed", textValue("N"), "seed of every random choice (default 1)")
        ("help,h", "show this help");
    po::options_description all;;
    all.add(source).add(selfPlay).add(positions).add(output);
    return all;
}

template <class T>
void take(const po::variables_map& v, const std::string& name, std::int64_t lo, std::int64_t hi, T& target) {
    if (auto n = integerOption(v, name, lo, hi)) target = static_cast<T>(*n);
}

bool sameName(const std::string& a, const std::string& b) {  // UCI option names ignore case
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

void readSource(const po::variables_map& v, MakeDatasetOptions& o) {
    if (v.count("self-play") + occurrences(v, "pgn") != 1)
        throw std::invalid_argument("give exactly one source: --self-play or --pgn FILE");
    o.source = v.count("pgn") ? MakeDatasetOptions::Source::Pgn : MakeDatasetOptions::Source::SelfPlay;
    o.pgnPath = textOption(v, "pgn").value_or("");
}

// The engine, its options and its limit (self-play's alone).
void readEngine(const po::variables_map& v, MakeDatasetOptions& o) {
    o.engine = textOption(v, "engine").value_or("");
    o.engineArguments = repeatedOption(v, "engine-arg");
    for (const std::string& pair : repeatedOption(v, "option")) {
        auto [name, value] = nameValuePair(pair, "option");
        for (const std::string& threads : uci::threadOptionNames())
            if (sameName(name, threads))
                throw std::invalid_argument("option --option: " + name + " is set by make-dataset itself (one search thread)");
        if (sameName(name, "Hash")) throw std::invalid_argument("option --option: set the hash with --hash MB");
        o.engineOptions.emplace_back(std::move(name), std::move(value));
    }
    const std::size_t limits = occurrences(v, "nodes") + occurrences(v, "depth") + occurrences(v, "movetime");
    if (limits > 1) throw std::invalid_argument("give one of --nodes, --depth and --movetime");
    if (auto n = integerOption(v, "nodes", 1, Int32Max)) o.selfPlay.limit = uci::SearchLimit::nodes(*n);
    if (auto n = integerOption(v, "depth", 1, 200)) o.selfPlay.limit = uci::SearchLimit::depth(*n);
    if (auto n = integerOption(v, "movetime", 1, Int32Max)) o.selfPlay.limit = uci::SearchLimit::moveTime(*n);
    o.overrideLimitCheck = v.count("override-limit-check") > 0;
    o.mpi = v.count("mpi") > 0;
}

void refuseSelfPlayOptionsForPgn(const po::variables_map& v, const MakeDatasetOptions& o) {
    const bool limitGiven = v.count("nodes") + v.count("depth") + v.count("movetime") > 0;
    if (o.source == MakeDatasetOptions::Source::Pgn &&
        (!o.engine.empty() || !o.engineArguments.empty() || !o.engineOptions.empty() || limitGiven ||
         o.overrideLimitCheck || o.mpi))
        throw std::invalid_argument("--engine, --engine-arg, --option, --nodes, --depth, --movetime, "
                                    "--override-limit-check and --mpi belong to --self-play");
}

void readGames(const po::variables_map& v, MakeDatasetOptions& o) {
    readSelfPlayGames(v, o.selfPlay);
    take(v, "adjudicate-cp", 1, 100000, o.selfPlay.adjudicateCp);
    take(v, "adjudicate-plies", 1, 1000, o.selfPlay.adjudicatePlies);
    take(v, "workers", 1, 256, o.workers);
    take(v, "hash", 1, 65536, o.hashMb);
    take(v, "min-ply", 0, 10000, o.minPly);
    take(v, "per-game", 0, 100000, o.perGame);
    take(v, "seed", 0, Int64Max, o.selfPlay.seed);
}

}  // namespace

std::string makeDatasetUsage() {
    std::ostringstream text;
    text << Intro << makeDatasetOptionDescription();
    return text.str();
}

Result<dataset::MakeDatasetOptions> parseMakeDatasetArguments(const std::vector<std::string>& args) {
    auto values = parseOptionValues(args, makeDatasetOptionDescription(), "make-dataset");
    if (!values) return values.error();
    return readChecked([&] {
        MakeDatasetOptions o = dataset::makeDatasetDefaults();
        o.arguments = args;
        readSource(*values, o);
        readEngine(*values, o);
        readGames(*values, o);
        o.output = textOption(*values, "output").value_or("");
        if (o.output.empty()) throw std::invalid_argument("--output FILE is required");
        refuseSelfPlayOptionsForPgn(*values, o);
        return o;
    });
}

}  // namespace mf::cli
