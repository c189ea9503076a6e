#pragma once
// One searched suite position as a PositionResult: the EPD verdict (solved, points, speed prize)
// and what `print` shows. Shared by the runner (after a search) and the merge (a position never
// searched comes back cancelled).

#include "evolution/tuning/measures/suite/suite_measure.h"
#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

PositionResult positionResult(const uci::SuitePosition& position, const uci::SearchResult& result,
                              const ScoringRule& rule);

// One position's score under a rule: Solved -> 1 + prize*(1 - s/L) when solved; Points -> the
// move's points, plus prize*(1 - s/L) when solved; 0 when unsolved; not scored when the search
// did not complete.
double positionScore(bool solved, int points, double settleFraction, const ScoringRule& rule);

// The fitness of a candidate from its positions, the same for every evaluator: sum of scored
// positions' `score`. Recomputes fitness and the counters (not maxPoints, thinkTime) from `positions`.
void summarize(CandidateScore& score);

}  // namespace mf::tuning
