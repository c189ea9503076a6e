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

#include "engine/eval_params.h"
#include "engine/types.h"
#include "engine/position.h"

namespace mf {

enum class PositionScoreKind { Static, Quiescence };

// White's view: static evaluation.
int staticScoreWhite(const Position& pos, const EvalParams& params);

struct QuiescenceResult {
    int scoreWhite = 0;        // White's view; mate scores are clamped to +-MateClamp
    Move bestMove = Move::none();  // the capture (or evasion) the quiescence prefers; none when standing pat
    std::uint64_t nodes = 0;
};
inline constexpr int QuiescenceMateClamp = 30000;

QuiescenceResult quiescenceScore(const Position& pos, const EvalParams& params);

// The bulk fast path behind the engine's `evalfit` UCI extension: positions are loaded once
// (one FEN or EPD per line; anything after the fourth..sixth FEN field is ignored), then scored
// many times with changing weights.
class PositionScorer {
public:
    // Reads `path`; returns the error text ("file:line: reason") of the first unreadable line, or
    // an empty string. The positions of a previous load are replaced.
    std::string load(const std::string& path);
    std::size_t size() const { return positions_.size(); }
    std::vector<int> score(const EvalParams& params, PositionScoreKind kind, std::uint64_t* nodes = nullptr) const;

private:
    std::vector<Position> positions_;
};

// The `evalfit` UCI command (an extension of the bundled engine); `print` gets each reply line.
//   evalfit load PATH                  -> "evalfit loaded N" | "evalfit error TEXT"
//   evalfit scores [static|quiescence] -> "evalfit part v1 v2 ..." lines of at most
//                                         EvalfitValuesPerLine scores (White's view, file order),
//                                         then "evalfit scores N"
// Quiescence is the default. The weights are the engine's current ones (setoption before).
inline constexpr std::size_t EvalfitValuesPerLine = 4096;
void evalfitCommand(PositionScorer& scorer, const EvalParams& params, std::string_view args,
                    const std::function<void(std::string_view)>& print);

}  // namespace mf
