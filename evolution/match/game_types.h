#pragma once
// The plain values a game is made of: who plays (Side), from where (Opening), how long each move
// may take (GameLimits), when a game is cut short (AdjudicationRules), and what happened
// (GameRecord, PairResult). Plain values on purpose: a game pair can be described, shipped to
// another process (MPI rank) and its result shipped back without any engine or thread in them.

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "evolution/uci/search_types.h"

namespace mf::match {

// One player: a name for the PGN and the option values its engine searches with. Which engine
// (program, arguments, fixed start options) is the EngineConfig of the session that plays it.
struct Side {
    std::string name;
    uci::OptionValues options;
    // > 0: this side's own node limit in a node-limited game (as cutechess's per-engine nodes=):
    // a tuner's speed charge gives a side that searches slower a node fewer nodes.
    std::int64_t nodes = 0;
};

// A start position: a FEN and UCI moves played from it before the engines take over.
struct Opening {
    std::string name;                // e.g. "openings.epd:12" or the EPD id
    std::string fen;                 // full FEN (6 fields)
    std::vector<std::string> moves;  // UCI, legal from fen
};

struct GameLimits {
    enum class Kind { Nodes, Depth, MoveTime, Clock };
    Kind kind = Kind::Nodes;
    std::int64_t value = 5000;  // nodes, plies or milliseconds per move (not Clock)
    // Clock, by cutechess's rules: each side starts with baseMs and gains incMs after each of its
    // moves. With movesPerPeriod > 0 ("40/10+0.1") baseMs is a period's time: after every
    // movesPerPeriod moves of a side, baseMs more is added to what that side has left (time
    // not used carries over), and "go" says how many moves remain in the period (movestogo).
    // A move whose measured time ("go" written -> "bestmove" read) exceeds the time left by
    // more than toleranceMs loses on time (a draw when the opponent has only its king, as
    // cutechess rules). The tolerance covers the pipe and the scheduler, not the engine.
    std::int64_t baseMs = 10'000;
    std::int64_t incMs = 100;
    std::int64_t toleranceMs = 50;
    int movesPerPeriod = 0;  // 0: baseMs is for the whole game

    static GameLimits nodes(std::int64_t n) { return {Kind::Nodes, n}; }
    static GameLimits depth(std::int64_t plies) { return {Kind::Depth, plies}; }
    static GameLimits moveTime(std::int64_t ms) { return {Kind::MoveTime, ms}; }
    static GameLimits clock(std::int64_t baseMs, std::int64_t incMs, int movesPerPeriod = 0) {
        GameLimits limits{Kind::Clock, 0};
        limits.baseMs = baseMs;
        limits.incMs = incMs;
        limits.movesPerPeriod = movesPerPeriod;
        return limits;
    }
    bool deterministic() const { return kind == Kind::Nodes || kind == Kind::Depth; }
    std::string describe() const;        // "nodes 5000", "tc 10+0.1", "tc 40/10+0.1"
    std::string pgnTimeControl() const;  // "10+0.1", "40/10+0.1" (seconds), "-" for nodes/depth, "1/0.1" movetime
};

// cutechess's time control text, "[MOVES/]BASE[+INC]" in seconds ("40/10+0.1", "10+0.1", "60"),
// as a clock; std::nullopt when it does not read (no base, a negative part, moves not a whole
// number). The base may be written M:SS ("1:30+1"), as cutechess allows.
std::optional<GameLimits> parseTimeControl(std::string_view text);

// Every adjudication is off when its count is 0.
struct AdjudicationRules {
    // Draw: from move number drawFromMove on, both engines' |score| <= drawScoreCp for drawMoves
    // consecutive moves each (2*drawMoves plies).
    int drawFromMove = 0;
    int drawMoves = 0;
    int drawScoreCp = 10;
    // Win: both engines agree that one side is ahead by at least winScoreCp (from White's view,
    // same sign) for winMoves consecutive moves each.
    int winMoves = 0;
    int winScoreCp = 1000;
    // Positions of up to 4 men are decided by MateFind's endgame tables (when generated).
    bool tablebases = false;
    // A game still running after this many plies is a draw (0: no limit).
    int maxPlies = 0;
};

enum class GameResult { WhiteWins, BlackWins, Draw, Unfinished };
std::string_view pgnResult(GameResult result);  // "1-0", "0-1", "1/2-1/2", "*"

// Why a game ended. PGN's Termination tag groups them (pgnTermination).
enum class Ending {
    None,                  // unfinished (stopped)
    Checkmate,
    Stalemate,
    Repetition,            // threefold
    FiftyMoves,
    InsufficientMaterial,
    AdjudicatedDraw,       // score-based
    AdjudicatedWin,        // score-based
    Tablebase,
    MaxLength,
    TimeForfeit,
    IllegalMove,
    EngineFault,           // crash, hang, disconnect, garbage: a Failed search
};
std::string_view endingName(Ending ending);      // "checkmate", "time forfeit", ...
std::string_view pgnTermination(Ending ending);  // "normal", "adjudication", "time forfeit", ...

struct MoveRecord {
    std::string uci;
    std::string san;
    bool book = false;                // an opening move, not searched
    std::optional<uci::Score> score;  // the mover's view
    int depth = 0;
    std::int64_t nodes = 0;
    std::int64_t timeMs = 0;          // measured think time
    std::int64_t clockLeftMs = -1;    // Clock only: the mover's time after the move
};

struct GameRecord {
    std::string white, black;
    std::string openingName;
    std::string startFen;             // the opening's FEN; moves include the opening's
    std::vector<MoveRecord> moves;
    GameResult result = GameResult::Unfinished;
    Ending ending = Ending::None;
    std::string reason;               // human-readable, e.g. "White mates", "Black: engine exited ..."
    // Both engines' measured think time, summed exactly (a move's whole milliseconds would lose
    // about half a millisecond a move: a fifth of a 5000-node search of the bundled engine).
    std::chrono::nanoseconds thinkTime{0};
    int restarts = 0;                 // engine processes restarted during the game
};

// Two games from one opening with colours reversed: games[0] has side A as White.
struct PairResult {
    std::uint64_t index = 0;          // the caller's pair number
    std::array<GameRecord, 2> games;
    bool complete() const {
        return games[0].result != GameResult::Unfinished && games[1].result != GameResult::Unfinished;
    }
    // Side A's points over the pair in half-points: 0 (two losses) .. 4 (two wins).
    int halfPointsA() const;
    // Sides A and B: nodes a second with their values over those of a reference, when the player
    // measured them before the pair (the tuner's speed probe); empty otherwise.
    std::array<std::optional<double>, 2> speedRatio{};
    std::chrono::nanoseconds speedProbeTime{0};  // the engines' think time in those measurements
};

// Points of side A (as White in games[0]) in one game: 2 win, 1 draw, 0 loss (half-points).
int halfPointsForWhite(GameResult result);

}  // namespace mf::match
