#pragma once
// One searched suite position as a PositionResult: the EPD verdict (solved, points, speed prize)
// and what `print` shows. Shared by the item runner (after a search) and the merge (a position
// never searched comes back cancelled).

#include "evolution/tuning/fitness_evaluator.h"
#include "evolution/uci/epd_suite.h"
#include "evolution/uci/search_types.h"

namespace mf::tuning {

PositionResult positionResult(const uci::SuitePosition& position, const uci::SearchResult& result,
                              const ScoringRule& rule);

}  // namespace mf::tuning
