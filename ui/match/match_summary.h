#pragma once
// The Match tab's summary lines: match_wording.h's words (the ones `matefind-cli match` prints
// too) as QStrings.
#include "evolution/match/elo.h"

#include <QString>

namespace mf::ui {

// "+12.3 (95%: -4.1 to +28.9)"; "every game won so far: no finite estimate"; "-80.2 (95%: below
// +15.0, too few games for a lower bound)".
QString eloText(const match::EloEstimate& elo);
// "SPRT LLR 1.23 of [-2.94, 2.94]: undecided so far" / "...: no verdict: ..." / "...: H1 accepted: ...".
QString sprtText(const match::SprtStatus& sprt, const match::SprtConfig& config, bool finished);

} // namespace mf::ui
