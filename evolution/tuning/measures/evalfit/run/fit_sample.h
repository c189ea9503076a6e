#pragma once
// The positions K and E0 are fitted on. K is one number, and a million positions pin it to four
// digits; scoring all of a large data set for it costs a direct pass over every position (at 10^7
// positions on 2 cores, ~10 minutes and every fast-path engine holding its share of the positions
// for the rest of the run). A data set of more than kFitAllUpTo positions is fitted on an even
// spread of kFitSamplePositions of them: blocks of DatasetIndex::kStride consecutive positions
// (a position's neighbours come from its own game, a block is one seek in the file) spaced evenly
// through the file, the same for the same file.
#include <cstddef>

#include "evolution/tuning/measures/evalfit/evalfit_measure.h"

namespace mf::tuning {

inline constexpr std::size_t kFitAllUpTo = 2'000'000;
inline constexpr std::size_t kFitSamplePositions = std::size_t{1} << 20;

// `work` itself when it holds at most `allUpTo` positions, else a work over a sample of about
// `sample` of them (whole blocks; its positions held in memory, its file named "FILE (sample of
// N)"); an error names a file that cannot be read back.
Result<DatasetWork> fitSampleOf(const DatasetWork& work, std::size_t allUpTo = kFitAllUpTo,
                                std::size_t sample = kFitSamplePositions);

}  // namespace mf::tuning
