#pragma once
// How far a unit of each column's weight moves q where the column is used, for the optimisers
// that step on traces (the gradient's Adam, whose step is in centipawns).
#include <vector>

#include "evolution/tuning/measures/evalfit/trace/trace_rows.h"

namespace mf::dataset {

// Centipawns of q per unit of each column's weight, where the column is used: the mean |coefficient|
// over its non-zero entries (1 for a column no row uses). Adam moves a weight by about its rate a
// step whatever the gradient's size, so dividing the rate by this makes a step move q by about the
// same number of centipawns for every term, whatever its unit (a piece value in centipawns, a
// piece-square entry in 1/30 cp, a king distance in 1/96 cp).
std::vector<double> centipawnsPerUnit(const TraceRows& table);

}  // namespace mf::dataset
