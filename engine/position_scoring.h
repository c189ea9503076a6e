#pragma once
// Scores of single positions for evaluation tuning (Texel's method), away from the search: the
// static evaluation, or a small quiescence search that resolves captures so a position's score
// does not count material about to be taken. Both from White's point of view, in centipawns.
// The quiescence here is its own: no transposition table, no history, captures in MVV-LVA order,
// so a position's score depends only on the position and the weights (never on what was scored
// before it), which a tuner comparing weight sets needs. The search's own quiescence is untouched.
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/eval_legacy.h"
#include "engine/eval_params.h"
#include "engine/types.h"
#include "engine/position.h"

namespace mf {

enum class PositionScoreKind { Static, Quiescence };

// White's view: static evaluation.
int staticScoreWhite(const Position& pos, const EvalParams& params);
int staticScoreWhite(const Position& pos, const EvalWeights& weights);  // weights resolved once

struct QuiescenceResult {
    int scoreWhite = 0;        // White's view; mate scores are clamped to +-MateClamp
    Move bestMove = Move::none();  // the capture (or evasion) the quiescence prefers; none when standing pat
    std::uint64_t nodes = 0;
};
inline constexpr int QuiescenceMateClamp = 30000;

QuiescenceResult quiescenceScore(const Position& pos, const EvalParams& params);
QuiescenceResult quiescenceScore(const Position& pos, const EvalWeights& weights);  // weights resolved once

// A position's score as a linear function of the weights, at `params` (the `evalfit trace` line):
//     scoreWhite = constant + sum over coefficients of coefficient x params.at(term)
// exactly (in double arithmetic) at `params`, and up to the engine's integer rounding at other
// weights (static traces; a quiescence trace holds the leaf fixed, which other weights may move).
// The coefficients are float values (the wire's and MateFind's table's precision) and the
// constant is taken against them, so the rounding to float costs nothing at `params`.
struct TermCoefficient {
    int term = 0;             // index into evalTerms()
    float coefficient = 0.f;  // White's view, never 0
};
struct PositionTrace {
    int scoreWhite = 0;  // staticScoreWhite, or quiescenceScore's scoreWhite, at `params`
    double constant = 0.0;
    std::vector<TermCoefficient> coefficients;  // in term order
};
// The static evaluation's trace.
PositionTrace traceStatic(const Position& pos, const EvalParams& params);
// The trace of the leaf the quiescence search reaches at `params`: the static trace of that leaf
// (the root's score is +-its static evaluation), or a constant for a mate or an in-check ply limit.
PositionTrace traceQuiescence(const Position& pos, const EvalParams& params);

// The bulk fast path behind the engine's `evalfit` UCI extension: positions are loaded once
// (one FEN or EPD per line; anything after the fourth..sixth FEN field is ignored), then scored
// many times with changing weights.
class PositionScorer {
public:
    // Reads `path`; returns the error text ("file:line: reason") of the first unreadable line, or
    // an empty string. The positions of a previous load are replaced.
    std::string load(const std::string& path);
    std::size_t size() const { return positions_.size(); }
    // The bytes the loaded positions hold (their boards and state stacks), for the tests.
    std::size_t heldBytes() const;
    std::vector<int> score(const EvalParams& params, PositionScoreKind kind, std::uint64_t* nodes = nullptr) const;
    // Each position's trace in file order, handed to `each` one at a time (never all held).
    void trace(const EvalParams& params, PositionScoreKind kind,
               const std::function<void(const PositionTrace&)>& each) const;
    bool loaded() const { return loaded_; }

private:
    std::vector<Position> positions_;
    bool loaded_ = false;
};

// The `evalfit` UCI command (an extension of the bundled engine); `print` gets each reply line.
//   evalfit load PATH                  -> "evalfit loaded N" | "evalfit error TEXT"
//   evalfit scores [static|quiescence] -> "evalfit part v1 v2 ..." lines of at most
//                                         EvalfitValuesPerLine scores (White's view, file order),
//                                         then "evalfit scores N"
//   evalfit trace [static|quiescence]  -> "evalfit terms N", then N lines "evalfit term I NAME"
//                                         (I = 0..N-1, NAME the UCI option), then per position in
//                                         file order "evalfit t C I:V I:V ..." (C the constant, V
//                                         term I's coefficient, terms left out are 0), then
//                                         "evalfit traced M"; "evalfit error TEXT" before a load
// Quiescence is the default. The weights are the engine's current ones (setoption before).
// Numbers of a trace line: C is the shortest decimal that reads back to the same double, V the
// shortest that reads back to the same float (at most 17 and 9 significant digits); a line is at
// most EvalfitTraceLineBytes(N) bytes.
inline constexpr std::size_t EvalfitValuesPerLine = 4096;
inline constexpr std::size_t evalfitTraceLineBytes(std::size_t terms) { return 40 + 24 * terms; }
void evalfitCommand(PositionScorer& scorer, const EvalParams& params, std::string_view args,
                    const std::function<void(std::string_view)>& print);

}  // namespace mf
