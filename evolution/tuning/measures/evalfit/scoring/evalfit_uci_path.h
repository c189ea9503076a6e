#pragma once
// evalfit's uci path: q of each position from one plain UCI search, for any engine. A search per
// position costs one write and the reads up to its bestmove (engine_session.h): "ucinewgame",
// "position" and "go" travel together, and the engine's hash is its smallest (harness_options.h),
// so the new game that makes every q independent of the positions searched before it costs next
// to nothing. A search that fails is retried once on a fresh process (the session); a position
// that still fails fails the candidate, named with its number.
#include <cstddef>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/uci/engine_session.h"
#include "evolution/uci/search_types.h"

namespace mf::dataset {

// q (White's view) of fens[first .. first+count) with `options`, one `limit` search each.
CandidateScores scoreThroughUci(uci::EngineSession& session, const std::vector<std::string>& fens, std::size_t first,
                                std::size_t count, const uci::OptionValues& options, const uci::SearchLimit& limit,
                                std::stop_token stop = {});

// True when the FEN's side to move is White (its second field is "w").
bool whiteToMoveInFen(const std::string& fen);

}  // namespace mf::dataset
