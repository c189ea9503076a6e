#pragma once
// The optimiser options of `tune` (--optimizer and every optimiser's own numbers, made from their
// descriptions in the optimiser registry: --creep, --spsa-r-end, --cmaes-sigma ...) and
// --start-values, which tune and fight share.

#include <boost/program_options.hpp>

#include <string>
#include <vector>

#include "evolution/tuning/settings/tuning_settings.h"

namespace mf::cli {

// --start-values for both; --optimizer and the optimisers' numbers only when `withOptimizer` (tune).
void addOptimizerOptions(boost::program_options::options_description& options, bool withOptimizer);

// Sets settings.optimizer (--optimizer, its numbers, the later stages of --then and --polish) and
// applies --start-values to settings.genome (read after the genome and --generations, which is the
// first stage's count: the run's generations become the sum). Options of optimisers the run does
// not use are refused, naming both. Throws std::invalid_argument.
void readOptimizerOptions(const boost::program_options::variables_map& values, tuning::TuningSettings& settings);

// A resumed run goes on with the stages --then and --polish add after its own: its last stage
// ends where the file's generations end. False when neither is given.
bool appendStages(const boost::program_options::variables_map& values, tuning::TuningSettings& settings);

// The options a resumed run cannot change (they are saved in its file): --optimizer, every
// optimiser number's flag, --start-values.
std::vector<std::string> optimizerFixedOptions();

}  // namespace mf::cli
