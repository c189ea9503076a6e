#pragma once
// When a run may use the K and E0 (and held-out E0) it was given, and when it fits them again:
// one rule for every front end (the window's Start after Open, `tune --resume`, the window's
// report, `print`, `score`), so none of them scores with numbers fitted on something else.
//
//   A new run (and anything that scores on its own) keeps a saved fit only when the key saved
//   with it (fit_key.h) equals the key of its settings now: same engine bytes and arguments, same
//   fixed options and scoring path, same genome terms and defaults, same data. Otherwise, and when
//   the fit has no key (a file from before keys), the fit is dropped and fitted again.
//   A continued run keeps its fit whatever changed: its generations were scored with it, and
//   their fitness stays comparable. What changed is said, so the user may start anew.
//
// The held-out part counts only when the settings have held-out data (print scores the training
// data alone, and needs no held-out E0).
//
// The score cache needs no key: it lives with one run (RunController) and goes with it.

#include <string>
#include <vector>

#include "evolution/tuning/measures/evalfit/fit_key.h"
#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::tuning {

// The evalfit key of `settings` (the parts of fit_key.h). Reads the engine program and the data
// files, so it takes as long as reading them.
FitKey evalfitFitKey(const TuningSettings& settings);

enum class FitUse {
    NewRun,        // a new run, a fight, a report, print, score: refit unless the key matches
    ContinuedRun,  // a run going on from its file: keep the fit
};

struct FitRuling {
    bool dropped = false;                 // settings.evalfit's fit was cleared: fit again
    std::vector<std::string> differing;   // the key's parts that changed ("engine", "data", ...)
    std::string note;                     // what to tell the user; empty: nothing worth saying
    bool warning = false;                 // the note is a warning (a continued run on changed inputs)
};

// Applies the rule to `settings` (measure evalfit with a saved K; otherwise nothing to rule on):
// clears k, the E0s and the key when the fit must be made again.
FitRuling ruleOnSavedFit(TuningSettings& settings, FitUse use);

// "the engine and the data": the parts in words, for a note.
std::string fitPartsInWords(const std::vector<std::string>& parts);

}  // namespace mf::tuning
