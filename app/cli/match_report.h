#pragma once
// What `matefind-cli match` prints: the progress line's detail while it plays, and the summary at
// the end (score, pentanomial, Elo with its interval, SPRT, endings, forfeits, time).

#include <ostream>
#include <string>

#include "evolution/match/match_runner.h"

namespace mf::cli {

// "Elo +12.3 +- 8.1 W-D-L 10-20-8", and the LLR with its bounds when the match has an SPRT.
std::string matchProgressDetail(const match::MatchSummary& summary);

void printMatchSummary(std::ostream& out, const match::MatchConfig& config, const match::MatchSummary& summary);

}  // namespace mf::cli
