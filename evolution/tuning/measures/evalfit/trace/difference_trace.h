#pragma once
// Traces for engines that cannot write their own (no `evalfit trace`): each position's coefficient
// in term t is found by a finite difference, q(start + h_t e_t) - q(start), divided by h_t, with q
// from any EvalfitScorer (the evalfit extension's `evalfit scores`, or one UCI search per
// position). That is n + 1 scorings of the data set, once, at the start weights; every candidate
// after that is dot products (trace_error.h).
//
// It is exact for an evaluation that is linear in its weights, up to the engine's whole-centipawn
// rounding divided by h_t. An engine that is not linear (a search whose best line changes with the
// weights, a weight that scales a product of two others) gives a model that drifts away from the
// start: checkLinearity measures that, and the run falls back to direct scoring when it fails.
#include <cstddef>
#include <cstdint>
#include <stop_token>
#include <string>
#include <vector>

#include "engine/result.h"
#include "evolution/tuning/measures/evalfit/scoring/evalfit_scoring.h"
#include "evolution/tuning/measures/evalfit/trace/trace_table.h"

namespace mf::dataset {

struct DifferenceTerm {
    std::string option;  // the UCI option the term sets
    int start = 0;       // its value at the start weights
    int min = 0;         // its window
    int max = 0;
    friend bool operator==(const DifferenceTerm&, const DifferenceTerm&) = default;
};

// The step a term is differenced with: an eighth of its window (at least 1), so that the
// engine's rounding to whole centipawns costs at most 1/h of a coefficient, taken upwards unless
// that leaves the window.
int differenceStep(const DifferenceTerm& term);

// The trace of every position `scorer` holds, columns = the terms' options in order. `fixed` are
// options sent with every scoring (the rest of a candidate's weights). An error names the term
// whose scoring failed.
Result<TraceTable> traceByDifferences(EvalfitScorer& scorer, const std::vector<DifferenceTerm>& terms,
                                      const uci::OptionValues& fixed, std::stop_token stop = {});

// The candidates that traceByDifferences scores (the start, then one per term moved by its step):
// for engines scored elsewhere (tuning's items), with differenceTable to build the table.
std::vector<uci::OptionValues> differenceCandidates(const std::vector<DifferenceTerm>& terms,
                                                    const uci::OptionValues& fixed);
TraceTable differenceTable(const std::vector<DifferenceTerm>& terms, const std::vector<std::vector<int>>& scores);

}  // namespace mf::dataset
