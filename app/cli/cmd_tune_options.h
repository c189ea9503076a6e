#pragma once
// What `tune` and `fight` share: their command-line options, turned into TuningSettings with the
// bundled defaults, and the texts of their log (the progress line is tune_progress.h's).

#include <cstdint>
#include <boost/program_options.hpp>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/settings/tuning_settings.h"
#include "app/cli/tune_progress.h"
#include "evolution/uci/engine_config.h"

namespace mf::cli {

// Score: `score`, one weight set: the engine, measure and limit options, no GA and no run file.
enum class TuneCommand { Tune, Fight, Score };

// --suite --engine --genome --population --generations --selection --pk --pm --elite --max --qlin
// --qnolin --k --movetime|--depth|--nodes --prize --option --engine-arg --workers --cache-mb --seed --out
// --heldout --heldout-every --override-limit-check --search-timeout (and for tune: --resume).
void addTuneOptions(boost::program_options::options_description& options, TuneCommand command);

// Settings for a new run from the options and the bundled defaults. Throws std::invalid_argument
// with a message naming the option.
// With `genome` the genome is that one (an imported 2006 population), not --genome's or the preset.
// --confirm, --confirm-tc and --confirm-movetime into `games` (a new run, or a resumed one, which
// may add a confirmation after its last generation).
void readConfirmOptions(const boost::program_options::variables_map& values, tuning::GamesSettings& games);

tuning::TuningSettings settingsFromOptions(const boost::program_options::variables_map& values,
                                           const ga::Genome* genome = nullptr);

// --cache-mb in bytes (the default bound without it). Throws std::invalid_argument when out of range.
std::size_t scoreCacheBytesOption(const boost::program_options::variables_map& values);
// --max-memory MiB as bytes; 0 when not given (the machine's free memory is the limit).
std::uint64_t maxMemoryOption(const boost::program_options::variables_map& values);

// The limit check before a run (limit_check.h): nullopt to go on (settings.engine then carries the
// probe's speed for the deadlines), else the exit code after the reason on stderr.
std::optional<int> checkEngineLimit(const std::string& command, tuning::TuningSettings& settings,
                                    const boost::program_options::variables_map& values, std::stop_token stop = {});

// "12.5", "3" — shortest round-trip text of a fitness.
std::string formatNumber(double value);

// A held-out result: "41 (solved 41/100)" for a suite, "5.5 (of 8 games)" for games.
std::string heldOutText(const tuning::HeldOutResult& result);

// ", 1204 evicted (cache at its bound of 256 MiB)" once the score cache has evicted; "" before.
std::string cacheEvictionText(const tuning::ScoreCacheUse& cache);

}  // namespace mf::cli
