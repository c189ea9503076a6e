#pragma once
// What `tune` and `fight` share: their command-line options, turned into TuningSettings with the
// bundled defaults, and the stderr progress line.

#include <boost/program_options.hpp>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/tuning/run_observer.h"
#include "evolution/tuning/tuning_settings.h"
#include "evolution/uci/engine_config.h"

namespace mf::cli {

enum class TuneCommand { Tune, Fight };

// --suite --engine --genome --population --generations --selection --pk --pm --elite --max --qlin
// --qnolin --k --movetime|--depth|--nodes --prize --option --engine-arg --workers --cache-mb --seed --out
// --heldout --heldout-every --override-limit-check --search-timeout (and for tune: --resume).
void addTuneOptions(boost::program_options::options_description& options, TuneCommand command);

// Settings for a new run from the options and the bundled defaults. Throws std::invalid_argument
// with a message naming the option.
// With `genome` the genome is that one (an imported 2006 population), not --genome's or the preset.
tuning::TuningSettings settingsFromOptions(const boost::program_options::variables_map& values,
                                           const ga::Genome* genome = nullptr);

// --cache-mb in bytes (the default bound without it). Throws std::invalid_argument when out of range.
std::size_t scoreCacheBytesOption(const boost::program_options::variables_map& values);

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

// Progress on stderr: generation, positions done/total and ETA, redrawn on a terminal.
class TuneProgress {
public:
    TuneProgress();
    void show(const tuning::RunProgress& progress);
    void clear();  // before writing a full line

private:
    bool terminal_;
    bool drawn_ = false;
};

}  // namespace mf::cli
