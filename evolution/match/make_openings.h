#pragma once
// Making a balanced openings file from nothing but a reference engine, reproducibly from a seed:
//   1. candidate i starts with `randomPlies` uniformly random legal moves from the start position
//      (suite::randomOpening with the generator seeded by mixSeed(seed, i)) for variety;
//   2. the reference engine then plays `enginePlies` moves itself at `playLimit`, so the
//      position is one a game could reach;
//   3. the engine scores the result at `checkLimit`; it is kept when |score| <= windowCp, the game
//      is not over, and no earlier kept opening has the same position.
// Candidates are taken in index order until `count` are kept, so the file depends only on the
// seed, the limits and the engine (one thread, nodes or depth limits).

#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <vector>

#include "evolution/uci/search_service.h"

namespace mf::match {

struct MakeOpeningsConfig {
    int count = 250;
    int maxCandidates = 5000;
    int randomPlies = 4;
    int enginePlies = 4;
    uci::SearchLimit playLimit = uci::SearchLimit::nodes(5000);
    uci::SearchLimit checkLimit = uci::SearchLimit::nodes(100000);
    int windowCp = 50;
    std::uint64_t seed = 1;
};

struct MadeOpening {
    std::string fen;   // full FEN
    int scoreCp = 0;   // the check search's score, side to move's view
    std::vector<std::string> moves;  // UCI moves from the start position
};

struct MakeOpeningsReport {
    int candidates = 0;
    int ended = 0;       // the game ended during the engine's moves
    int failed = 0;      // a search failed
    int unbalanced = 0;  // |score| > window (or a mate score)
    int duplicates = 0;
    int kept = 0;
};

std::vector<MadeOpening> makeOpenings(uci::SearchService& engine, const MakeOpeningsConfig& config,
                                      MakeOpeningsReport& report,
                                      const std::function<void(int kept, int candidates)>& progress = {},
                                      std::stop_token stop = {});

// The openings as EPD lines ("<4 fields> hmvc N; fmvn N; id "..."; c0 "score +12 cp"; c1 "1. e4 ...";"),
// after `headerComments` as '#' lines.
std::string openingsEpd(const std::vector<MadeOpening>& openings, const std::vector<std::string>& headerComments);

}  // namespace mf::match
