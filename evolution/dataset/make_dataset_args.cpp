// Parsing the make-dataset command line: every option validated on entry with a message naming it.
#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>
#include <optional>

#include "evolution/dataset/make_dataset.h"
#include "evolution/dataset/make_dataset_engine.h"
#include "evolution/uci/harness_options.h"

namespace mf::dataset {

std::string makeDatasetUsage() {
    return R"(usage: matefind-cli make-dataset (--self-play | --pgn FILE) --output FILE [options]

Writes positions labelled with their game's result (EPD, c9 "1-0"; White's view) for the evalfit
fitness (Texel's method). Keeps quiet positions only: not in check, and a quiescence search of the
bundled engine changes nothing (its score is the static evaluation, or its best move is not a
capture). Skips the first plies, the tail of games ended by score adjudication, games without a
result (cut by a search that failed even after a retry on a fresh process, or still running at
--max-game-plies; the header counts both, and the searches a retry recovered) and duplicates.
The same arguments and seed make the same file (with --nodes or --depth).

source (exactly one):
  --self-play             games of an engine against itself from seeded random openings
  --pgn FILE              the games of a PGN file, labelled by their Result tags
self-play:
  --engine PATH           any UCI engine (default: the bundled matefind-engine)
  --option NAME=VALUE     engine option, repeatable; make-dataset itself sets one thread
                          (Threads or Number of Threads), the hash (--hash), and OwnBook and
                          Ponder false (an --option for those two wins)
  --nodes N | --depth N | --movetime MS
                          limit per move (default: nodes 3000); the engine is checked first
                          with one search in that mode, and refused when it does not honour it
                          (Toga II ignores go nodes: use --depth or --movetime). Movetime games
                          depend on the machine's speed, so they are not reproducible.
  --override-limit-check  play even when the engine breaks the limit
  --games N               games to play (default 1000)
  --random-plies N        random half-moves opening each game (default 8)
  --opening-window CP     drop a game whose first score after the opening exceeds CP (default 150)
  --adjudicate-cp CP      a game ends when |score| >= CP ... (default 1000)
  --adjudicate-plies N    ... for N half-moves in a row; that tail is not used (default 8)
  --max-game-plies N      a game still running after N half-moves has no result (default 300)
  --workers N             engine processes (default 2)
  --hash MB               hash size (default 2; it is cleared before every search), moved
                          into the engine's announced range when outside it (said in the log)
positions:
  --min-ply N             only positions after N half-moves (default 16)
  --per-game N            at most N positions of a game, drawn by the seed (default 0: all)
output:
  --output FILE           the file to write
  --seed N                seed of every random choice (default 1)
)";
}

namespace {

std::optional<std::int64_t> parseInteger(const std::string& text) {
    std::int64_t value = 0;
    const char* end = text.data() + text.size();
    auto [ptr, ec] = std::from_chars(text.data(), end, value);
    if (ec != std::errc() || ptr != end) return std::nullopt;
    return value;
}

bool sameName(const std::string& a, const std::string& b) {  // UCI option names ignore case
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return std::tolower(x) == std::tolower(y); });
}

}  // namespace

Result<MakeDatasetOptions> parseMakeDatasetArguments(const std::vector<std::string>& args) {
    MakeDatasetOptions o;
    o.arguments = args;
    o.selfPlay.games = 1000;
    o.selfPlay.limit = uci::SearchLimit::nodes(3000);
    int sources = 0;
    bool limitGiven = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        std::string name = args[i];
        std::optional<std::string> inlineValue;
        if (auto eq = name.find('='); name.rfind("--", 0) == 0 && eq != std::string::npos) {
            inlineValue = name.substr(eq + 1);
            name = name.substr(0, eq);
        }
        auto value = [&]() -> Result<std::string> {
            if (inlineValue) return *inlineValue;
            if (i + 1 >= args.size()) return Error{"option " + name + " needs a value"};
            return args[++i];
        };
        auto integer = [&](std::int64_t lo, std::int64_t hi) -> Result<std::int64_t> {
            auto text = value();
            if (!text) return text.error();
            auto n = parseInteger(*text);
            if (!n) return Error{"option " + name + ": '" + *text + "' is not an integer"};
            if (*n < lo || *n > hi)
                return Error{"option " + name + ": " + *text + " is outside " + std::to_string(lo) + ".." + std::to_string(hi)};
            return *n;
        };
#define MF_TAKE(target, expr)                        \
    do {                                             \
        auto r_ = (expr);                            \
        if (!r_) return r_.error();                  \
        target = static_cast<decltype(target)>(*r_); \
    } while (0)
        constexpr std::int64_t Big = std::numeric_limits<std::int32_t>::max();
        if (name == "--self-play") {
            if (inlineValue) return Error{"option --self-play takes no value"};
            o.source = MakeDatasetOptions::Source::SelfPlay;
            ++sources;
        } else if (name == "--pgn") {
            MF_TAKE(o.pgnPath, value());
            o.source = MakeDatasetOptions::Source::Pgn;
            ++sources;
        } else if (name == "--engine") MF_TAKE(o.engine, value());
        else if (name == "--option") {
            std::string pair;
            MF_TAKE(pair, value());
            const auto eq = pair.find('=');
            if (eq == std::string::npos || eq == 0) return Error{"option --option: '" + pair + "' is not NAME=VALUE"};
            const std::string optionName = pair.substr(0, eq);
            for (const std::string& threads : uci::threadOptionNames())
                if (sameName(optionName, threads))
                    return Error{"option --option: " + optionName + " is set by make-dataset itself (one search thread)"};
            if (sameName(optionName, "Hash")) return Error{"option --option: set the hash with --hash MB"};
            o.engineOptions.emplace_back(pair.substr(0, eq), pair.substr(eq + 1));
        } else if (name == "--nodes" || name == "--depth" || name == "--movetime") {
            if (limitGiven) return Error{"give one of --nodes, --depth and --movetime"};
            limitGiven = true;
            std::int64_t n = 0;
            MF_TAKE(n, integer(1, name == "--depth" ? 200 : Big));
            o.selfPlay.limit = name == "--depth"  ? uci::SearchLimit::depth(int(n))
                               : name == "--nodes" ? uci::SearchLimit::nodes(n)
                                                   : uci::SearchLimit::moveTime(n);
        } else if (name == "--override-limit-check") {
            if (inlineValue) return Error{"option --override-limit-check takes no value"};
            o.overrideLimitCheck = true;
        } else if (name == "--games") MF_TAKE(o.selfPlay.games, integer(1, 10000000));
        else if (name == "--random-plies") MF_TAKE(o.selfPlay.randomPlies, integer(0, 100));
        else if (name == "--opening-window") MF_TAKE(o.selfPlay.openingWindow, integer(0, 100000));
        else if (name == "--adjudicate-cp") MF_TAKE(o.selfPlay.adjudicateCp, integer(1, 100000));
        else if (name == "--adjudicate-plies") MF_TAKE(o.selfPlay.adjudicatePlies, integer(1, 1000));
        else if (name == "--max-game-plies") MF_TAKE(o.selfPlay.maxPlies, integer(1, 10000));
        else if (name == "--workers") MF_TAKE(o.workers, integer(1, 256));
        else if (name == "--hash") MF_TAKE(o.hashMb, integer(1, 65536));
        else if (name == "--min-ply") MF_TAKE(o.minPly, integer(0, 10000));
        else if (name == "--per-game") MF_TAKE(o.perGame, integer(0, 100000));
        else if (name == "--output") MF_TAKE(o.output, value());
        else if (name == "--seed") MF_TAKE(o.selfPlay.seed, integer(0, std::numeric_limits<std::int64_t>::max()));
        else return Error{"unknown option '" + args[i] + "' (see matefind-cli make-dataset --help)"};
#undef MF_TAKE
    }
    if (sources != 1) return Error{"give exactly one source: --self-play or --pgn FILE"};
    if (o.output.empty()) return Error{"--output FILE is required"};
    if (o.source == MakeDatasetOptions::Source::Pgn && (!o.engine.empty() || !o.engineOptions.empty() || limitGiven || o.overrideLimitCheck))
        return Error{"--engine, --option, --nodes, --depth, --movetime and --override-limit-check belong to --self-play"};
    return o;
}

}  // namespace mf::dataset
