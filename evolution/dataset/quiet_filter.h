#pragma once
// Which positions of a game are worth labelling for Texel tuning: quiet ones, where the score of
// the evaluation is the score of the position. A position is quiet when the side to move is not
// in check and a quiescence search changes nothing: its score equals the static evaluation, or
// the move it prefers is not a capture. Judged with the bundled engine's evaluation and weights.
#include <string_view>

#include "engine/eval_params.h"
#include "engine/position.h"

namespace mf::dataset {

// NoMove: stalemate (checkmate is InCheck). The rules give its result, so it tells a tuner
// nothing, and engines answer it with `bestmove (none)` and no score.
enum class Quietness { Quiet, InCheck, Tactical, NoMove };
std::string_view toString(Quietness q);

Quietness judgeQuietness(const Position& pos, const EvalParams& params);

}  // namespace mf::dataset
