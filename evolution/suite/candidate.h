#pragma once
// A position offered to the labeller, with where it came from, and the ways to collect them:
// every position of an EPD/FEN list, or positions sampled (seeded) from played games.

#include <cstdint>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/epd.h"
#include "engine/pgn_reader.h"
#include "engine/position.h"
#include "engine/types.h"

namespace mf::suite {

struct Candidate {
    Position position = Position::startPosition();
    Move lastMove = Move::none();  // the move that led here, when known (recapture rule)
    std::string origin;            // "games.pgn:12 ply 31", "list.epd:7", "self-play game 4 ply 30"
};

// A game as a start position and legal moves, whatever produced it (a PGN file, self-play).
struct GameRecord {
    std::string name;  // used in candidates' origin
    Position start = Position::startPosition();
    std::vector<Move> moves;
    // How the game ended, for labelling positions by result: "1-0", "0-1", "1/2-1/2", or "*"
    // when unknown (a PGN without a result, a self-play game cut at its ply limit or by a failure).
    std::string result = "*";
    // Self-play games ended by score adjudication: the ply where the run of decisive scores began
    // (positions from there on are the adjudicated tail); -1 when the game was not adjudicated.
    int adjudicatedFromPly = -1;
};
GameRecord toGameRecord(const PgnGame& game, const std::string& file);

struct SampleRules {
    int minPly = 16;      // positions after at least this many half-moves of the game
    int perGame = 4;      // positions drawn per game (0: every eligible position)
    int minPieces = 0;    // men on the board, kings and pawns included
    int maxPieces = 32;
};

// The eligible positions of a game (ply >= minPly, piece count in range), then `perGame` of
// them drawn without replacement from a generator seeded by (seed, gameIndex), in game order.
std::vector<Candidate> sampleGame(const GameRecord& game, int gameIndex, const SampleRules& rules, std::uint64_t seed);

// Every position of an EPD or FEN list, in file order (piece-count rule applied).
std::vector<Candidate> candidatesFromEpd(const EpdFile& file, const SampleRules& rules);

// Keys for duplicate detection: the first four FEN fields (placement, side, castling, ep).
using PositionKeySet = std::unordered_set<std::string>;
inline std::string positionKey(const Position& pos) { return pos.epdFields(); }

// Drops candidates whose key is in `seen` or repeats an earlier one; adds the kept keys to `seen`.
std::vector<Candidate> removeDuplicates(std::vector<Candidate> candidates, PositionKeySet& seen);

// Mixes a run seed with an index into an independent seed (splitmix64), so game i's randomness
// does not depend on how many draws the games before it took.
std::uint64_t mixSeed(std::uint64_t seed, std::uint64_t index);

}  // namespace mf::suite
