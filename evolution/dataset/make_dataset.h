#pragma once
// `matefind-cli make-dataset`: labelled positions for Texel tuning, from self-play games of a UCI
// engine at a node, depth or time limit it honours (seeded random openings; make_dataset_engine.h
// starts the engine) or from a PGN file labelled by each game's Result tag. Keeps quiet positions
// (quiet_filter.h) after the first plies, skips the tail of a game ended by score adjudication,
// games without a known result and duplicate positions, and writes EPD with c9 results behind a
// header holding the command and the tallies. The command line (app/cli/make_options) and the
// window's Data tab (ui/data/data_panel.h) both fill MakeDatasetOptions and call runMakeDataset.
#include <cstdint>
#include <iosfwd>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/dataset/labelled_position.h"
#include "evolution/dataset/make_dataset_progress.h"
#include "evolution/suite/candidate.h"
#include "evolution/suite/self_play.h"
#include "evolution/suite/self_play_venue.h"
#include "evolution/uci/search_types.h"

namespace mf::dataset {

struct MakeDatasetOptions {
    enum class Source { SelfPlay, Pgn };
    Source source = Source::SelfPlay;
    std::string pgnPath;
    std::string engine;                // self-play engine; empty: the caller fills the bundled one
    std::vector<std::string> engineArguments;  // --engine-arg A, in order
    uci::OptionValues engineOptions;   // --option NAME=VALUE
    int hashMb = 2;                    // small: the hash is cleared before every search
    bool overrideLimitCheck = false;   // play even when the engine does not honour the limit
    std::size_t workers = 2;           // engine processes (with mpi: on each worker rank)
    // --mpi: the games are played on the worker ranks of an MPI job (the command passes that venue
    // to runMakeDataset); self-play only.
    bool mpi = false;
    suite::SelfPlayConfig selfPlay;    // games, limit, random plies, adjudication, seed
    int minPly = 16;                   // positions after at least this many half-moves
    // At most this many positions of one game (0: all), drawn by the seed: positions of one game
    // share its result and most of its structure, so more games with fewer positions each teach
    // more per position.
    int perGame = 0;
    std::string output;
    std::vector<std::string> arguments;  // as given, for the header
};

// What a run without options makes: self-play of 1000 games kept at 3000 nodes a move, the other
// fields as above. The command line starts from these, and so does the window.
MakeDatasetOptions makeDatasetDefaults();

// The arguments after "matefind-cli make-dataset" that make the file of self-play options `o`
// (every field that differs from makeDatasetDefaults(), and always the engine, the limit, games,
// seed, workers and output): what the window writes into the header as the command, so the
// command line run with them makes the same file byte for byte.
std::vector<std::string> makeDatasetArguments(const MakeDatasetOptions& o);

struct DatasetTally {
    std::size_t games = 0;
    std::size_t gamesWithoutResult = 0;   // "*": not used
    std::size_t positionsSeen = 0;        // after min-ply, outside adjudicated tails
    std::size_t earlyPlies = 0;
    std::size_t adjudicatedTail = 0;
    std::size_t inCheck = 0;
    std::size_t tactical = 0;
    std::size_t stalemates = 0;           // no legal move: nothing to score
    std::size_t duplicates = 0;
    std::size_t beyondPerGame = 0;        // quiet and new, left out by --per-game
    std::size_t kept = 0;
    std::size_t wins = 0, draws = 0, losses = 0;  // White's results of the kept positions
    std::string describe() const;
};

// Labels the positions of `games`; appends the kept positions to `out`. `seen` holds the keys of
// positions already taken (duplicates across calls are dropped too). With `perGame` > 0 a game
// gives at most that many of its usable positions, drawn with Random(mixSeed(seed, game index)).
void labelGames(const std::vector<suite::GameRecord>& games, int minPly, std::vector<LabelledPosition>& out,
                suite::PositionKeySet& seen, DatasetTally& tally, int perGame = 0, std::uint64_t seed = 1);

// Plays or reads the games, labels their positions and writes the file. A `stop` during self-play
// still writes the positions of the games that had ended, with a header line saying it was
// stopped and after how many games; the exit code is then 1. Self-play games are played where
// `venue` starts the engines (make_dataset_engine.h); the file does not depend on it, and the
// header's command leaves out a --mpi argument (the same file is made without it). `progress`
// hears of the self-play as games end, then once the file is written (make_dataset_progress.h);
// the log gets a line every 5 % of the games from the same figures.
int runMakeDataset(const MakeDatasetOptions& options, std::ostream& log, std::stop_token stop = {},
                   const suite::SelfPlayVenueFactory& venue = suite::localSelfPlayVenue,
                   const MakeDatasetProgressHandler& progress = {});

}  // namespace mf::dataset
