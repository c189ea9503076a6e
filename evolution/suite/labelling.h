#pragma once
// The rules that decide whether a searched position is a good test and what its answer is.
// Pure functions over the reference engine's MultiPV lines, so every rule is tested with fixed
// tables of lines and no engine.
//
// A position is kept when the best move is clearly best: the engine's first line beats its second
// by at least `minMargin` centipawns, the game is not already decided (the best score lies inside
// the window), the side to move is not in check (the legal replies are few and forced) and the
// best move is not a trivial recapture (taking back on the square where the last move captured).

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position.h"
#include "engine/types.h"
#include "evolution/uci/uci_protocol.h"

namespace mf::suite {

struct LabelRules {
    int minMargin = 100;        // centipawns between the best and the second-best line
    int scoreWindow = 300;      // |best score| must not exceed this; mate scores never fit
    bool rejectInCheck = true;
    bool rejectRecaptures = true;
};

// One line of the reference engine's MultiPV output, best first.
struct PvLine {
    std::string move;  // first move of the pv, UCI notation
    uci::Score score;  // from the side to move's point of view
};

enum class Verdict {
    Kept,
    InCheck,        // side to move is in check
    OnlyMove,       // fewer than two legal moves: nothing to choose
    MissingLine,    // the engine did not report two lines (or the best move is not its first line)
    InexactScore,   // a line's score is only a bound
    Decided,        // best score outside the window (or a mate score)
    SmallMargin,    // best and second best too close
    Recapture,      // best move takes back on the square the last move captured on
    EngineFailed,   // the search failed; see the builder's report
    TablesNoTest,   // tables: every legal move gives the same result, so the position tests nothing
};
std::string_view toString(Verdict verdict);
inline constexpr int VerdictCount = 10;

struct Labelling {
    Verdict verdict = Verdict::EngineFailed;
    Move best = Move::none();
    Move second = Move::none();
    int bestCp = 0;    // scores as centipawns (mates mapped to +-(MateCp - moves))
    int secondCp = 0;
    int margin = 0;
};

// Centipawn stand-in for mate scores, far beyond any window, so margins stay comparable.
inline constexpr int MateCp = 30000;
int toCentipawns(const uci::Score& score);

// Checks that need no search (in check, fewer than two legal moves); Kept when none applies.
Verdict preSearchVerdict(const Position& pos, const LabelRules& rules);

// The full verdict. `lastMove` is the move that led to `pos` (Move::none() when unknown, e.g. for
// EPD sources: the recapture rule then cannot apply). `bestMove` is the engine's bestmove;
// `lines` its MultiPV lines, multipv 1 first.
Labelling judge(const Position& pos, Move lastMove, std::string_view bestMove, const std::vector<PvLine>& lines,
                const LabelRules& rules);

// "+35", "-120", "#3", "#-2": how a score reads in the suite's comments.
std::string formatScore(const uci::Score& score);

}  // namespace mf::suite
