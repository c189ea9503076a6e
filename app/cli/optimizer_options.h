#pragma once
// The optimiser options of `tune` (--optimizer, --spsa-r-end, --spsa-scale, --cmaes-sigma, the GA's
// --creep and --restart-spread) and
// --start-values, which tune and fight share.

#include <boost/program_options.hpp>

#include "evolution/tuning/tuning_settings.h"

namespace mf::cli {

// --start-values for both; --optimizer and its options only when `withOptimizer` (tune).
void addOptimizerOptions(boost::program_options::options_description& options, bool withOptimizer);

// Sets settings.optimizer and applies --start-values to settings.genome (read after the genome).
// GA options given with another optimiser are refused, naming both. Throws std::invalid_argument.
void readOptimizerOptions(const boost::program_options::variables_map& values, tuning::TuningSettings& settings);

// The options a resumed run cannot change (they are saved in its file).
inline constexpr const char* kOptimizerFixedOptions[] = {"optimizer", "spsa-r-end", "spsa-scale", "cmaes-sigma",
                                                         "creep", "creep-shrink", "restart-spread", "start-values"};

}  // namespace mf::cli
