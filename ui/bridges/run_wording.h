#pragma once
// What the window says about a run, in one wording for the status bar and the run messages: the
// status with its reason ("Paused: nothing is searching"), the evaluation under way ("generation
// 3: 120 / 500 positions", the held-out pass, the fit of K and E0 before generation 0), and what
// the run is waiting on when its engines have been quiet for a while.
#include "evolution/tuning/run/run_observer.h"

#include <QString>

#include <chrono>

namespace mf::ui {

// "Idle", "Running", "Paused: nothing is searching", "Finished: all 2 generations done (0 to 1)".
QString statusWords(const tuning::StatusChange& change);
// "Running" (the status alone, capitalised).
QString statusName(tuning::RunStatus status);
// The progress bar's format (%v and %m stand for done and total):
// "generation 3: %v / %m positions", "generation 3, held-out: %v / %m positions",
// "fitting K on the defaults: %v / %m positions" (the held-out data: "E0 of the held-out data").
QString progressFormat(const tuning::RunProgress& progress);
// What the evaluation under way is, without counts: "scoring generation 3", "the held-out pass
// of generation 3", "fitting K and E0 on the genome's defaults".
QString passWords(const tuning::RunProgress& progress);
// How long the engines have been quiet, when it is long enough to say (kWaitingWorthSaying), else
// "": "waiting on 2 engines for 0:12 (no answer yet in this pass)".
QString waitingWords(const tuning::RunProgress& progress);
inline constexpr std::chrono::seconds kWaitingWorthSaying{3};
// "0:07", "12:40", "1:02:03".
QString durationText(std::chrono::seconds seconds);

} // namespace mf::ui
