#pragma once
// The polish of an evalfit run (`tune --polish`, evalfit_polish_run.h) in the run's file, beside
// the generations' history (run_history.h), so the file says where its best came from:
//
//   polish.P = generation=G start=E pass=N error=E moved=M evaluations=C values=a,b,c [heldout=E]
//
// P counts the file's polish passes from 1 (a second polish goes on counting); G is the
// generation whose best the polish started from, `start` that best's E, `pass` the pass within
// its polish. Numbers are written exactly (exactDecimal) and read back to the same double.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/measures/evalfit/evalfit_polish.h"
#include "evolution/ga/evolution.h"

namespace mf::tuning {

struct RecordedPolishPass {
    int generation = 0;              // the generation whose best the polish started from
    double startError = 0.0;         // that best's E
    dataset::PolishPass pass;        // pass, error, evaluations, moved, values
    std::optional<double> heldOutError;  // the polished weights' held-out E (the polish's last pass)
};

// Appends `pass` as the file's next polish line.
void recordPolishPass(ga::RunState& state, int generation, double startError, const dataset::PolishPass& pass);

// Adds the held-out E to the last polish line (after the polish's last pass).
void recordPolishHeldOut(ga::RunState& state, double heldOutError);

// Every polish line of `state`, in order. A line that does not read is an error naming its key.
Result<std::vector<RecordedPolishPass>> recordedPolish(const ga::RunState& state);

// The last polish pass whose weights are `values` and lowered E (so the polish put them in the
// population), when there is one: what an export names the weights by.
std::optional<RecordedPolishPass> polishOf(const ga::RunState& state, const std::vector<int>& values);

// Copies the polish lines from `from` into `to` (a continued run keeps them).
void keepPolish(const ga::RunState& from, ga::RunState& to);

}  // namespace mf::tuning
