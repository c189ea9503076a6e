#pragma once
// What `tune` and `fight` share: their command-line options, turned into TuningSettings with the
// bundled defaults, and the stderr progress line.

#include <cstdint>
#include <boost/program_options.hpp>
#include <chrono>
#include <optional>
#include <stop_token>
#include <string>

#include "evolution/tuning/run/run_observer.h"
#include "evolution/tuning/settings/tuning_settings.h"
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

// Progress on stderr: generation, positions done/total and ETA. On a terminal the line is redrawn
// in place; elsewhere (a log file, a pipe) it is written as a full line once `logEvery` has passed
// since the last line of any kind, so a long pass (a UCI engine's fit, a polish pass) is never
// silent for longer.
inline constexpr std::chrono::milliseconds kProgressLogInterval{10'000};

class TuneProgress {
public:
    explicit TuneProgress(std::chrono::milliseconds logEvery = kProgressLogInterval);
    void show(const tuning::RunProgress& progress);
    // Any other progress line ("polish pass 2: positions 300/1000"), shown by the same rules.
    void showText(const std::string& line);
    void clear();  // before writing a full line

private:
    using Clock = std::chrono::steady_clock;
    bool terminal_;
    bool drawn_ = false;
    std::chrono::milliseconds logEvery_;
    Clock::time_point lastLine_;
};

// "positions 300/1000 (30%)": the units of a pass, for progress lines.
std::string unitsText(tuning::WorkUnit unit, std::size_t done, std::size_t total);

// --progress-every SECONDS: how often progress lines go to a log (stderr not a terminal).
void addProgressOption(boost::program_options::options_description& options);
std::chrono::milliseconds progressEveryOption(const boost::program_options::variables_map& values);

}  // namespace mf::cli
