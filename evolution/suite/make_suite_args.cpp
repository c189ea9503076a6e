// Parsing the make-suite command line: every option validated on entry with a message naming it.
#include <charconv>
#include <limits>
#include <optional>

#include "evolution/suite/make_suite.h"

namespace mf::suite {

std::string makeSuiteUsage() {
    return R"(usage: matefind-cli make-suite SOURCE --engine PATH --output FILE [options]

Builds an EPD suite: candidate positions are searched by a reference UCI engine with MultiPV 2 at a
fixed depth or node count (Threads 1, never time, so runs repeat exactly) and kept when the best
move is clearly best.

SOURCE (exactly one):
  --pgn FILE              positions from the games of a PGN file
  --epd FILE              positions of an EPD or FEN list (one per line)
  --self-play             games between engines from seeded random openings
reference engine:
  --engine PATH           any UCI engine (e.g. /usr/games/stockfish)
  --depth N | --nodes N   limit per position (default: depth 12)
  --option NAME=VALUE     engine option, repeatable (Threads is always 1)
  --hash MB               hash size (default 16)
  --workers N             engine processes (default 1)
labelling rules:
  --margin CP             best must beat second best by CP centipawns (default 100)
  --window CP             |best score| at most CP; mate scores never fit (default 300)
  --keep-in-check         do not drop positions with the side to move in check
  --keep-recaptures       do not drop positions whose best move takes back on the last
                          capture's square
  --tb-dir DIR            label positions of up to 4 men exactly from MateFind's endgame
                          tables (made in DIR if missing): bm = the moves keeping the best
                          result; kept when some move worsens it
sampling (PGN and self-play games):
  --min-ply N             only positions after N half-moves (default 16)
  --per-game N            positions drawn per game, 0 = all (default 4)
  --min-pieces N          at least N men on the board, kings and pawns included (default 0)
  --max-pieces N          at most N men (default 32)
self-play:
  --games N               games to play (default 100)
  --random-plies N        random half-moves opening each game (default 8)
  --play-engine PATH      engine that plays, repeatable up to 2 (default: the reference engine)
  --play-nodes N          nodes per move (default 5000)
  --opening-window CP     drop a game whose first score after the opening exceeds CP (default 150)
  --max-game-plies N      end games after N half-moves (default 300)
output:
  --output FILE           the EPD file to write
  --count N               keep at most N positions (default: all that pass)
  --exclude FILE          skip positions of this EPD file (e.g. another suite), repeatable
  --id-prefix TEXT        ids are TEXT.001, TEXT.002, ... (default matefind)
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

}  // namespace

Result<MakeSuiteOptions> parseMakeSuiteArguments(const std::vector<std::string>& args) {
    MakeSuiteOptions o;
    o.arguments = args;
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
        auto flag = [&]() -> Result<void> {
            if (inlineValue) return Error{"option " + name + " takes no value"};
            return {};
        };
#define MF_TAKE(target, expr)                  \
    do {                                       \
        auto r_ = (expr);                      \
        if (!r_) return r_.error();            \
        target = static_cast<decltype(target)>(*r_); \
    } while (0)
        constexpr std::int64_t Big = std::numeric_limits<std::int32_t>::max();

        if (name == "--pgn") { MF_TAKE(o.sourcePath, value()); o.source = MakeSuiteOptions::Source::Pgn; ++sources; }
        else if (name == "--epd") { MF_TAKE(o.sourcePath, value()); o.source = MakeSuiteOptions::Source::Epd; ++sources; }
        else if (name == "--self-play") { if (auto f = flag(); !f) return f.error(); o.source = MakeSuiteOptions::Source::SelfPlay; ++sources; }
        else if (name == "--engine") MF_TAKE(o.engine, value());
        else if (name == "--depth") { MF_TAKE(o.label.limit.value, integer(1, 200)); o.label.limit.kind = uci::SearchLimit::Kind::Depth; if (limitGiven) return Error{"give one of --depth and --nodes"}; limitGiven = true; }
        else if (name == "--nodes") { MF_TAKE(o.label.limit.value, integer(1, std::numeric_limits<std::int64_t>::max())); o.label.limit.kind = uci::SearchLimit::Kind::Nodes; if (limitGiven) return Error{"give one of --depth and --nodes"}; limitGiven = true; }
        else if (name == "--option") {
            std::string pair;
            MF_TAKE(pair, value());
            const auto eq = pair.find('=');
            if (eq == std::string::npos || eq == 0) return Error{"option --option: '" + pair + "' is not NAME=VALUE"};
            const std::string optionName = pair.substr(0, eq);
            if (optionName == "Threads" || optionName == "MultiPV")
                return Error{"option --option: " + optionName + " is set by make-suite itself"};
            o.engineOptions.emplace_back(optionName, pair.substr(eq + 1));
        }
        else if (name == "--hash") MF_TAKE(o.hashMb, integer(1, 65536));
        else if (name == "--workers") MF_TAKE(o.workers, integer(1, 256));
        else if (name == "--margin") MF_TAKE(o.label.rules.minMargin, integer(0, 100000));
        else if (name == "--window") MF_TAKE(o.label.rules.scoreWindow, integer(0, 100000));
        else if (name == "--keep-in-check") { if (auto f = flag(); !f) return f.error(); o.label.rules.rejectInCheck = false; }
        else if (name == "--keep-recaptures") { if (auto f = flag(); !f) return f.error(); o.label.rules.rejectRecaptures = false; }
        else if (name == "--min-ply") MF_TAKE(o.sample.minPly, integer(0, 10000));
        else if (name == "--per-game") MF_TAKE(o.sample.perGame, integer(0, 10000));
        else if (name == "--min-pieces") MF_TAKE(o.sample.minPieces, integer(2, 32));
        else if (name == "--max-pieces") MF_TAKE(o.sample.maxPieces, integer(2, 32));
        else if (name == "--games") MF_TAKE(o.selfPlay.games, integer(1, 1000000));
        else if (name == "--random-plies") MF_TAKE(o.selfPlay.randomPlies, integer(0, 100));
        else if (name == "--play-engine") { std::string path; MF_TAKE(path, value()); o.playEngines.push_back(path); if (o.playEngines.size() > 2) return Error{"option --play-engine: at most two engines"}; }
        else if (name == "--play-nodes") { MF_TAKE(o.selfPlay.limit.value, integer(1, std::numeric_limits<std::int64_t>::max())); o.selfPlay.limit.kind = uci::SearchLimit::Kind::Nodes; }
        else if (name == "--opening-window") MF_TAKE(o.selfPlay.openingWindow, integer(0, 100000));
        else if (name == "--max-game-plies") MF_TAKE(o.selfPlay.maxPlies, integer(1, 10000));
        else if (name == "--output") MF_TAKE(o.output, value());
        else if (name == "--tb-dir") MF_TAKE(o.tablesDirectory, value());
        else if (name == "--count") MF_TAKE(o.label.wanted, integer(1, Big));
        else if (name == "--exclude") { std::string path; MF_TAKE(path, value()); o.excludes.push_back(path); }
        else if (name == "--id-prefix") MF_TAKE(o.idPrefix, value());
        else if (name == "--seed") MF_TAKE(o.seed, integer(0, std::numeric_limits<std::int64_t>::max()));
        else return Error{"unknown option '" + args[i] + "' (see matefind-cli make-suite --help)"};
#undef MF_TAKE
    }

    if (sources != 1) return Error{"give exactly one source: --pgn FILE, --epd FILE or --self-play"};
    if (o.engine.empty()) return Error{"--engine PATH is required (the reference engine, e.g. /usr/games/stockfish)"};
    if (o.output.empty()) return Error{"--output FILE is required"};
    if (o.sample.minPieces > o.sample.maxPieces)
        return Error{"--min-pieces " + std::to_string(o.sample.minPieces) + " is above --max-pieces " + std::to_string(o.sample.maxPieces)};
    if (o.idPrefix.empty() || o.idPrefix.find_first_of(" \t\";") != std::string::npos)
        return Error{"--id-prefix: '" + o.idPrefix + "' must be non-empty, without blanks, quotes or ';'"};
    if (o.source != MakeSuiteOptions::Source::SelfPlay && !o.playEngines.empty())
        return Error{"--play-engine needs --self-play"};
    o.selfPlay.seed = o.seed;
    return o;
}

}  // namespace mf::suite
