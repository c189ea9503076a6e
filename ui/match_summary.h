#pragma once
// The Match tab's summary in words that say what the numbers are: the Elo with its 95% interval
// as an interval (it is not symmetric in Elo, so no "+-"), an unbounded end said as such rather
// than "inf", and the SPRT's verdict in words that fit the match's state (undecided while it
// plays; undecided, H0 or H1 once it is over).
#include "evolution/match/elo.h"

#include <QString>

namespace mf::ui {

// "+12.3 (95%: -4.1 to +28.9)"; "every game won so far: no finite estimate"; "-80.2 (95%: below
// +15.0, too few games for a lower bound)".
QString eloText(const match::EloEstimate& elo);
// "LLR 1.23 of [-2.94, 2.94]: undecided so far" / "...: no verdict (the match ended first)" /
// "...: H1 accepted (A is elo1 = 5 Elo better)" / "...: H0 accepted (A is not elo1 better)".
QString sprtText(const match::SprtStatus& sprt, const match::SprtConfig& config, bool finished);

} // namespace mf::ui
