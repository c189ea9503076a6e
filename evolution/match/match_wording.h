#pragma once
// A match's figures in the words the Match tab and `matefind-cli match` both print: the Elo with
// its 95% interval written as an interval (it is not symmetric in Elo, so no "+-"), an unbounded
// end said as such rather than "inf", and the SPRT's verdict in words that fit the match's state
// (undecided while it plays; undecided, H0 or H1 once it is over). One formatter, so a short
// match never reads "+- inf [-inf, -34.1]" in one place and an interval in the other.

#include <string>

#include "evolution/match/elo.h"

namespace mf::match {

// "+12.3 (95%: -4.1 to +28.9)"; "every game won so far: no finite estimate"; "-80.2 (95%: below
// +15.0, too few games for a lower bound)"; "no games yet".
std::string eloInWords(const EloEstimate& elo);

// "SPRT LLR 1.23 of [-2.94, 2.94]: undecided so far" / "...: no verdict: the match ended before
// the LLR reached a bound" / "...: H1 accepted: side A is about +5.0 Elo better or more" /
// "...: H0 accepted: side A is not +5.0 Elo better (about +0.0 or less)".
std::string sprtInWords(const SprtStatus& sprt, const SprtConfig& config, bool finished);

}  // namespace mf::match
